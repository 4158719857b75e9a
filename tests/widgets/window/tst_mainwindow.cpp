// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: what it opens on, the status line, menus, examples, undo and redo through
// the Edit menu, files, presentation mode and remembered settings.

#include "document/document.h"
#include "document/examplecatalog.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/sequencepanel.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QAction>
#include <QCheckBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

QString referenceSession(const QString &name)
{
    return QStringLiteral(AE_SHARED_DIR "/reference/cases/%1.session.json").arg(name);
}

QAction *menuAction(QMenu *menu, const QString &objectName)
{
    for (QAction *action : menu->actions()) {
        if (action->objectName() == objectName)
            return action;
    }
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void opensOnTheTranslationExampleWithNumbers();
    void statusLineShowsShapes_data();
    void statusLineShowsShapes();
    void menusAreInPlace();
    void copyAsMenuAppearsOnceFilled();
    void examplesMenuOpensEachExample_data();
    void examplesMenuOpensEachExample();
    void exampleOverUnsavedWorkIsUndoable();
    void titleNamesTheExampleNotItsSettings();
    void undoAndRedoThroughTheEditMenu();
    void undoShortcutsWorkInsideFields_data();
    void undoShortcutsWorkInsideFields();
    void modifiedMarkerInTheTitle();
    void openFileLoadsASession();
    void openFileFailureKeepsTheSession_data();
    void openFileFailureKeepsTheSession();
    void presentationModeAndBack();
    void windowFitsASmallScreen_data();
    void windowFitsASmallScreen();
    void colorMapAndLayoutAreRemembered();
    void languageSwitchesAtOnceAndIsStored();
    void invalidStateShowsTheBarAndDimsNothingAway();

private:
    MainWindow *m_window = nullptr;
    QTemporaryDir m_dir;
    Eigen::MatrixXd m_referenceMean;
};

void TestMainWindow::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_mainwindow"));
    QVERIFY(m_dir.isValid());
    m_referenceMean
        = T::referenceMatrix(QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
}

void TestMainWindow::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestMainWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestMainWindow::opensOnTheTranslationExampleWithNumbers()
{
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Attention Explorer")));
    Document *doc = m_window->document();
    QVERIFY(!doc->error());
    QVERIFY(test::maxAbsDifference(doc->result().meanWeights, m_referenceMean) < 1e-12);
    const HeatmapData &large = m_window->heatmapPanel()->largePlot()->data();
    QVERIFY(test::maxAbsDifference(large.values, m_referenceMean) < 1e-12);
    QCOMPARE(large.rowLabels, QStringList({ QStringLiteral("i"), QStringLiteral("love") }));
    QCOMPARE(large.columnLabels,
        QStringList({ QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
            QStringLiteral("学习") }));
    QVERIFY(!m_window->errorBar()->isVisible());
    QCOMPARE(m_window->sequencePanel(true)->tokenEdit()->text(), QStringLiteral("我 爱 深度 学习"));
    QCOMPARE(m_window->sequencePanel(false)->tokenEdit()->text(), QStringLiteral("i love"));
}

void TestMainWindow::statusLineShowsShapes_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("selfAttention");
    QTest::addColumn<QString>("expected");
    QTest::newRow("the example") << 2 << false
                                 << QStringLiteral("Q 2×4 · K/V 4×4 · d_model 4 · 2 heads · d_k 2");
    QTest::newRow("one head, decoder self-attention")
        << 1 << true << QStringLiteral("Q 2×4 · K/V 2×4 · d_model 4 · 1 head · d_k 4");
    QTest::newRow("heads not dividing")
        << 3 << false << QStringLiteral("Q 2×4 · K/V 4×4 · d_model 4 · 3 heads · d_k —");
}

