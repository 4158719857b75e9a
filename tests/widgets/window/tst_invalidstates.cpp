// SPDX-License-Identifier: GPL-3.0-or-later
// Every invalid input, entered through the window as a user would: an inline message names the
// field and says what to do; nothing modal; the last valid picture stays; the session file on
// disk is untouched; undo (or a good value) brings everything back.

#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "session/attentionpanel.h"
#include "session/embeddingtableview.h"
#include "session/sequencepanel.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCryptographicHash>
#include <QFile>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The invalid inputs of the suite.
enum class Input {
    HeadsNotDividing,
    EmptySource,
    EmptyTarget,
    IdentityWidthMismatch,
    ModelDimWithIdentity,
    ZeroDivisor,
    DivisorNotANumber,
    CellNotANumber,
    HugeCellNumber,
    PasteNotNumbers,
    OneHotTooNarrow,
    TooManyTokens,
    TokenTooLong,
    FileNotASession
};

/// Where the message shows.
enum class Where { WindowBar, SourcePanel, TargetPanel, AttentionPanel, NoteBar };

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

void replaceLine(QLineEdit *line, const QString &text)
{
    line->setFocus();
    line->selectAll();
    if (text.isEmpty())
        QTest::keyClick(line, Qt::Key_Backspace);
    else
        QTest::keyClicks(line, text);
}

} // namespace

Q_DECLARE_METATYPE(Input)
Q_DECLARE_METATYPE(Where)

class TestInvalidStates : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void showsMessageAndKeepsState_data();
    void showsMessageAndKeepsState();

private:
    /// Valid steps some inputs need first (choosing a custom scale, one-hot vectors).
    void prepare(Input input);
    /// The invalid input itself, in one user action.
    void enter(Input input);
    MessageBar *barAt(Where where) const;

    QTemporaryDir m_dir;
    QString m_sessionPath;
    QByteArray m_sessionHash;
    MainWindow *m_window = nullptr;
    Eigen::MatrixXd m_referenceMean;
};

void TestInvalidStates::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_invalidstates"));
    QVERIFY(m_dir.isValid());
    m_sessionPath = m_dir.filePath(QStringLiteral("lesson.json"));
    QVERIFY(
        QFile::copy(QStringLiteral(AE_SHARED_DIR "/reference/cases/seed-cross-2heads.session.json"),
            m_sessionPath));
    m_sessionHash = fileHash(m_sessionPath);
    QVERIFY(!m_sessionHash.isEmpty());
    m_referenceMean
        = T::referenceMatrix(QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
}

void TestInvalidStates::init()
{
    m_window = new MainWindow;
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(m_window->openFile(m_sessionPath));
    QVERIFY(!m_window->document()->error());
}

void TestInvalidStates::cleanup()
{
    // Leave without saving: the file must be as it was.
    m_window->setCloseGuard({});
    delete m_window;
    m_window = nullptr;
    QCOMPARE(fileHash(m_sessionPath), m_sessionHash);
}

