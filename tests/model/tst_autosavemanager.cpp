// Autosave and recovery: unsaved work is written to the autosave folder (and only unsaved
// work), removed once saved or on a clean exit, left behind by a crash, found by the next
// instance (never a running one's), recovered as unsaved work of the right file.

#include "autosavemanager.h"
#include "document.h"
#include "sessionfilecontroller.h"
#include "sessionjson.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace ae;

namespace {

using T = ExportTestSupport;

/// A process id that no running process has.
qint64 deadPid()
{
    for (qint64 pid = 999999; pid > 300000; --pid) {
        if (!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)))
            return pid;
    }
    return 999999;
}

/// Leaves @p autosave behind as a crashed instance would: under another instance's name,
/// with a lock file naming a process that is gone.
QString simulateCrash(const QString &autosave, const QString &directory, const QString &id)
{
    const QString left = QDir(directory).filePath(QStringLiteral("session-%1.json").arg(id));
    QFile::remove(left);
    QFile::copy(autosave, left);
    QFile lock(QDir(directory).filePath(QStringLiteral("session-%1.lock").arg(id)));
    lock.open(QIODevice::WriteOnly);
    lock.write(QByteArray::number(deadPid()) + "\nattention-explorer\n"
        + QSysInfo::machineHostName().toUtf8() + "\n");
    return left;
}

} // namespace

class TestAutosaveManager : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void nothingToSaveNothingWritten();
    void writesUnsavedWork();
    void removedOnceSaved();
    void removedOnCleanExit();
    void invalidEditKeepsTheLastValidSession();
    void writesEveryInterval();
    void runningInstanceIsNotOffered();
    void crashedInstanceIsOffered();
    void recoveryRestoresTheWork();
    void recoveryQuestionDoesNotBlock();
    void failedAutosaveIsReported();

private:
    QString m_autosave;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestAutosaveManager::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_autosavemanager"));
}

void TestAutosaveManager::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_autosave = m_dir->filePath(QStringLiteral("autosave"));
}

void TestAutosaveManager::nothingToSaveNothingWritten()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    AutosaveManager autosave(&document, m_autosave);
    QVERIFY(!autosave.autosaveNow());
    QVERIFY(!QFileInfo::exists(autosave.fileName()));
}

void TestAutosaveManager::writesUnsavedWork()
{
    Document document;
    document.resetSession(T::specExample(), QStringLiteral("/lessons/week3.json"));
    AutosaveManager autosave(&document, m_autosave);
    document.setTitle(QStringLiteral("未保存的课堂笔记"));
    QVERIFY(autosave.autosaveNow());
    QVERIFY(QFileInfo::exists(autosave.fileName()));
    QVERIFY(autosave.fileName().startsWith(m_autosave));
    // Nothing new: not written again.
    QVERIFY(!autosave.autosaveNow());

    // A session file any instance can read, plus where it belongs.
    const QJsonObject root = QJsonDocument::fromJson(T::readFile(autosave.fileName())).object();
    QCOMPARE(root.value(QStringLiteral("title")).toString(), QStringLiteral("未保存的课堂笔记"));
    const QJsonObject meta = root.value(AutosaveManager::metadataKey()).toObject();
    QCOMPARE(meta.value(QStringLiteral("original_file")).toString(),
        QStringLiteral("/lessons/week3.json"));
    const SessionLoadResult loaded = loadSessionFile(autosave.fileName());
    QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
    QCOMPARE(loaded.session.title, QStringLiteral("未保存的课堂笔记"));
}

void TestAutosaveManager::removedOnceSaved()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    SessionFileController files(&document, nullptr, m_autosave);
    document.setCausal(true);
    QVERIFY(files.autosave()->autosaveNow());
    const QString file = files.autosave()->fileName();
    QVERIFY(QFileInfo::exists(file));
    QVERIFY(files.saveTo(m_dir->filePath(QStringLiteral("saved.json"))));
    QVERIFY(!QFileInfo::exists(file));
    // Undoing back to the saved state also leaves nothing unsaved.
    document.setCausal(false);
    QVERIFY(files.autosave()->autosaveNow());
    document.undoStack()->undo();
    QVERIFY(!document.isModified());
    QVERIFY(!QFileInfo::exists(file));
}

void TestAutosaveManager::removedOnCleanExit()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    QString file;
    {
        AutosaveManager autosave(&document, m_autosave);
        document.setHeads(1);
        QVERIFY(autosave.autosaveNow());
        file = autosave.fileName();
        QVERIFY(QFileInfo::exists(file));
    }
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(QDir(m_autosave).entryList(QDir::Files), QStringList());
}

void TestAutosaveManager::invalidEditKeepsTheLastValidSession()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    AutosaveManager autosave(&document, m_autosave);
    document.setTitle(QStringLiteral("valid edit"));
    document.setHeads(3); // 3 does not divide d_model 4: cannot be read back
    QVERIFY(document.error());
    QVERIFY(autosave.autosaveNow());
    const SessionLoadResult loaded = loadSessionFile(autosave.fileName());
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.session.attention.config.heads, 2);
    QCOMPARE(loaded.session.title, QStringLiteral("valid edit"));
}

void TestAutosaveManager::writesEveryInterval()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    AutosaveManager autosave(&document, m_autosave);
    autosave.start(20);
    QVERIFY(autosave.isActive());
    QCOMPARE(autosave.interval(), 20);
    document.setCausal(true);
    QTRY_VERIFY(QFileInfo::exists(autosave.fileName()));

    // The application's default: once a minute.
    AutosaveManager defaults(&document, m_autosave);
    defaults.start();
    QCOMPARE(defaults.interval(), 60 * 1000);
}