void TestMainWindow::statusLineShowsShapes()
{
    QFETCH(int, heads);
    QFETCH(bool, selfAttention);
    QFETCH(QString, expected);
    AttentionPanel *panel = m_window->attentionPanel();
    T::typeIntoSpinBox(panel->headsSpin(), heads);
    if (selfAttention)
        QVERIFY(T::chooseComboData(panel->keyValueCombo(), static_cast<int>(SequenceRole::Target)));
    auto *label = m_window->statusBar()->findChild<QLabel *>(QStringLiteral("shapeLabel"));
    QVERIFY(label);
    QCOMPARE(label->text(), expected);
    QCOMPARE(m_window->shapeSummary(), expected);
}

void TestMainWindow::menusAreInPlace()
{
    auto *file = m_window->findChild<QMenu *>(QStringLiteral("fileMenu"));
    QVERIFY(file);
    QCOMPARE(file, m_window->fileMenu());
    QVERIFY(menuAction(file, QStringLiteral("quitAction")));
    auto *examples = m_window->findChild<QMenu *>(QStringLiteral("examplesMenu"));
    QVERIFY(examples);
    QCOMPARE(examples->actions().size(), ExampleCatalog::entries().size());
    QVERIFY(examples->actions().size() >= 5);
    auto *edit = m_window->findChild<QMenu *>(QStringLiteral("editMenu"));
    QAction *undo = menuAction(edit, QStringLiteral("undoAction"));
    QAction *redo = menuAction(edit, QStringLiteral("redoAction"));
    QVERIFY(undo && redo);
    QCOMPARE(undo->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Z));
    QCOMPARE(redo->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    auto *view = m_window->findChild<QMenu *>(QStringLiteral("viewMenu"));
    QAction *presentation = menuAction(view, QStringLiteral("presentationAction"));
    QVERIFY(presentation);
    QCOMPARE(presentation->shortcut(), QKeySequence(Qt::Key_F11));
    auto *colors = m_window->findChild<QMenu *>(QStringLiteral("colorMapMenu"));
    QCOMPARE(colors->actions().size(), ColorMap::all().size());
    auto *languages = m_window->findChild<QMenu *>(QStringLiteral("languageMenu"));
    QCOMPARE(languages->actions().size(), 3);
    QVERIFY(m_window->findChild<QMenu *>(QStringLiteral("helpMenu")));
}

void TestMainWindow::copyAsMenuAppearsOnceFilled()
{
    QMenu *copyAs = m_window->copyAsMenu();
    QCOMPARE(copyAs->objectName(), QStringLiteral("copyAsMenu"));
    // Whatever fills it, it is shown exactly while it has actions.
    const QList<QAction *> filled = copyAs->actions();
    QTRY_COMPARE(copyAs->menuAction()->isVisible(), !filled.isEmpty());
    for (QAction *action : filled)
        copyAs->removeAction(action);
    QTRY_VERIFY(!copyAs->menuAction()->isVisible());
    QAction *svg = copyAs->addAction(QStringLiteral("SVG"));
    QTRY_VERIFY(copyAs->menuAction()->isVisible());
    copyAs->removeAction(svg);
    QTRY_VERIFY(!copyAs->menuAction()->isVisible());
    copyAs->addActions(filled);
}

void TestMainWindow::examplesMenuOpensEachExample_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("referenceCase");
    QTest::newRow("cross-attention, 2 heads")
        << QStringLiteral(":/examples/cross-attention-2heads.json")
        << QStringLiteral("seed-cross-2heads");
    QTest::newRow("standard cross-attention") << QStringLiteral(":/examples/standard-cross.json")
                                              << QStringLiteral("seed-standard-cross");
    QTest::newRow("reverse cross-attention")
        << QStringLiteral(":/examples/reverse-cross.json") << QStringLiteral("seed-reverse-cross");
    QTest::newRow("causal decoder")
        << QStringLiteral(":/examples/decoder-causal.json") << QString();
    QTest::newRow("long pair") << QStringLiteral(":/examples/long-sentence-pair.json") << QString();
    QTest::newRow("trained translation")
        << QStringLiteral(":/examples/trained-translate.json") << QString();
    QTest::newRow("trained reverse")
        << QStringLiteral(":/examples/trained-reverse.json") << QString();
    for (const char *kind : { "encoder-self", "decoder-self", "cross" })
        QTest::addRow("trained transformer, %s", kind)
            << QStringLiteral(":/examples/trained-transformer-%1.json").arg(QLatin1String(kind))
            << QString();
}

