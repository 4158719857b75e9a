// SPDX-License-Identifier: GPL-3.0-or-later
// File dialogs open where the user went last for their kind of file (File ▸ Export Handout…,
// Lesson ▸ Open Lesson…), never in the working folder the program started in, and a folder
// chosen for one kind leaves the others where they were.

#include "lesson/lessoncontroller.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace ae;

namespace {

/// Answers the next file dialog: notes the folder it opened in into @p opened, then chooses
/// @p choose (a file's path) or, when empty, cancels.
void answerFileDialog(QString *opened, const QString &choose)
{
    QTimer::singleShot(0, [opened, choose] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        *opened = QDir::cleanPath(dialog->directory().absolutePath());
        if (choose.isEmpty()) {
            dialog->reject();
            return;
        }
        dialog->selectFile(choose);
        QMetaObject::invokeMethod(dialog, "accept");
    });
}

} // namespace

/// Tests the folders the window's file dialogs open in.
class TestDialogFolders : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void exportDialogsRememberTheLastFolderPerKind();

private:
    QTemporaryDir m_dir;
};

void TestDialogFolders::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_dialogfolders"));
}

void TestDialogFolders::exportDialogsRememberTheLastFolderPerKind()
{
    QSettings().clear();
    const QString work = QDir::cleanPath(m_dir.filePath(QStringLiteral("work")));
    const QString handouts = QDir::cleanPath(m_dir.filePath(QStringLiteral("handouts")));
    QVERIFY(QDir().mkpath(work) && QDir().mkpath(handouts));
    const QString started = QDir::currentPath();
    QVERIFY(QDir::setCurrent(work));
    {
        MainWindow window;
        window.show();
        LessonController *lessons = window.lessons();
        QVERIFY(lessons->openBuiltin(QStringLiteral("cross-attention")));

        // The first time: not the working folder.
        QString opened;
        answerFileDialog(&opened, QDir(handouts).filePath(QStringLiteral("lesson.md")));
        lessons->exportHandout();
        QVERIFY(!opened.isEmpty());
        QVERIFY2(opened != work, qPrintable(opened));
        QVERIFY(QFileInfo::exists(QDir(handouts).filePath(QStringLiteral("lesson.md"))));

        // The next time: the folder chosen last.
        opened.clear();
        answerFileDialog(&opened, QString());
        lessons->exportHandout();
        QCOMPARE(opened, handouts);

        // Another kind of file keeps its own folder.
        opened.clear();
        answerFileDialog(&opened, QString());
        auto *open = lessons->menu()->findChild<QAction *>(QStringLiteral("openLessonAction"));
        QVERIFY(open);
        open->trigger();
        QVERIFY(!opened.isEmpty());
        QVERIFY2(opened != handouts && opened != work, qPrintable(opened));
    }
    // A new window (the next start) remembers it too.
    {
        MainWindow window;
        window.show();
        QVERIFY(window.lessons()->openBuiltin(QStringLiteral("cross-attention")));
        QString opened;
        answerFileDialog(&opened, QString());
        window.lessons()->exportHandout();
        QCOMPARE(opened, handouts);
    }
    QVERIFY(QDir::setCurrent(started));
}

QTEST_MAIN(TestDialogFolders)
#include "tst_dialogfolders.moc"
