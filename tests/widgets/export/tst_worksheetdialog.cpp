// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Make Worksheets…: the dialog's options reach the generator, the preview is the first
// student's sheet and follows the options, refused options disable writing with a message, and
// it writes the same files as the command line's writer. Sheets default to the interface's
// language.

#include "export/worksheetdialog.h"
#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"
#include "window/mainwindowfileactions.h"
#include "worksheet/worksheetanswers.h"
#include "worksheet/worksheetsheet.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

/// Tests the worksheet dialog.
class TestWorksheetDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void optionsRoundTrip_data();
    void optionsRoundTrip();
    void previewFollowsTheOptions();
    void refusedOptionsDisableWriting();
    void writesTheSameFilesAsTheWriter();
    void unwritableFolderIsShown();
    void fileMenuOpensIt();
    void defaultsToTheInterfaceLanguage_data();
    void defaultsToTheInterfaceLanguage();

private:
    QTemporaryDir m_dir;
};

void TestWorksheetDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_worksheetdialog"));
}

void TestWorksheetDialog::defaultsToTheInterfaceLanguage_data()
{
    QTest::addColumn<QString>("interface");
    QTest::addColumn<int>("sheets");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << int(WorksheetLanguage::Chinese);
    QTest::newRow("English") << QStringLiteral("en") << int(WorksheetLanguage::English);
}

void TestWorksheetDialog::defaultsToTheInterfaceLanguage()
{
    QFETCH(QString, interface);
    QFETCH(int, sheets);
    QVERIFY(LanguageManager::apply(interface));
    WorksheetDialog dialog;
    QCOMPARE(int(dialog.config().language), sheets);
    auto *language = dialog.findChild<QComboBox *>(QStringLiteral("language"));
    QCOMPARE(language->currentData().toString(),
        sheets == int(WorksheetLanguage::Chinese) ? QStringLiteral("zh") : QStringLiteral("en"));
    LanguageManager::apply(QStringLiteral("en"));
}

void TestWorksheetDialog::optionsRoundTrip_data()
{
    QTest::addColumn<int>("students");
    QTest::addColumn<int>("seed");
    QTest::addColumn<bool>("chinese");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("wiring");
    QTest::addColumn<bool>("causal");
    QTest::newRow("defaults") << 30 << 0 << false << 3 << 2 << 1 << int(WorksheetWiring::Cross)
                              << false;
    QTest::newRow("zh decoder causal")
        << 7 << 12 << true << 4 << 4 << 2 << int(WorksheetWiring::Decoder) << true;
    QTest::newRow("self") << 99 << 5 << false << 2 << 8 << 2 << int(WorksheetWiring::Self) << false;
    QTest::newRow("reverse") << 1 << 3 << true << 3 << 3 << 1 << int(WorksheetWiring::Reverse)
                             << true;
}

void TestWorksheetDialog::optionsRoundTrip()
{
    QFETCH(int, students);
    QFETCH(int, seed);
    QFETCH(bool, chinese);
    QFETCH(int, tokens);
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(int, wiring);
    QFETCH(bool, causal);
    WorksheetConfig c;
    c.students = students;
    c.seed = static_cast<std::uint64_t>(seed);
    c.language = chinese ? WorksheetLanguage::Chinese : WorksheetLanguage::English;
    c.tokens = tokens;
    c.dModel = dModel;
    c.heads = heads;
    c.wiring = static_cast<WorksheetWiring>(wiring);
    c.causal = causal;
    WorksheetDialog dialog;
    dialog.setConfig(c);
    const WorksheetConfig back = dialog.config();
    QCOMPARE(back.students, students);
    QCOMPARE(back.seed, static_cast<std::uint64_t>(seed));
    QCOMPARE(back.language, c.language);
    QCOMPARE(back.tokens, tokens);
    QCOMPARE(back.dModel, dModel);
    QCOMPARE(back.heads, heads);
    QCOMPARE(back.wiring, c.wiring);
    QCOMPARE(back.causal, causal);
    QVERIFY(!dialog.preview().isNull());
    QVERIFY(dialog.problem().isEmpty());
}