void TestMainWindow::examplesMenuOpensEachExample()
{
    QFETCH(QString, path);
    QFETCH(QString, referenceCase);
    auto *examples = m_window->findChild<QMenu *>(QStringLiteral("examplesMenu"));
    QAction *action = nullptr;
    for (QAction *a : examples->actions()) {
        if (a->data().toString() == path)
            action = a;
    }
    QVERIFY(action);
    QVERIFY(!action->text().isEmpty());
    // Start from something else so that opening is visible.
    m_window->document()->resetSession(
        ExampleCatalog::load(QStringLiteral(":/examples/standard-cross.json")).session, QString());
    action->trigger();
    Document *doc = m_window->document();
    const SessionLoadResult expected = ExampleCatalog::load(path);
    QVERIFY(expected.ok());
    QCOMPARE(doc->session().title, expected.session.title);
    QCOMPARE(doc->session().source.tokens, expected.session.source.tokens);
    QVERIFY(!doc->error());
    QVERIFY(!doc->isModified());
    QCOMPARE(doc->undoStack()->count(), 0);
    if (!referenceCase.isEmpty()) {
        QVERIFY(test::maxAbsDifference(doc->result().meanWeights,
                    T::referenceMatrix(referenceCase, QStringLiteral("mean_weights")))
            < 1e-12);
    }
    QCOMPARE(m_window->heatmapPanel()->largePlot()->data().rowLabels,
        doc->session().querySequence().tokens);
    if (doc->session().attention.config.causal) {
        const Eigen::MatrixXd &w = doc->result().meanWeights;
        for (int i = 0; i < w.rows(); ++i) {
            for (int j = i + 1; j < w.cols(); ++j)
                QCOMPARE(w(i, j), 0.0);
        }
    }
}

void TestMainWindow::exampleOverUnsavedWorkIsUndoable()
{
    Document *doc = m_window->document();
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 4);
    QVERIFY(doc->isModified());
    QVERIFY(m_window->openExample(QStringLiteral(":/examples/reverse-cross.json")));
    QCOMPARE(
        doc->session().source.tokens, QStringList({ QStringLiteral("我"), QStringLiteral("爱") }));
    QVERIFY(m_window->noteBar()->isVisible());
    QVERIFY(m_window->noteBar()->text().contains(QStringLiteral("Undo")));
    doc->undoStack()->undo();
    QCOMPARE(doc->session().attention.config.heads, 4);
    QCOMPARE(doc->session().source.length(), 4);
}

void TestMainWindow::titleNamesTheExampleNotItsSettings()
{
    // The example's file calls it "…: cross-attention, 2 heads"; the title must not keep a
    // head count the user can change.
    Document *doc = m_window->document();
    QCOMPARE(
        m_window->windowTitle(), QStringLiteral("我爱深度学习 → i love[*] — Attention Explorer"));
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 1);
    QCOMPARE(doc->session().attention.config.heads, 1);
    QVERIFY2(!m_window->windowTitle().contains(QLatin1String("head")),
        qPrintable(m_window->windowTitle()));
    // The note about the opened example goes with the next edit: "one Undo away" is no longer
    // true then.
    QVERIFY(m_window->openExample(QStringLiteral(":/examples/decoder-causal.json")));
    QVERIFY(m_window->noteBar()->isVisible());
    QCOMPARE(m_window->windowTitle(),
        QStringLiteral("<s> i love deep learning[*] — Attention Explorer"));
    T::toggleCheckBox(m_window->attentionPanel()->causalCheck());
    QVERIFY(!m_window->noteBar()->isVisible());
    // A title of the user's own is shown as it is.
    doc->setTitle(QStringLiteral("My class, 3 heads"));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("My class, 3 heads[*] — Attention Explorer"));
}

