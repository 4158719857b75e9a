// SPDX-License-Identifier: GPL-3.0-or-later
// The atomic writer: the file is replaced whole, its temporary has a recognisable name beside
// it, and the temporaries a killed writer leaves are removed at the next write of the same
// file, while those of running writers, other files and the user's own files stay.

#include "io/atomicfilewriter.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && file.write(bytes) == bytes.size();
}

QByteArray readRaw(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A process ID that belongs to no running process: one that has just ended.
qint64 deadPid()
{
    QProcess process;
    process.start(QStringLiteral("true"), {});
    if (!process.waitForStarted(10000))
        return 0;
    const qint64 pid = process.processId();
    return process.waitForFinished(10000) ? pid : 0;
}

QStringList entries(const QString &directory)
{
    return QDir(directory).entryList(
        QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestAtomicFileWriter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void replacesTheWholeFileAndLeavesNothingElse();
    void recognisesItsTemporaries_data();
    void recognisesItsTemporaries();
    void staleTemporariesGoAtTheNextWrite_data();
    void staleTemporariesGoAtTheNextWrite();
    void folderCleanupTakesEveryTargetsStaleTemporaries();
    void keepsPermissionsAndWritesThroughLinks();
    void refusesFoldersAndReadOnlyFiles();

private:
    qint64 m_deadPid = 0;
};

void TestAtomicFileWriter::initTestCase()
{
    m_deadPid = deadPid();
    QVERIFY(m_deadPid > 0);
}

void TestAtomicFileWriter::replacesTheWholeFileAndLeavesNothingElse()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("figure.svg"));
    QString error;
    QVERIFY2(AtomicFileWriter::write(path, "first", &error), qPrintable(error));
    QCOMPARE(readRaw(path), QByteArray("first"));
    const QByteArray big(3 << 20, 'x');
    QVERIFY2(AtomicFileWriter::write(path, big, &error), qPrintable(error));
    QCOMPARE(readRaw(path), big);
    QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("figure.svg") });
}

void TestAtomicFileWriter::recognisesItsTemporaries_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("temporary");
    QTest::newRow("a writer's temporary") << QStringLiteral(".s.json.123-1.ae-tmp") << true;
    QTest::newRow("another target's") << QStringLiteral(".t.json.123-1.ae-tmp") << false;
    QTest::newRow("the target itself") << QStringLiteral("s.json") << false;
    QTest::newRow("a user's backup") << QStringLiteral("s.json.backup") << false;
    QTest::newRow("Qt's temporary name") << QStringLiteral("s.json.aB3dEf") << false;
    QTest::newRow("no pid") << QStringLiteral(".s.json.-1.ae-tmp") << false;
    QTest::newRow("not a number") << QStringLiteral(".s.json.12a-1.ae-tmp") << false;
    QTest::newRow("no serial") << QStringLiteral(".s.json.123.ae-tmp") << false;
}

void TestAtomicFileWriter::recognisesItsTemporaries()
{
    QFETCH(QString, name);
    QFETCH(bool, temporary);
    QCOMPARE(
        AtomicFileWriter::isTemporaryOf(QStringLiteral("/d/") + name, QStringLiteral("/d/s.json")),
        temporary);
    QVERIFY(!AtomicFileWriter::isTemporaryOf(
        QStringLiteral("/elsewhere/") + name, QStringLiteral("/d/s.json")));
}

void TestAtomicFileWriter::staleTemporariesGoAtTheNextWrite_data()
{
    QTest::addColumn<QString>("owner");
    QTest::addColumn<bool>("removed");
    QTest::newRow("of a process that is gone") << QStringLiteral("dead") << true;
    QTest::newRow("of this process, outside a write") << QStringLiteral("self") << true;
    QTest::newRow("of a running process") << QStringLiteral("running") << false;
}

