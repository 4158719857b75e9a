// SPDX-License-Identifier: GPL-3.0-or-later
// The one bounded file reader (core/io/boundedfilereader.h) that session files and the importers
// share: whole files up to the limit, a clear problem for everything else.

#include "io/binarydata.h"
#include "io/boundedfilereader.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace ae;

Q_DECLARE_METATYPE(ae::BoundedFileReader::Problem)

namespace {

/// A pipe that never ends, delivering one byte over and over and counting what it delivered.
class EndlessDevice : public QIODevice
{
public:
    explicit EndlessDevice(char byte)
        : m_byte(byte)
    {
    }
    bool isSequential() const override { return true; }
    /// How many bytes the reader took.
    qint64 delivered() const { return m_delivered; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        std::fill_n(data, maxSize, m_byte);
        m_delivered += maxSize;
        return maxSize;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    char m_byte;
    qint64 m_delivered = 0;
};

/// A file-like device (it knows its size) that records the largest read asked of it.
class RecordingBuffer : public QBuffer
{
public:
    using QBuffer::QBuffer;
    /// The largest number of bytes one read asked for.
    qint64 largestRequest() const { return m_largest; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        m_largest = std::max(m_largest, maxSize);
        return QBuffer::readData(data, maxSize);
    }

private:
    qint64 m_largest = 0;
};

} // namespace

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
    void readsNoMoreThanAFileHolds_data();
    void readsNoMoreThanAFileHolds();
    void binaryDataIsRefusedFromItsFirstBytes_data();
    void binaryDataIsRefusedFromItsFirstBytes();
    void binaryFileNamesTheOffset();

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
    EndlessDevice text('x');
    QVERIFY(text.open(QIODevice::ReadOnly | QIODevice::Unbuffered));
    const BoundedFileReader::Outcome out = BoundedFileReader::readDevice(text, 100000);
    QCOMPARE(out.problem, BoundedFileReader::Problem::TooLarge);
    QCOMPARE(out.size, qint64(-1));
    QCOMPARE(text.delivered(), qint64(100001));
    const QString device = QStringLiteral("/dev/zero");
    if (!QFile::exists(device))
        QSKIP("no /dev/zero on this system");
    QString error;
    QVERIFY(!BoundedFileReader::read(device, 2 * 1048576, &error).has_value());
    QCOMPARE(error,
        QStringLiteral("the file is binary data, not text: it holds a NUL byte at offset 0"));
}

void TestBoundedFileReader::readsNoMoreThanAFileHolds_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("unbuffered");
    QTest::newRow("an example, buffered") << 3000 << false;
    QTest::newRow("an example, unbuffered") << 3000 << true;
    QTest::newRow("empty") << 0 << true;
    QTest::newRow("past the binary check") << 200000 << true;
}

void TestBoundedFileReader::readsNoMoreThanAFileHolds()
{
    // A file of a few kilobytes under a limit of megabytes: no read asks for the limit (each
    // such read allocated the whole limit), only for what is left and one byte more, or for
    // the device's own read-ahead (16 KiB in Qt).
    QFETCH(int, size);
    QFETCH(bool, unbuffered);
    QByteArray content(size, 'a');
    for (int i = 0; i < size; ++i)
        content[i] = char('a' + i % 26);
    RecordingBuffer file(&content);
    QVERIFY(
        file.open(QIODevice::ReadOnly | (unbuffered ? QIODevice::Unbuffered : QIODevice::NotOpen)));
    const qint64 limit = 16 * 1048576;
    const BoundedFileReader::Outcome out = BoundedFileReader::readDevice(file, limit);
    QCOMPARE(out.problem, BoundedFileReader::Problem::None);
    QCOMPARE(out.bytes, content);
    QCOMPARE(out.size, qint64(size));
    QVERIFY2(file.largestRequest() <= std::max<qint64>(size + 1, 16384),
        qPrintable(QStringLiteral("asked for %1 bytes of a file of %2")
                       .arg(file.largestRequest())
                       .arg(size)));
}

void TestBoundedFileReader::binaryDataIsRefusedFromItsFirstBytes_data()
{
    QTest::addColumn<char>("byte");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<qint64>("delivered");
    // 400 MB of zero bytes on a pipe: refused after the first 64 KiB, not the whole limit.
    QTest::newRow("zeros, large limit") << '\0' << qint64(256) * 1048576 << binaryCheckBytes;
    QTest::newRow("zeros, limit below the check") << '\0' << qint64(100) << qint64(101);
}

void TestBoundedFileReader::binaryDataIsRefusedFromItsFirstBytes()
{
    QFETCH(char, byte);
    QFETCH(qint64, limit);
    QFETCH(qint64, delivered);
    EndlessDevice zeros(byte);
    QVERIFY(zeros.open(QIODevice::ReadOnly | QIODevice::Unbuffered));
    const BoundedFileReader::Outcome out = BoundedFileReader::readDevice(zeros, limit);
    QCOMPARE(out.problem, BoundedFileReader::Problem::Binary);
    QCOMPARE(out.binaryOffset, qint64(0));
    QVERIFY(out.bytes.isEmpty());
    QCOMPARE(zeros.delivered(), delivered);
}

void TestBoundedFileReader::binaryFileNamesTheOffset()
{
    const QString path = write(QStringLiteral("late.bin"), QByteArray("{\"a\": 1}\0\0", 10));
    QVERIFY(!path.isEmpty());
    const BoundedFileReader::Outcome out = BoundedFileReader::readFile(path, 1000);
    QCOMPARE(out.problem, BoundedFileReader::Problem::Binary);
    QCOMPARE(out.binaryOffset, qint64(8));
}

QTEST_MAIN(TestBoundedFileReader)
#include "tst_boundedfilereader.moc"