void TestMainWindow::undoAndRedoThroughTheEditMenu()
{
    auto *edit = m_window->findChild<QMenu *>(QStringLiteral("editMenu"));
    QAction *undo = menuAction(edit, QStringLiteral("undoAction"));
    QAction *redo = menuAction(edit, QStringLiteral("redoAction"));
    QVERIFY(!undo->isEnabled());
    SequencePanel *target = m_window->sequencePanel(false);
    QLineEdit *line = target->tokenEdit();
    line->setFocus();
    line->end(false);
    QTest::keyClicks(line, QStringLiteral(" deep"));
    T::toggleCheckBox(m_window->attentionPanel()->causalCheck());
    const HeatmapData *large = &m_window->heatmapPanel()->largePlot()->data();
    QCOMPARE(large->rowLabels.size(), 3);
    Eigen::MatrixXd y = Eigen::MatrixXd::Zero(3, 4);
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    y.topRows(2) = x.topRows(2);
    QVERIFY(test::maxAbsDifference(large->values, T::meanWeights(y, x, 2, true)) < 1e-12);
    QVERIFY(undo->isEnabled());
    QVERIFY(undo->text().contains(QStringLiteral("causal")));
    undo->trigger();
    QVERIFY(test::maxAbsDifference(m_window->heatmapPanel()->largePlot()->data().values,
                T::meanWeights(y, x, 2, false))
        < 1e-12);
    undo->trigger();
    QVERIFY(test::maxAbsDifference(
                m_window->heatmapPanel()->largePlot()->data().values, m_referenceMean)
        < 1e-12);
    QCOMPARE(line->text(), QStringLiteral("i love"));
    QVERIFY(!undo->isEnabled());
    redo->trigger();
    redo->trigger();
    QVERIFY(test::maxAbsDifference(
                m_window->heatmapPanel()->largePlot()->data().values, T::meanWeights(y, x, 2, true))
        < 1e-12);
    QVERIFY(m_window->attentionPanel()->causalCheck()->isChecked());
}

void TestMainWindow::undoShortcutsWorkInsideFields_data()
{
    QTest::addColumn<bool>("tokenLine");
    QTest::newRow("heads spin box") << false;
    QTest::newRow("token line") << true;
}

void TestMainWindow::undoShortcutsWorkInsideFields()
{
    QFETCH(bool, tokenLine);
    Document *doc = m_window->document();
    QWidget *field = nullptr;
    if (tokenLine) {
        QLineEdit *line = m_window->sequencePanel(false)->tokenEdit();
        line->setFocus();
        line->end(false);
        QTest::keyClicks(line, QStringLiteral(" deep"));
        QCOMPARE(doc->session().target.length(), 3);
        field = line;
    } else {
        T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 4);
        QCOMPARE(doc->session().attention.config.heads, 4);
        field = m_window->attentionPanel()->headsSpin();
    }
    // Ctrl+Z in the field undoes the document edit, not just the field's text.
    QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), 0);
    QVERIFY(test::maxAbsDifference(
                m_window->heatmapPanel()->largePlot()->data().values, m_referenceMean)
        < 1e-12);
    if (tokenLine)
        QCOMPARE(m_window->sequencePanel(false)->tokenEdit()->text(), QStringLiteral("i love"));
    else
        QCOMPARE(m_window->attentionPanel()->headsSpin()->value(), 2);
    QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(doc->undoStack()->index(), 1);
}

void TestMainWindow::modifiedMarkerInTheTitle()
{
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("[*]")));
    QVERIFY(!m_window->isWindowModified());
    T::toggleCheckBox(m_window->attentionPanel()->causalCheck());
    QVERIFY(m_window->isWindowModified());
    m_window->document()->undoStack()->undo();
    QVERIFY(!m_window->isWindowModified());
}