void TestWorksheetDialog::previewFollowsTheOptions()
{
    WorksheetDialog dialog;
    const QImage first = dialog.preview();
    QVERIFY(!first.isNull());
    // The preview is the page of the core's first sheet: the same options give the same image.
    WorksheetDialog again;
    QCOMPARE(again.preview(), first);
    dialog.findChild<QSpinBox *>(QStringLiteral("seed"))->setValue(1);
    QVERIFY(dialog.preview() != first);
    auto *language = dialog.findChild<QComboBox *>(QStringLiteral("language"));
    const QImage english = dialog.preview();
    language->setCurrentIndex(language->findData(QStringLiteral("zh")));
    QVERIFY(dialog.preview() != english);
}

void TestWorksheetDialog::refusedOptionsDisableWriting()
{
    WorksheetDialog dialog;
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled());
    dialog.findChild<QSpinBox *>(QStringLiteral("dModel"))->setValue(3);
    auto *heads = dialog.findChild<QComboBox *>(QStringLiteral("heads"));
    heads->setCurrentIndex(heads->findData(2));
    QVERIFY(!ok->isEnabled());
    QVERIFY2(dialog.problem().contains(QLatin1String("d_model 3")), qPrintable(dialog.problem()));
    QVERIFY(dialog.preview().isNull());
    QVERIFY(!dialog.writeWorksheets());
    heads->setCurrentIndex(heads->findData(1));
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.problem().isEmpty());
}

void TestWorksheetDialog::writesTheSameFilesAsTheWriter()
{
    WorksheetConfig c;
    c.students = 3;
    c.seed = 4;
    c.language = WorksheetLanguage::Chinese;
    WorksheetDialog dialog;
    dialog.setConfig(c);
    dialog.setFormat(WorksheetFormat::Latex);
    const QString dir = m_dir.filePath(QStringLiteral("class"));
    dialog.setFolder(dir);
    int students = 0, count = 0;
    connect(&dialog, &WorksheetDialog::written, this, [&](const QString &, int s, int n) {
        students = s;
        count = n;
    });
    QVERIFY(dialog.writeWorksheets());
    QCOMPARE(students, 3);
    QCOMPARE(count, 3 * 3 + 3);
    const std::vector<StudentWorksheet> sheets = makeWorksheets(c);
    QCOMPARE(readAll(dir + QStringLiteral("/student-02.tex")),
        worksheetToLatex(worksheetSheet(sheets[1], c.language), c.language).toUtf8());
    QCOMPARE(readAll(dir + QStringLiteral("/student-03.answers.md")),
        worksheetToMarkdown(worksheetAnswers(sheets[2], c.language)).toUtf8());
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/answers.json")));
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/answers.tex")));
}

void TestWorksheetDialog::unwritableFolderIsShown()
{
    const QString file = m_dir.filePath(QStringLiteral("a-file"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    WorksheetDialog dialog;
    dialog.setFolder(file + QStringLiteral("/below"));
    QVERIFY(!dialog.writeWorksheets());
    QVERIFY2(dialog.problem().contains(QLatin1String("a-file")), qPrintable(dialog.problem()));
}

void TestWorksheetDialog::fileMenuOpensIt()
{
    MainWindow window;
    auto *action = window.fileMenu()->findChild<QAction *>(QStringLiteral("worksheetAction"));
    QVERIFY(action);
    auto *actions = window.findChild<MainWindowFileActions *>();
    QVERIFY(actions);
    WorksheetDialog *dialog = actions->openWorksheetDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(!dialog->preview().isNull());
    dialog->reject();
}

QTEST_MAIN(TestWorksheetDialog)
#include "tst_worksheetdialog.moc"
