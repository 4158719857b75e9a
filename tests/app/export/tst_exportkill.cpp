// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing lost when `attention-explorer export` is killed (SIGKILL) while overwriting a
// figure, at random moments, many times: the file is always the old or the new complete
// figure (the SVG well-formed and byte for byte one of the two; the PNG loading at its size and
// byte for byte one of the two), at most the killed export's recognisable temporary is left
// beside it, and the next export removes that. AE_KILL_ROUNDS and AE_KILL_SEED choose the run.

#include "io/atomicfilewriter.h"
#include "session/sessionjson.h"
#include "testsupportcli.h"
#include "testsupportkill.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QXmlStreamReader>
#include <random>

using namespace ae;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// True when @p bytes are one well-formed XML document with an svg root.
bool wellFormedSvg(const QByteArray &bytes)
{
    QXmlStreamReader xml(bytes);
    bool root = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && !root)
            root = xml.name() == QLatin1String("svg");
    }
    return root && !xml.hasError();
}

} // namespace

class TestExportKill : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedWhileOverwriting_data();
    void killedWhileOverwriting();

private:
    QTemporaryDir m_dir;
    QString m_sessions[2];
    quint64 m_seed = 0;
};

void TestExportKill::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_seed = quint64(test::envNumber("AE_KILL_SEED", 11));
    qInfo("AE_KILL_SEED=%llu", m_seed);
    for (int i = 0; i < 2; ++i) {
        m_sessions[i] = m_dir.filePath(QStringLiteral("session-%1.json").arg(i));
        QString error;
        QVERIFY2(AtomicFileWriter::write(m_sessions[i],
                     sessionToJsonBytes(test::numberedSession(m_seed, i, 96, 16)), &error),
            qPrintable(error));
    }
}

void TestExportKill::killedWhileOverwriting_data()
{
    QTest::addColumn<QString>("extension");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("png") << QStringLiteral("png");
}

void TestExportKill::killedWhileOverwriting()
{
    QFETCH(QString, extension);
    const int rounds = int(test::envNumber("AE_KILL_ROUNDS", 25));
    std::mt19937_64 rng(m_seed);
    const QString folder = m_dir.filePath(extension);
    QVERIFY(QDir().mkpath(folder));
    const QString out = QDir(folder).filePath(QStringLiteral("figure.") + extension);
    const auto args = [&](int session, const QString &file) {
        return QStringList { QStringLiteral("export"), m_sessions[session], QStringLiteral("-o"),
            file, QStringLiteral("--view"), QStringLiteral("grid") };
    };

    // The two complete figures, written once each by uninterrupted runs.
    QByteArray figures[2];
    QSize sizes[2];
    qint64 slowest = 0;
    for (int i = 0; i < 2; ++i) {
        const QString reference
            = m_dir.filePath(QStringLiteral("reference-%1.").arg(i) + extension);
        QElapsedTimer clock;
        clock.start();
        const test::CliRun run = test::runCli(args(i, reference));
        slowest = std::max(slowest, clock.elapsed());
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
        figures[i] = readAll(reference);
        QVERIFY(!figures[i].isEmpty());
        if (extension == QLatin1String("png")) {
            const QImage image = QImage::fromData(figures[i], "PNG");
            QVERIFY(!image.isNull());
            sizes[i] = image.size();
        } else {
            QVERIFY(wellFormedSvg(figures[i]));
        }
    }
    QVERIFY(figures[0] != figures[1]);
    QFile::remove(out);
    QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("reference-0.") + extension), out));

    int onDisk = 0;
    QStringList killedPids;
    int halfWritten = 0;
    int replaced = 0;
    for (int round = 0; round < rounds; ++round) {
        const int next = 1 - onDisk;
        QProcess exporter;
        exporter.setProcessEnvironment(test::headlessEnvironment());
        exporter.start(QStringLiteral(AE_APP_BINARY), args(next, out));
        QVERIFY(exporter.waitForStarted(30000));
        const qint64 pid = exporter.processId();
        // From half the time a whole export takes (most of it is starting up) to a little
        // past its end.
        QThread::msleep(
            ulong(std::uniform_int_distribution<qint64>(slowest / 2, slowest * 6 / 5)(rng)));
        if (test::killHard(exporter))
            killedPids << QString::number(pid);

        const QByteArray bytes = readAll(out);
        const int which = bytes == figures[onDisk] ? onDisk : bytes == figures[next] ? next : -1;
        QVERIFY2(which >= 0,
            qPrintable(QStringLiteral("round %1 (seed %2): %3 bytes, neither figure")
                           .arg(round)
                           .arg(m_seed)
                           .arg(bytes.size())));
        if (extension == QLatin1String("png")) {
            const QImage image = QImage::fromData(bytes, "PNG");
            QCOMPARE(image.size(), sizes[which]);
        } else {
            QVERIFY(wellFormedSvg(bytes));
        }
        if (which != onDisk)
            ++replaced;
        onDisk = which;

        QStringList entries = test::folderEntries(folder);
        entries.removeOne(QFileInfo(out).fileName());
        QVERIFY2(entries.size() <= 1, qPrintable(entries.join(QLatin1Char(' '))));
        if (!entries.isEmpty()) {
            // This kill's or an earlier one's, if this export was killed before it wrote.
            const QString name = entries.front();
            QVERIFY2(AtomicFileWriter::isTemporaryOf(QDir(folder).filePath(name), out),
                qPrintable(name));
            const QString owner
                = name.section(QLatin1Char('.'), -2, -2).section(QLatin1Char('-'), 0, 0);
            QVERIFY2(killedPids.contains(owner), qPrintable(name));
            if (owner == QString::number(pid))
                ++halfWritten;
        }
    }
    // An export run to its end removes what the killed one left.
    const test::CliRun run = test::runCli(args(1 - onDisk, out));
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    QCOMPARE(readAll(out), figures[1 - onDisk]);
    QCOMPARE(test::folderEntries(folder), QStringList { QFileInfo(out).fileName() });
    qInfo("%d kills of %s exports, nothing lost: %d while writing (a temporary left), %d after "
          "the new figure was in place; one export takes up to %lld ms",
        rounds, qPrintable(extension), halfWritten, replaced, slowest);
}

QTEST_MAIN(TestExportKill)
#include "tst_exportkill.moc"