void TestMainWindow::openFileLoadsASession()
{
    const QString file = referenceSession(QStringLiteral("combo-source-target"));
    QVERIFY(m_window->openFile(file));
    Document *doc = m_window->document();
    // The window keeps the absolute, cleaned path of what it opened.
    QCOMPARE(doc->fileName(), QFileInfo(file).absoluteFilePath());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("combo-source-target.session.json")));
    QVERIFY(test::maxAbsDifference(doc->result().meanWeights,
                T::referenceMatrix(
                    QStringLiteral("combo-source-target"), QStringLiteral("mean_weights")))
        < 1e-12);
    QVERIFY(!doc->isModified());
}

void TestMainWindow::openFileFailureKeepsTheSession_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("missing file") << QByteArray() << QStringLiteral("missing.json");
    QTest::newRow("not JSON") << QByteArray("{ nope") << QStringLiteral("broken.json");
    QTest::newRow("heads not dividing")
        << QByteArray(R"({"format":"attention-explorer-session","version":1,
                "source":{"tokens":["a"],"embeddings":[[1,2]]},
                "target":{"tokens":["b"],"embeddings":[[1,2]]},
                "attention":{"query_from":"target","key_value_from":"source","d_model":2,
                "heads":3,"scale":"sqrt_dk","causal":false,"projections":{"mode":"identity"}}})")
        << QStringLiteral("attention.heads");
}

void TestMainWindow::openFileFailureKeepsTheSession()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, mentions);
    QString path;
    if (content.isEmpty()) {
        path = m_dir.filePath(QStringLiteral("missing.json"));
    } else {
        path = m_dir.filePath(QStringLiteral("broken.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(content);
    }
    T::toggleCheckBox(m_window->attentionPanel()->causalCheck());
    QVERIFY(!m_window->openFile(path));
    Document *doc = m_window->document();
    QVERIFY(doc->session().attention.config.causal);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->fileName().isEmpty());
    MessageBar *note = m_window->noteBar();
    QVERIFY(note->isVisible());
    QCOMPARE(note->kind(), MessageBar::Kind::Error);
    QVERIFY2(note->text().contains(mentions), qPrintable(note->text()));
    QVERIFY(note->text().contains(QStringLiteral("unchanged")));
}

void TestMainWindow::presentationModeAndBack()
{
    auto *view = m_window->findChild<QMenu *>(QStringLiteral("viewMenu"));
    QAction *presentation = menuAction(view, QStringLiteral("presentationAction"));
    QVERIFY(m_window->sequencePanel(true)->isVisible());
    presentation->trigger();
    QVERIFY(m_window->isPresentationMode());
    QVERIFY(m_window->heatmapPanel()->isPresentationMode());
    QVERIFY(!m_window->sequencePanel(true)->isVisible());
    QVERIFY(!m_window->sequencePanel(false)->isVisible());
    // The settings wait behind the toggle above the heatmap.
    QVERIFY(!m_window->attentionPanel()->isVisible());
    QVERIFY(m_window->isFullScreen());
    // Esc leaves, and everything comes back.
    QTest::keyClick(m_window, Qt::Key_Escape);
    QVERIFY(!m_window->isPresentationMode());
    QVERIFY(!m_window->heatmapPanel()->isPresentationMode());
    QVERIFY(!presentation->isChecked());
    QVERIFY(m_window->sequencePanel(true)->isVisible());
    QVERIFY(m_window->attentionPanel()->isVisible());
    QVERIFY(!m_window->isFullScreen());
}

void TestMainWindow::windowFitsASmallScreen_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("presentation");
    for (const ExampleCatalog::Entry &entry : ExampleCatalog::entries()) {
        const QByteArray name = entry.path.section(QLatin1Char('/'), -1).toUtf8();
        QTest::newRow(("everyday, " + name).constData()) << entry.path << false;
        QTest::newRow(("presentation, " + name).constData()) << entry.path << true;
    }
}

