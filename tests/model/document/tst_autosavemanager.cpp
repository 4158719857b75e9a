// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave: unsaved work is written to the autosave folder (and only unsaved work), removed on
// a clean exit, left behind by a crash, found by the next instance (never a running one's).

#include "document/autosavemanager.h"
#include "document/document.h"
#include "session/sessionjson.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace ae;

namespace {

using T = ExportTestSupport;

} // namespace

class TestAutosaveManager : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void nothingToSaveNothingWritten();
    void writesUnsavedWork();
    void removedOnCleanExit();
    void invalidEditKeepsTheLastValidSession();
    void writesEveryInterval();
    void runningInstanceIsNotOffered();
    void crashedInstanceIsOffered();
    void workKeptWhenTheSystemEndsTheApplication_data();
    void workKeptWhenTheSystemEndsTheApplication();
    void startRemovesWhatKilledInstancesLeft();
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
    const QString left = T::simulateCrash(before.fileName(), m_autosave, QStringLiteral("crashed"));
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
        QVERIFY(!r.endedBySystem);
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

void TestAutosaveManager::workKeptWhenTheSystemEndsTheApplication_data()
{
    QTest::addColumn<bool>("modified");
    QTest::addColumn<bool>("alreadyAutosaved");
    // The window destroys its document before the autosave manager: the undo stack's last
    // "clean" signal must not be taken for a save.
    QTest::addColumn<bool>("documentEndsFirst");
    QTest::newRow("unsaved, never autosaved") << true << false << false;
    QTest::newRow("unsaved, autosaved before") << true << true << false;
    QTest::newRow("nothing unsaved") << false << false << false;
    QTest::newRow("unsaved, document ends first") << true << false << true;
    QTest::newRow("autosaved, document ends first") << true << true << true;
}

void TestAutosaveManager::workKeptWhenTheSystemEndsTheApplication()
{
    QFETCH(bool, modified);
    QFETCH(bool, alreadyAutosaved);
    QFETCH(bool, documentEndsFirst);
    QString kept;
    {
        auto ending = std::make_unique<Document>();
        ending->resetSession(T::specExample(), QStringLiteral("/lessons/ending.json"));
        AutosaveManager manager(ending.get(), m_autosave);
        if (modified)
            ending->setTitle(QStringLiteral("work at shutdown"));
        if (alreadyAutosaved)
            QVERIFY(manager.autosaveNow());
        QVERIFY(AutosaveManager::keepAllForNextStart());
        kept = manager.fileName();
        QCOMPARE(QFileInfo::exists(kept), modified);
        if (documentEndsFirst)
            ending.reset();
    }
    // The manager is gone as at the end of the application: the work stays, its lock does not.
    QCOMPARE(QFileInfo::exists(kept), modified);
    QVERIFY(QDir(m_autosave).entryList({ QStringLiteral("*.lock") }, QDir::Files).isEmpty());

    Document next;
    AutosaveManager after(&next, m_autosave);
    const QList<AutosaveManager::Recovery> found = after.recoverable();
    QCOMPARE(found.size(), modified ? 1 : 0);
    if (!modified)
        return;
    QVERIFY(found.front().endedBySystem);
    QCOMPARE(found.front().title, QStringLiteral("work at shutdown"));
    QCOMPARE(found.front().originalFile, QStringLiteral("/lessons/ending.json"));
    const SessionLoadResult loaded = AutosaveManager::load(found.front());
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.session.title, QStringLiteral("work at shutdown"));
}

void TestAutosaveManager::startRemovesWhatKilledInstancesLeft()
{
    Document crashed;
    AutosaveManager before(&crashed, m_autosave);
    crashed.setTitle(QStringLiteral("work before the crash"));
    QVERIFY(before.autosaveNow());
    const QString left = T::simulateCrash(before.fileName(), m_autosave, QStringLiteral("crashed"));
    // An instance killed while writing its first autosave: its lock and half a temporary.
    T::simulateCrash(before.fileName(), m_autosave, QStringLiteral("first"));
    const QDir dir(m_autosave);
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("session-first.json"))));
    const QString lockOfFirst = dir.filePath(QStringLiteral("session-first.lock"));
    // The lock names the dead process; so does the temporary it was writing.
    const qint64 deadPid = T::readFile(lockOfFirst).split('\n').value(0).toLongLong();
    QVERIFY(deadPid > 0);
    const QString half
        = dir.filePath(QStringLiteral(".session-first.json.%1-1.ae-tmp").arg(deadPid));
    QVERIFY(T::writeFile(half, "{\"format\": \"attention-"));
    const QString lockOfBefore
        = QFileInfo(before.fileName()).completeBaseName() + QStringLiteral(".lock");
    // Locks of instances killed while creating them: empty. An old one is a leftover; a
    // fresh one may still be being written.
    const QString emptyOld = dir.filePath(QStringLiteral("session-emptyold.lock"));
    const QString emptyNew = dir.filePath(QStringLiteral("session-emptynew.lock"));
    QVERIFY(T::writeFile(emptyOld, QByteArray()) && T::writeFile(emptyNew, QByteArray()));
    {
        QFile old(emptyOld);
        QVERIFY(old.open(QIODevice::ReadWrite));
        QVERIFY(old.setFileTime(
            QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    }

    Document next;
    AutosaveManager after(&next, m_autosave);
    // The crashed instance's complete autosave (and its lock) stay to be offered; the running
    // instance's files stay; the rest is gone.
    QStringList expected = { QFileInfo(left).fileName(), QStringLiteral("session-crashed.lock"),
        QFileInfo(before.fileName()).fileName(), lockOfBefore,
        QStringLiteral("session-emptynew.lock") };
    expected.sort();
    QCOMPARE(
        dir.entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name), expected);
    QCOMPARE(after.recoverable().size(), 1);
    QCOMPARE(after.recoverable().front().autosaveFile, left);
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
