// SPDX-License-Identifier: GPL-3.0-or-later
// The file handling inside the real window: the File menu's entries above the examples, Copy
// As filled and shown, opening routed through the file controller (a refused file named in the
// note bar, the session untouched), closing with unsaved changes asks, Export… writes.

#include "document/document.h"
#include "export/exportdialog.h"
#include "export/exportsource.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"
#include "window/mainwindow.h"
#include "window/mainwindowfileactions.h"
#include "window/messagebar.h"
#include "window/sessionfilecontroller.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace ae;

namespace {

using T = ExportTestSupport;

QStringList actionNames(const QMenu *menu)
{
    QStringList names;
    for (const QAction *a : menu->actions())
        names << (a->menu()        ? a->menu()->objectName()
                : a->isSeparator() ? QStringLiteral("-")
                                   : a->objectName());
    return names;
}

} // namespace

class TestMainWindowFileActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fileMenuHasTheFileActions();
    void copyAsMenuIsFilledAndShown();
    void refusedFileIsNamedInTheNoteBar();
    void unknownFieldsAreNamedInTheNoteBar();
    void closingWithUnsavedChangesAsks();
    void exportActionWritesAFigure();
    void scalingPlotExportsAsOnScreen();

private:
    QTemporaryDir m_dir;
};

void TestMainWindowFileActions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_mainwindowfileactions"));
}

void TestMainWindowFileActions::fileMenuHasTheFileActions()
{
    MainWindow window;
    const QStringList names = actionNames(window.fileMenu());
    const QStringList expectedOrder { QStringLiteral("newAction"), QStringLiteral("openAction"),
        QStringLiteral("recentMenu"), QStringLiteral("saveAction"), QStringLiteral("saveAsAction"),
        QStringLiteral("revertAction"), QStringLiteral("importMenu"),
        QStringLiteral("exportAction"), QStringLiteral("examplesMenu"),
        QStringLiteral("quitAction") };
    int last = -1;
    for (const QString &name : expectedOrder) {
        const int at = names.indexOf(name);
        QVERIFY2(
            at > last, qPrintable(name + QStringLiteral(" in ") + names.join(QLatin1Char(' '))));
        last = at;
    }
    QCOMPARE(window.fileMenu()->findChild<QAction *>(QStringLiteral("saveAction"))->shortcut(),
        QKeySequence(QKeySequence::Save));
}

void TestMainWindowFileActions::copyAsMenuIsFilledAndShown()
{
    MainWindow window;
    QCOMPARE(window.copyAsMenu()->objectName(), QStringLiteral("copyAsMenu"));
    QCOMPARE(window.copyAsMenu()->actions().size(), 6);
    QTRY_VERIFY(window.copyAsMenu()->menuAction()->isVisible());
}

void TestMainWindowFileActions::refusedFileIsNamedInTheNoteBar()
{
    MainWindow window;
    const QByteArray before = T::readFile(QStringLiteral(":/examples/cross-attention-2heads.json"));
    QVERIFY(!before.isEmpty());
    const QString title = window.document()->session().title;
    const QString bad = m_dir.filePath(QStringLiteral("bad-heads.json"));
    QVERIFY(T::writeFile(
        bad, QByteArray(ae::test::specExampleJson()).replace("\"heads\": 2", "\"heads\": 3")));
    QVERIFY(!window.openFile(bad));
    QVERIFY(window.noteBar()->hasMessage());
    QVERIFY2(window.noteBar()->text().contains(QLatin1String("attention.heads")),
        qPrintable(window.noteBar()->text()));
    QCOMPARE(window.document()->session().title, title);

    const QString good = m_dir.filePath(QStringLiteral("good.json"));
    QVERIFY(T::writeFile(good, ae::test::specExampleJson()));
    QVERIFY(window.openFile(good));
    QCOMPARE(window.document()->fileName(), QFileInfo(good).absoluteFilePath());
    QVERIFY(!window.noteBar()->hasMessage());
    QVERIFY(window.windowTitle().contains(QLatin1String("good.json")));
}