void TestInvalidStates::showsMessageAndKeepsState_data()
{
    QTest::addColumn<Input>("input");
    QTest::addColumn<Where>("where");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<bool>("undoable");

    QTest::newRow("heads not dividing d_model")
        << Input::HeadsNotDividing << Where::WindowBar
        << QStringLiteral("Heads (attention.heads): 3 does not divide d_model 4") << true;
    QTest::newRow("empty source sequence")
        << Input::EmptySource << Where::WindowBar
        << QStringLiteral("Source X tokens (source.tokens): the sequence is empty") << true;
    QTest::newRow("empty target sequence")
        << Input::EmptyTarget << Where::WindowBar
        << QStringLiteral("Target Y tokens (target.tokens): the sequence is empty") << true;
    QTest::newRow("identity projections with a narrower target")
        << Input::IdentityWidthMismatch << Where::WindowBar
        << QStringLiteral("Projections (attention.projections): identity projections need "
                          "target.embeddings width 3")
        << true;
    QTest::newRow("identity projections with a wider d_model")
        << Input::ModelDimWithIdentity << Where::WindowBar
        << QStringLiteral("Projections (attention.projections)") << true;
    QTest::newRow("zero scale divisor")
        << Input::ZeroDivisor << Where::AttentionPanel
        << QStringLiteral("Scale divisor: 0 is outside the allowed range") << false;
    QTest::newRow("scale divisor that is not a number")
        << Input::DivisorNotANumber << Where::AttentionPanel
        << QStringLiteral("Scale divisor: “eight” is not a number") << false;
    QTest::newRow("cell that is not a number")
        << Input::CellNotANumber << Where::SourcePanel
        << QStringLiteral("token 1 “我”, dimension 2: “1.2.3” is not a number") << false;
    QTest::newRow("cell past the magnitude limit")
        << Input::HugeCellNumber << Where::SourcePanel
        << QStringLiteral("row 1, column 1 of the pasted text, 1e+13, is larger in magnitude "
                          "than the limit 1e+12")
        << false;
    QTest::newRow("pasted text that is not numbers")
        << Input::PasteNotNumbers << Where::TargetPanel
        << QStringLiteral("row 1, column 2 of the pasted text, “two”") << false;
    QTest::newRow("one-hot vocabulary wider than the vectors")
        << Input::OneHotTooNarrow << Where::WindowBar
        << QStringLiteral("Source X vectors (source.generator): one-hot vectors for 5 distinct "
                          "tokens")
        << true;
    QTest::newRow("more tokens than a sequence holds")
        << Input::TooManyTokens << Where::TargetPanel
        << QStringLiteral("This line has 600 tokens; a sequence holds at most 512") << false;
    QTest::newRow("token longer than the limit")
        << Input::TokenTooLong << Where::WindowBar
        << QStringLiteral("Target Y, token 3 (target.tokens[2]): 300 characters") << true;
    QTest::newRow("file that is not a session") << Input::FileNotASession << Where::NoteBar
                                                << QStringLiteral("not-a-session.json") << false;
}

void TestInvalidStates::showsMessageAndKeepsState()
{
    QFETCH(Input, input);
    QFETCH(Where, where);
    QFETCH(QString, mentions);
    QFETCH(bool, undoable);
    Document *doc = m_window->document();
    const QString fileName = doc->fileName();

    // The fields are typed into where a user sees them: a sequence dock behind the other
    // one's tab (a small screen) is out of use until its tab is brought forward.
    const bool inSource = input == Input::EmptySource || input == Input::CellNotANumber
        || input == Input::HugeCellNumber || input == Input::OneHotTooNarrow;
    const bool inTarget = input == Input::EmptyTarget || input == Input::IdentityWidthMismatch
        || input == Input::PasteNotNumbers || input == Input::TooManyTokens
        || input == Input::TokenTooLong;
    if (inSource || inTarget) {
        SequencePanel *panel = m_window->sequencePanel(inSource);
        panel->raise();
        QTRY_VERIFY(panel->widget()->isEnabled());
    }
    prepare(input);
    const Eigen::MatrixXd lastValid = doc->result().meanWeights;
    const int lastValidIndex = doc->undoStack()->index();
    enter(input);

    // The message is inline, visible, and names the field.
    MessageBar *bar = barAt(where);
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->kind(), MessageBar::Kind::Error);
    QVERIFY2(bar->text().contains(mentions), qPrintable(bar->text()));
    QVERIFY(!QApplication::activeModalWidget());

    // The last valid result is still the one on show, with its own labels.
    QVERIFY(doc->hasResult());
    QVERIFY(test::maxAbsDifference(doc->result().meanWeights, lastValid) < 1e-12);
    QVERIFY(test::maxAbsDifference(m_window->heatmapPanel()->largePlot()->data().values, lastValid)
        < 1e-12);
    QCOMPARE(doc->resultSession().source.tokens.size(), 4);
    QCOMPARE(doc->resultSession().target.tokens.size(), 2);
    QCOMPARE(doc->fileName(), fileName);
    QCOMPARE(fileHash(m_sessionPath), m_sessionHash);

    if (where == Where::WindowBar) {
        QVERIFY(doc->error());
        QVERIFY(doc->isResultStale());
        QVERIFY(m_window->heatmapPanel()->largePlot()->isDimmed());
        // The message also explains why the picture is dimmed.
        QVERIFY(bar->text().contains(QStringLiteral("last valid settings")));
    } else {
        QVERIFY(!doc->error());
    }
    if (undoable) {
        doc->undoStack()->undo();
        QVERIFY(!doc->error());
        QVERIFY(!m_window->errorBar()->isVisible());
        QVERIFY(!m_window->heatmapPanel()->largePlot()->isDimmed());
        QVERIFY(test::maxAbsDifference(doc->result().meanWeights, lastValid) < 1e-12);
        QCOMPARE(doc->undoStack()->index(), lastValidIndex);
    }
}