void TestMainWindow::windowFitsASmallScreen()
{
    // A classroom projector at 1024×768: the window must not need more than the screen, or
    // its right side or bottom would be cut off.
    QFETCH(QString, example);
    QFETCH(bool, presentation);
    QVERIFY(m_window->openExample(example));
    m_window->setPresentationMode(presentation);
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    const QSize needed = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
    QVERIFY2(needed.width() <= 1024 && needed.height() <= 768,
        qPrintable(QStringLiteral("needs %1×%2").arg(needed.width()).arg(needed.height())));
    // The attention controls span the full width: once arranged for the window's width, what
    // their groups need (not only the dock's hint, which may give way) fits the screen.
    AttentionPanel *controls = m_window->attentionPanel();
    if (presentation)
        QTRY_VERIFY(!controls->groupsSideBySide());
    const int controlsWidth = controls->widget()->layout()->minimumSize().width();
    QVERIFY2(controlsWidth <= 1024,
        qPrintable(QStringLiteral("controls need %1 px").arg(controlsWidth)));
    m_window->setPresentationMode(false);
}

void TestMainWindow::colorMapAndLayoutAreRemembered()
{
    auto *colors = m_window->findChild<QMenu *>(QStringLiteral("colorMapMenu"));
    QAction *viridis = nullptr;
    for (QAction *a : colors->actions()) {
        if (a->data().toString() == ColorMap::key(ColorMapKind::Viridis))
            viridis = a;
    }
    QVERIFY(viridis);
    viridis->trigger();
    QCOMPARE(m_window->heatmapPanel()->colorMap(), ColorMapKind::Viridis);
    m_window->scalingDock()->hide();
    QVERIFY(m_window->close());
    QCOMPARE(QSettings().value(QStringLiteral("ui/colorMap")).toString(),
        ColorMap::key(ColorMapKind::Viridis));
    delete m_window;
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QCOMPARE(m_window->heatmapPanel()->colorMap(), ColorMapKind::Viridis);
    QVERIFY(!m_window->scalingDock()->isVisible());
    QVERIFY(m_window->sequencePanel(true)->isVisible());
    for (QAction *a : m_window->findChild<QMenu *>(QStringLiteral("colorMapMenu"))->actions())
        QCOMPARE(a->isChecked(), a->data().toString() == ColorMap::key(ColorMapKind::Viridis));
}

void TestMainWindow::languageSwitchesAtOnceAndIsStored()
{
    auto *languages = m_window->findChild<QMenu *>(QStringLiteral("languageMenu"));
    QAction *chinese = nullptr;
    QAction *english = nullptr;
    for (QAction *a : languages->actions()) {
        if (a->data().toString() == QLatin1String("zh_CN"))
            chinese = a;
        if (a->data().toString() == QLatin1String("en"))
            english = a;
        if (a->data().toString() == QLatin1String("system"))
            QVERIFY(a->isChecked());
    }
    QVERIFY(chinese && english);
    chinese->trigger();
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    // No restart: the open window speaks Chinese at once.
    QCOMPARE(m_window->fileMenu()->title(), QStringLiteral("文件(&F)"));
    QVERIFY(chinese->isChecked());
    english->trigger();
    QCOMPARE(m_window->fileMenu()->title(), QStringLiteral("&File"));
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("en"));
}

void TestMainWindow::invalidStateShowsTheBarAndDimsNothingAway()
{
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 3);
    MessageBar *bar = m_window->errorBar();
    QVERIFY(bar->isVisible());
    QVERIFY2(
        bar->text().contains(QStringLiteral("Heads (attention.heads)")), qPrintable(bar->text()));
    QVERIFY(bar->text().contains(QStringLiteral("Choose 1, 2 or 4 heads")));
    // The last valid picture stays on show, dimmed.
    QVERIFY(test::maxAbsDifference(
                m_window->heatmapPanel()->largePlot()->data().values, m_referenceMean)
        < 1e-12);
    QVERIFY(m_window->heatmapPanel()->largePlot()->isDimmed());
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 2);
    QVERIFY(!bar->isVisible());
    QVERIFY(!m_window->heatmapPanel()->largePlot()->isDimmed());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