void TestMainWindowFileActions::unknownFieldsAreNamedInTheNoteBar()
{
    MainWindow window;
    QJsonObject root = ae::test::specExampleObject();
    root = ae::test::withValue(root, QStringLiteral("attention.causual"), true);
    const QString typo = m_dir.filePath(QStringLiteral("typo.json"));
    QVERIFY(T::writeFile(typo, ae::test::toBytes(root)));
    QVERIFY(window.openFile(typo));
    QCOMPARE(window.document()->fileName(), QFileInfo(typo).absoluteFilePath());
    QVERIFY(window.noteBar()->hasMessage());
    QVERIFY2(window.noteBar()->text().contains(QStringLiteral(
                 "attention.causual: unknown field, kept but not used (did you mean “causal”?)")),
        qPrintable(window.noteBar()->text()));
    // Kept when saved, as before.
    QVERIFY(window.document()
                ->session()
                .original.value(QStringLiteral("attention"))
                .toObject()
                .contains(QStringLiteral("causual")));
}

void TestMainWindowFileActions::closingWithUnsavedChangesAsks()
{
    MainWindow window;
    window.show();
    window.document()->setCausal(!window.document()->session().attention.config.causal);
    QVERIFY(window.document()->isModified());
    QVERIFY(window.isWindowModified());
    bool asked = false;
    QTimer::singleShot(0, [&asked] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        }
    });
    QVERIFY(!window.close());
    QVERIFY(asked);
    QVERIFY(window.isVisible());
    QVERIFY(window.document()->isModified());

    QTimer::singleShot(0, [] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
            box->button(QMessageBox::Discard)->click();
    });
    QVERIFY(window.close());
}

void TestMainWindowFileActions::exportActionWritesAFigure()
{
    MainWindow window;
    QAction *exportAction = window.fileMenu()->findChild<QAction *>(QStringLiteral("exportAction"));
    QVERIFY(exportAction);
    exportAction->trigger();
    auto *dialog = window.findChild<ExportDialog *>();
    QVERIFY(dialog);
    const QString file = m_dir.filePath(QStringLiteral("from-window.svg"));
    dialog->setFileName(file);
    QVERIFY2(dialog->exportNow(), qPrintable(dialog->message()));
    const SvgSummary svg = SvgSummary::read(T::readFile(file));
    QVERIFY(svg.wellFormed);
    const Session &s = window.document()->session();
    QCOMPARE(svg.cellRects, s.querySequence().length() * s.keyValueSequence().length());
    QVERIFY(window.noteBar()->text().contains(QLatin1String("from-window.svg")));
}

void TestMainWindowFileActions::scalingPlotExportsAsOnScreen()
{
    MainWindow window;
    EntropyExperimentConfig config = window.document()->session().scaling;
    config.dims = { 4, 64 };
    config.queries = 128;
    window.document()->setScalingConfig(config);
    const ExportSource source = window.fileActions()->exportSource();
    QVERIFY(source.scalingAvailable);
    QCOMPARE(source.scalingConfig.dims, config.dims);
    QCOMPARE(source.currentDk, 2);
    ExportDialog *dialog = window.fileActions()->openExportDialog();
    QVERIFY(dialog);
    dialog->setWhat(ExportSource::What::Scaling);
    const QString file = m_dir.filePath(QStringLiteral("scaling-from-window.svg"));
    dialog->setFileName(file);
    dialog->exportNow(); // at once when the dock shows these curves, else after computing them
    QTRY_VERIFY(QFileInfo::exists(file));
    const SvgSummary svg = SvgSummary::read(T::readFile(file));
    QVERIFY(svg.wellFormed);
    QVERIFY(svg.texts.contains(QStringLiteral("64")));
    QCOMPARE(svg.images, 0);
}

QTEST_MAIN(TestMainWindowFileActions)
#include "tst_mainwindowfileactions.moc"