void TestAtomicFileWriter::staleTemporariesGoAtTheNextWrite()
{
    QFETCH(QString, owner);
    QFETCH(bool, removed);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("lesson.json"));
    QVERIFY(writeRaw(path, "old"));
    QProcess running;
    qint64 pid = 0;
    if (owner == QLatin1String("dead")) {
        pid = m_deadPid;
    } else if (owner == QLatin1String("self")) {
        pid = QCoreApplication::applicationPid();
    } else {
        running.start(QStringLiteral("sleep"), { QStringLiteral("30") });
        QVERIFY(running.waitForStarted());
        pid = running.processId();
    }
    // What a writer killed half-way leaves: part of the new file under its temporary name.
    const QString planted = dir.filePath(QStringLiteral(".lesson.json.%1-7.ae-tmp").arg(pid));
    QVERIFY(writeRaw(planted, "{\"half"));
    // Files the cleanup must never touch.
    const QString other = dir.filePath(QStringLiteral(".other.json.%1-7.ae-tmp").arg(m_deadPid));
    const QString backup = dir.filePath(QStringLiteral("lesson.json.backup"));
    QVERIFY(writeRaw(other, "x"));
    QVERIFY(writeRaw(backup, "y"));

    QString error;
    QVERIFY2(AtomicFileWriter::write(path, "new", &error), qPrintable(error));
    QCOMPARE(readRaw(path), QByteArray("new"));
    QCOMPARE(QFile::exists(planted), !removed);
    QVERIFY(QFile::exists(other));
    QCOMPARE(readRaw(backup), QByteArray("y"));
    QStringList expected = { QStringLiteral(".other.json.%1-7.ae-tmp").arg(m_deadPid),
        QStringLiteral("lesson.json"), QStringLiteral("lesson.json.backup") };
    if (!removed)
        expected << QFileInfo(planted).fileName();
    expected.sort();
    QCOMPARE(entries(dir.path()), expected);
    if (running.state() != QProcess::NotRunning) {
        running.kill();
        running.waitForFinished();
    }
}

void TestAtomicFileWriter::folderCleanupTakesEveryTargetsStaleTemporaries()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath(QStringLiteral(".session-a.json.%1-1.ae-tmp").arg(m_deadPid));
    const QString b = dir.filePath(QStringLiteral(".session-b.json.%1-2.ae-tmp").arg(m_deadPid));
    const QString mine = dir.filePath(QStringLiteral("session-c.json"));
    QVERIFY(writeRaw(a, "1") && writeRaw(b, "2") && writeRaw(mine, "3"));
    QCOMPARE(AtomicFileWriter::removeStaleTemporariesIn(dir.path()), 2);
    QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("session-c.json") });
}

void TestAtomicFileWriter::keepsPermissionsAndWritesThroughLinks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString real = dir.filePath(QStringLiteral("real.json"));
    const QString link = dir.filePath(QStringLiteral("link.json"));
    QVERIFY(writeRaw(real, "old"));
    const QFile::Permissions private_ = QFile::ReadOwner | QFile::WriteOwner;
    QVERIFY(QFile::setPermissions(real, private_));
    QVERIFY(QFile::link(real, link));
    QString error;
    QVERIFY2(AtomicFileWriter::write(link, "new", &error), qPrintable(error));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(readRaw(real), QByteArray("new"));
    // Owner, group and others (the "user" bits only repeat the owner's for the current user).
    const QFile::Permissions compared = QFile::Permissions(0x7077);
    QCOMPARE(QFile::permissions(real) & compared, private_ & compared);
    QCOMPARE(entries(dir.path()),
        (QStringList { QStringLiteral("link.json"), QStringLiteral("real.json") }));
}

void TestAtomicFileWriter::refusesFoldersAndReadOnlyFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    QVERIFY(!AtomicFileWriter::write(dir.path(), "x", &error));
    QVERIFY(!error.isEmpty());
    const QString locked = dir.filePath(QStringLiteral("locked.json"));
    QVERIFY(writeRaw(locked, "old"));
    QVERIFY(QFile::setPermissions(locked, QFile::ReadOwner));
    if (QFileInfo(locked).isWritable())
        QSKIP("running as a user who may write read-only files");
    error.clear();
    QVERIFY(!AtomicFileWriter::write(locked, "new", &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(readRaw(locked), QByteArray("old"));
    QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("locked.json") });
}

QTEST_MAIN(TestAtomicFileWriter)
#include "tst_atomicfilewriter.moc"
