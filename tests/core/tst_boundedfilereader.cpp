// SPDX-License-Identifier: GPL-3.0-or-later
// The one bounded file reader (core/boundedfilereader.h) that session files and the importers
// share: whole files up to the limit, a clear problem for everything else.

#include "boundedfilereader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

Q_DECLARE_METATYPE(ae::BoundedFileReader::Problem)

/// Tests readFile() and the importers' read() sentences.
class TestBoundedFileReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readsWithinTheLimit_data();
    void readsWithinTheLimit();
    void refuses_data();
    void refuses();
    void endlessDeviceIsCutAtTheLimit();

private:
    /// Writes @p bytes to a file called @p name in the temporary folder; returns its path.
    QString write(const QString &name, const QByteArray &bytes);

    QTemporaryDir m_dir;
};

void TestBoundedFileReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestBoundedFileReader::write(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        return QString();
    return path;
}

void TestBoundedFileReader::readsWithinTheLimit_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qint64>("limit");
    QTest::newRow("empty file") << QByteArray() << qint64(10);
    QTest::newRow("smaller than the limit") << QByteArray("abc") << qint64(10);
    QTest::newRow("exactly the limit") << QByteArray(10, 'x') << qint64(10);
    QTest::newRow("binary bytes") << QByteArray("\0\x01\xff\n", 4) << qint64(4);
}

void TestBoundedFileReader::readsWithinTheLimit()
{
    QFETCH(QByteArray, bytes);
    QFETCH(qint64, limit);
    const QString path = write(QStringLiteral("ok.bin"), bytes);
    QVERIFY(!path.isEmpty());
    const BoundedFileReader::Outcome out = BoundedFileReader::readFile(path, limit);
    QCOMPARE(out.problem, BoundedFileReader::Problem::None);
    QCOMPARE(out.bytes, bytes);
    QCOMPARE(out.size, qint64(bytes.size()));
    QString error;
    const auto read = BoundedFileReader::read(path, limit, &error);
    QVERIFY(read.has_value());
    QCOMPARE(*read, bytes);
    QVERIFY(error.isEmpty());
}

void TestBoundedFileReader::refuses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<BoundedFileReader::Problem>("problem");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("missing") << QStringLiteral("no-such-file.csv")
                             << BoundedFileReader::Problem::Missing << qint64(-1)
                             << QStringLiteral("the file does not exist");
    QTest::newRow("folder") << QStringLiteral("folder") << BoundedFileReader::Problem::Folder
                            << qint64(-1) << QStringLiteral("cannot read the file: it is a folder");
    QTest::newRow("one byte past the limit")
        << QStringLiteral("big.bin") << BoundedFileReader::Problem::TooLarge
        << qint64(2 * 1048576 + 1)
        << QStringLiteral("the file is 2.0 MB; files of at most 2 MB are read");
}

void TestBoundedFileReader::refuses()
{
    QFETCH(QString, name);
    QFETCH(BoundedFileReader::Problem, problem);
    QFETCH(qint64, size);
    QFETCH(QString, sentence);
    const qint64 limit = 2 * 1048576;
    const QString path = m_dir.filePath(name);
    if (problem == BoundedFileReader::Problem::Folder)
        QVERIFY(QDir(m_dir.path()).mkpath(name));
    if (problem == BoundedFileReader::Problem::TooLarge) {
        // Sparse: the size alone must refuse it, before any byte is read.
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QVERIFY(file.resize(size));
    }
    const BoundedFileReader::Outcome out = BoundedFileReader::readFile(path, limit);
    QCOMPARE(out.problem, problem);
    QCOMPARE(out.size, size);
    QVERIFY(out.bytes.isEmpty());
    if (problem == BoundedFileReader::Problem::Missing)
        QVERIFY(!out.systemError.isEmpty());
    QString error;
    QVERIFY(!BoundedFileReader::read(path, limit, &error).has_value());
    QCOMPARE(error, sentence);
}

void TestBoundedFileReader::endlessDeviceIsCutAtTheLimit()
{
    // A device reports no size; reading stops one byte past the limit.
    const QString device = QStringLiteral("/dev/zero");
    if (!QFile::exists(device))
        QSKIP("no /dev/zero on this system");
    const BoundedFileReader::Outcome out = BoundedFileReader::readFile(device, 4096);
    QCOMPARE(out.problem, BoundedFileReader::Problem::TooLarge);
    QCOMPARE(out.size, qint64(-1));
    QString error;
    QVERIFY(!BoundedFileReader::read(device, 2 * 1048576, &error).has_value());
    QCOMPARE(error, QStringLiteral("the file is larger than 2 MB"));
}

QTEST_MAIN(TestBoundedFileReader)
#include "tst_boundedfilereader.moc"