void TestInvalidStates::prepare(Input input)
{
    AttentionPanel *attention = m_window->attentionPanel();
    SequencePanel *source = m_window->sequencePanel(true);
    switch (input) {
    case Input::ZeroDivisor:
    case Input::DivisorNotANumber:
        QVERIFY(T::chooseComboData(attention->scaleCombo(), static_cast<int>(ScaleMode::Custom)));
        break;
    case Input::OneHotTooNarrow:
        QVERIFY(T::chooseComboData(source->recipeCombo(), static_cast<int>(EmbeddingMode::OneHot)));
        break;
    default:
        break;
    }
    m_window->document()->finishEditRun();
    QVERIFY(!m_window->document()->error());
}

void TestInvalidStates::enter(Input input)
{
    AttentionPanel *attention = m_window->attentionPanel();
    SequencePanel *source = m_window->sequencePanel(true);
    SequencePanel *target = m_window->sequencePanel(false);
    const auto pasteInto = [](QWidget *widget, const QString &text) {
        widget->setFocus();
        QApplication::clipboard()->setText(text);
        QTest::keySequence(widget, QKeySequence::Paste);
    };
    switch (input) {
    case Input::HeadsNotDividing:
        T::typeIntoSpinBox(attention->headsSpin(), 3);
        break;
    case Input::EmptySource:
        replaceLine(source->tokenEdit(), QString());
        break;
    case Input::EmptyTarget:
        replaceLine(target->tokenEdit(), QString());
        break;
    case Input::IdentityWidthMismatch:
        T::typeIntoSpinBox(target->widthSpin(), 3);
        break;
    case Input::ModelDimWithIdentity:
        T::typeIntoSpinBox(attention->modelDimSpin(), 6);
        break;
    case Input::ZeroDivisor:
        replaceLine(attention->divisorEdit(), QStringLiteral("0"));
        break;
    case Input::DivisorNotANumber:
        replaceLine(attention->divisorEdit(), QStringLiteral("eight"));
        break;
    case Input::CellNotANumber: {
        EmbeddingTableView *view = source->tableView();
        QVERIFY(T::typeIntoCell(view, view->model()->index(0, 1), QStringLiteral("1.2.3")));
        break;
    }
    case Input::HugeCellNumber: {
        EmbeddingTableView *view = source->tableView();
        view->setCurrentIndex(view->model()->index(1, 2));
        pasteInto(view, QStringLiteral("1e13"));
        break;
    }
    case Input::PasteNotNumbers: {
        EmbeddingTableView *view = target->tableView();
        view->setCurrentIndex(view->model()->index(0, 0));
        pasteInto(view, QStringLiteral("1\ttwo\n3\t4"));
        break;
    }
    case Input::OneHotTooNarrow:
        source->tokenEdit()->setFocus();
        source->tokenEdit()->end(false);
        T::typeText(source->tokenEdit(), QStringLiteral(" 。"));
        break;
    case Input::TooManyTokens: {
        QString text;
        for (int i = 0; i < 600; ++i)
            text += QStringLiteral("t%1 ").arg(i);
        target->tokenEdit()->selectAll();
        pasteInto(target->tokenEdit(), text);
        break;
    }
    case Input::TokenTooLong:
        target->tokenEdit()->end(false);
        pasteInto(target->tokenEdit(), QStringLiteral(" ") + QString(300, QLatin1Char('a')));
        break;
    case Input::FileNotASession: {
        const QString path = m_dir.filePath(QStringLiteral("not-a-session.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"format\": \"something-else\", \"version\": 1}");
        file.close();
        QVERIFY(!m_window->openFile(path));
        break;
    }
    }
}

MessageBar *TestInvalidStates::barAt(Where where) const
{
    switch (where) {
    case Where::WindowBar:
        return m_window->errorBar();
    case Where::SourcePanel:
        return m_window->sequencePanel(true)->messageBar();
    case Where::TargetPanel:
        return m_window->sequencePanel(false)->messageBar();
    case Where::AttentionPanel:
        return m_window->attentionPanel()->messageBar();
    case Where::NoteBar:
        return m_window->noteBar();
    }
    return nullptr;
}

QTEST_MAIN(TestInvalidStates)
#include "tst_invalidstates.moc"