void TestAutosaveManager::runningInstanceIsNotOffered()
{
    Document first;
    first.resetSession(T::specExample(), QString());
    AutosaveManager running(&first, m_autosave);
    first.setCausal(true);
    QVERIFY(running.autosaveNow());

    Document second;
    AutosaveManager next(&second, m_autosave);
    QVERIFY(next.recoverable().isEmpty());
    QVERIFY(running.recoverable().isEmpty());
}

void TestAutosaveManager::crashedInstanceIsOffered()
{
    Document crashed;
    crashed.resetSession(T::specExample(), QStringLiteral("/lessons/crashed.json"));
    AutosaveManager before(&crashed, m_autosave);
    crashed.setTitle(QStringLiteral("work before the crash"));
    QVERIFY(before.autosaveNow());
    const QString left = simulateCrash(before.fileName(), m_autosave, QStringLiteral("crashed"));
    // Also an autosave whose lock file is gone altogether.
    const QString unlocked = QDir(m_autosave).filePath(QStringLiteral("session-nolock.json"));
    QVERIFY(QFile::copy(before.fileName(), unlocked));

    Document next;
    AutosaveManager after(&next, m_autosave);
    const QList<AutosaveManager::Recovery> found = after.recoverable();
    QCOMPARE(found.size(), 2);
    QStringList files;
    for (const AutosaveManager::Recovery &r : found) {
        files << r.autosaveFile;
        QCOMPARE(r.originalFile, QStringLiteral("/lessons/crashed.json"));
        QCOMPARE(r.title, QStringLiteral("work before the crash"));
        QVERIFY(r.savedAt.isValid());
    }
    QVERIFY(files.contains(left));
    QVERIFY(files.contains(unlocked));

    // Reading one back drops the autosave's own bookkeeping.
    const SessionLoadResult loaded = AutosaveManager::load(found.front());
    QVERIFY(loaded.ok());
    QVERIFY(!loaded.session.original.contains(AutosaveManager::metadataKey()));
    QCOMPARE(loaded.session.title, QStringLiteral("work before the crash"));
    AutosaveManager::remove(found.front());
    QVERIFY(!QFileInfo::exists(found.front().autosaveFile));
    QCOMPARE(after.recoverable().size(), 1);
}

void TestAutosaveManager::recoveryRestoresTheWork()
{
    Document crashed;
    crashed.resetSession(T::specExample(), QStringLiteral("/lessons/week4.json"));
    AutosaveManager before(&crashed, m_autosave);
    crashed.setCausal(true);
    crashed.setTitle(QStringLiteral("recover me"));
    QVERIFY(before.autosaveNow());
    simulateCrash(before.fileName(), m_autosave, QStringLiteral("gone"));

    Document document;
    SessionFileController files(&document, nullptr, m_autosave);
    QVERIFY(files.recoverNewest());
    QCOMPARE(document.session().title, QStringLiteral("recover me"));
    QVERIFY(document.session().attention.config.causal);
    // Still unsaved work of the same file, and autosaved again under this instance.
    QVERIFY(document.isModified());
    QCOMPARE(document.fileName(), QStringLiteral("/lessons/week4.json"));
    QVERIFY(QFileInfo::exists(files.autosave()->fileName()));
    QVERIFY(files.autosave()->recoverable().isEmpty());
    QVERIFY(!files.recoverNewest());
    // The recovered session saves without the autosave's bookkeeping.
    const QString saved = m_dir->filePath(QStringLiteral("recovered.json"));
    QVERIFY(files.saveTo(saved));
    QVERIFY(!QJsonDocument::fromJson(T::readFile(saved))
                 .object()
                 .contains(AutosaveManager::metadataKey()));
}

void TestAutosaveManager::recoveryQuestionDoesNotBlock()
{
    Document crashed;
    crashed.resetSession(T::specExample(), QString());
    AutosaveManager before(&crashed, m_autosave);
    crashed.setTitle(QStringLiteral("asked about"));
    QVERIFY(before.autosaveNow());
    simulateCrash(before.fileName(), m_autosave, QStringLiteral("asked"));

    QWidget window;
    Document document;
    document.resetSession(T::specExample(), QString());
    SessionFileController files(&document, &window, m_autosave);
    files.offerRecovery(); // returns at once; the question waits in its own box
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("recoveryBox"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QLatin1String("asked about")));
    QPushButton *recover = nullptr;
    for (QAbstractButton *b : box->buttons()) {
        if (b->text() == SessionFileController::tr("Recover"))
            recover = qobject_cast<QPushButton *>(b);
    }
    QVERIFY(recover);
    recover->click();
    QTRY_COMPARE(document.session().title, QStringLiteral("asked about"));
    QVERIFY(document.isModified());
}

void TestAutosaveManager::failedAutosaveIsReported()
{
    // The autosave folder's place is taken by a file: nothing can be created there.
    QVERIFY(T::writeFile(m_autosave, "not a folder"));
    Document document;
    document.resetSession(T::specExample(), QString());
    AutosaveManager autosave(&document, m_autosave);
    document.setCausal(true);
    QVERIFY(!autosave.autosaveNow());
    QVERIFY(!autosave.error().isEmpty());
    // The work itself is untouched.
    QVERIFY(document.isModified());
    QVERIFY(document.session().attention.config.causal);
}

QTEST_MAIN(TestAutosaveManager)
#include "tst_autosavemanager.moc"
