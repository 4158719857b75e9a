// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing lost: a program saving (or autosaving) large sessions in a loop through the window's
// own code (ae-save-driver: Document, SessionFileController::saveTo, AutosaveManager) is killed
// with SIGKILL at random moments, many times. Every time the file on disk is the old or the new
// complete session, a half-written temporary is the only thing that may be left (and the next
// save or start removes it), and the next start offers the killed instance's autosave exactly
// when one was complete. AE_KILL_ROUNDS, AE_KILL_SECONDS and AE_KILL_SEED choose the run.

#include "document/autosavemanager.h"
#include "document/document.h"
#include "io/atomicfilewriter.h"
#include "session/sessionjson.h"
#include "testsupportattention.h"
#include "testsupportkill.h"
#include "window/sessionfilecontroller.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <optional>
#include <random>

using namespace ae;

namespace {

constexpr int tokens = 300;
constexpr int width = 192;

/// The last number reported on a line starting with @p word, or nothing.
std::optional<int> lastReported(const QByteArray &output, const QByteArray &word)
{
    std::optional<int> last;
    for (const QByteArray &line : output.split('\n')) {
        if (line.startsWith(word + ' '))
            last = line.mid(word.size() + 1).toInt();
    }
    return last;
}

/// Which of sessions @p first and @p first + 1 of @p seed @p session is; nothing for neither.
std::optional<int> whichSession(const Session &session, quint64 seed, int first)
{
    for (const int index : { first, first + 1 }) {
        if (session == test::numberedSession(seed, index, tokens, width))
            return index;
    }
    return std::nullopt;
}

QMessageBox *recoveryBox()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (widget->objectName() == QLatin1String("recoveryBox") && widget->isVisible())
            return qobject_cast<QMessageBox *>(widget);
    }
    return nullptr;
}

} // namespace

class TestKilledSaves : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedWhileSaving_data();
    void killedWhileSaving();

private:
    /// Starts the driver and kills it after a random delay; returns its output, or nothing
    /// when it did not start writing.
    std::optional<QByteArray> runAndKill(const QStringList &args, qint64 *pid);
    /// One kill of a save over @p file, which holds session @p onDisk; returns the session
    /// on disk afterwards.
    int saveRound(const QString &file, int onDisk);
    /// One kill of an autosave into @p folder, whose instance starts at session @p first.
    void autosaveRound(const QString &folder, int first);

    quint64 m_seed = 0;
    std::mt19937_64 m_rng;
    int m_maxDelayMs = 400;
    int m_halfWritten = 0; ///< kills that left a temporary (killed while writing)
    int m_newFiles = 0; ///< kills after which the new session was on disk
    int m_recovered = 0; ///< autosaves recovered after a kill
    QStringList m_killedPids; ///< every driver killed so far
};

void TestKilledSaves::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_killedsaves"));
    m_seed = quint64(test::envNumber("AE_KILL_SEED", 7));
    m_rng.seed(m_seed);
    qInfo("AE_KILL_SEED=%llu", m_seed);
    QVERIFY(QFileInfo(QStringLiteral(AE_SAVE_DRIVER)).isExecutable());
}

void TestKilledSaves::killedWhileSaving_data()
{
    QTest::addColumn<bool>("autosave");
    QTest::newRow("save") << false;
    QTest::newRow("autosave") << true;
}

void TestKilledSaves::killedWhileSaving()
{
    QFETCH(bool, autosave);
    const int rounds = int(test::envNumber("AE_KILL_ROUNDS", 40));
    const qint64 budgetMs = test::envNumber("AE_KILL_SECONDS", 80) * 1000;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    m_halfWritten = m_newFiles = m_recovered = 0;

    const QString file = dir.filePath(QStringLiteral("lesson.json"));
    const QString folder = dir.filePath(QStringLiteral("autosave"));
    int onDisk = 0;
    if (!autosave) {
        QString error;
        QVERIFY2(AtomicFileWriter::write(file,
                     sessionToJsonBytes(test::numberedSession(m_seed, 0, tokens, width)), &error),
            qPrintable(error));
    }
    QElapsedTimer clock;
    clock.start();
    int done = 0;
    for (; done < rounds && clock.elapsed() < budgetMs; ++done) {
        if (autosave)
            autosaveRound(folder, 1000 * (done + 1));
        else
            onDisk = saveRound(file, onDisk);
        if (QTest::currentTestFailed()) {
            qInfo("round %d of seed %llu", done, m_seed);
            return;
        }
    }
    // Enough kills to mean something, even on a slow (sanitized) build.
    QVERIFY2(done >= std::min(rounds, 10), qPrintable(QStringLiteral("only %1 rounds").arg(done)));

    if (!autosave) {
        // The next save removes what the last kill left.
        Document document;
        SessionFileController files(&document, nullptr, folder);
        QVERIFY(files.openFile(file));
        document.setTitle(QStringLiteral("saved after the kills"));
        QVERIFY(files.saveTo(file));
        QCOMPARE(test::folderEntries(dir.path()), QStringList { QStringLiteral("lesson.json") });
    }
    qInfo("%d kills in %lld ms, nothing lost: %d while writing (a temporary left), %d with the "
          "new file on disk, %d autosaves recovered",
        done, clock.elapsed(), m_halfWritten, m_newFiles, m_recovered);
}

std::optional<QByteArray> TestKilledSaves::runAndKill(const QStringList &args, qint64 *pid)
{
    QProcess driver;
    driver.setProcessChannelMode(QProcess::SeparateChannels);
    driver.start(QStringLiteral(AE_SAVE_DRIVER), args);
    if (!driver.waitForStarted(30000))
        return std::nullopt;
    *pid = driver.processId();
    QByteArray output;
    QElapsedTimer wait;
    wait.start();
    while (!output.contains("ready\n") && wait.elapsed() < 60000
        && driver.state() == QProcess::Running) {
        driver.waitForReadyRead(100);
        output += driver.readAllStandardOutput();
    }
    if (!output.contains("ready\n")) {
        test::killHard(driver);
        qWarning("%s", (output + driver.readAllStandardError()).constData());
        return std::nullopt;
    }
    QThread::msleep(ulong(std::uniform_int_distribution<int>(0, m_maxDelayMs)(m_rng)));
    if (driver.state() != QProcess::Running) {
        qWarning("the driver ended by itself: %s", driver.readAllStandardOutput().constData());
        return std::nullopt;
    }
    test::killHard(driver);
    output += driver.readAllStandardOutput();
    return output;
}

int TestKilledSaves::saveRound(const QString &file, int onDisk)
{
    qint64 pid = 0;
    const auto output = runAndKill(
        { QStringLiteral("save"), file, QString::number(m_seed), QString::number(onDisk + 1),
            QString::number(tokens), QString::number(width) },
        &pid);
    [&] { QVERIFY2(output, "the driver did not start saving"); }();
    if (!output)
        return onDisk;
    m_killedPids << QString::number(pid);
    const int reported = lastReported(*output, "saved").value_or(onDisk);

    // The file is the last session reported saved, or the one being saved; never a mixture.
    const SessionLoadResult loaded = loadSessionFile(file);
    [&] {
        QVERIFY2(loaded.ok(),
            qPrintable(QStringLiteral("the file does not load after a kill: %1")
                           .arg(loaded.error ? loaded.error->toString() : QString())));
    }();
    if (!loaded.ok())
        return onDisk;
    const std::optional<int> which = whichSession(loaded.session, m_seed, reported);
    [&] {
        QVERIFY2(which,
            qPrintable(QStringLiteral("the file is neither session %1 nor %2")
                           .arg(reported)
                           .arg(reported + 1)));
    }();
    if (!which)
        return onDisk;
    if (*which != onDisk)
        ++m_newFiles;

    // Beside it at most the killed writer's temporary, by its recognisable name.
    const QFileInfo info(file);
    QStringList entries = test::folderEntries(info.absolutePath());
    entries.removeOne(info.fileName());
    entries.removeOne(QStringLiteral("autosave"));
    [&] {
        QVERIFY2(entries.size() <= 1, qPrintable(entries.join(QLatin1Char(' '))));
        if (entries.size() == 1) {
            const QString temporary = info.dir().filePath(entries.front());
            QVERIFY2(AtomicFileWriter::isTemporaryOf(temporary, file), qPrintable(temporary));
            // This kill's, or an earlier one's if this driver was killed before it wrote.
            const QString owner
                = entries.front().section(QLatin1Char('.'), -2, -2).section(QLatin1Char('-'), 0, 0);
            QVERIFY2(m_killedPids.contains(owner), qPrintable(entries.front()));
            if (owner == QString::number(pid))
                ++m_halfWritten;
        }
    }();
    return *which;
}

void TestKilledSaves::autosaveRound(const QString &folder, int first)
{
    qint64 pid = 0;
    const auto output
        = runAndKill({ QStringLiteral("autosave"), folder, QString::number(m_seed),
                         QString::number(first), QString::number(tokens), QString::number(width) },
            &pid);
    QVERIFY2(output, "the driver did not start autosaving");
    const std::optional<int> reported = lastReported(*output, "autosaved");
    const QStringList before = test::folderEntries(folder);
    if (before.size() > 2 || before.filter(QStringLiteral(".ae-tmp")).size() == 1)
        ++m_halfWritten;
    QStringList autosaves
        = QDir(folder).entryList({ QStringLiteral("session-*.json") }, QDir::Files);
    QVERIFY2(autosaves.size() <= 1, qPrintable(before.join(QLatin1Char(' '))));
    if (reported)
        QVERIFY2(autosaves.size() == 1, "an autosave reported written is missing");

    // A lock the driver was killed while writing is a leftover only once it is clearly not
    // being written any more; the next start of a user comes later than that anyway.
    for (const QString &name : before) {
        if (name.endsWith(QLatin1String(".lock"))
            && QFileInfo(QDir(folder).filePath(name)).size() == 0)
            QThread::msleep(2100);
    }

    // The next start: leftovers go, the complete autosave stays and is offered.
    Document document;
    {
        SessionFileController files(&document, nullptr, folder);
        QStringList expected;
        if (!autosaves.isEmpty()) {
            const QString stem = QFileInfo(autosaves.front()).completeBaseName();
            expected = { stem + QStringLiteral(".json"), stem + QStringLiteral(".lock") };
        }
        QVERIFY2(test::folderEntries(folder) == expected,
            qPrintable(QStringLiteral("after the kill: %1; after the start: %2")
                           .arg(before.join(QLatin1Char(' ')),
                               test::folderEntries(folder).join(QLatin1Char(' ')))));
        QCOMPARE(files.autosave()->recoverable().size(), autosaves.size());
        files.offerRecovery();
        QMessageBox *box = recoveryBox();
        QCOMPARE(box != nullptr, !autosaves.isEmpty());
        if (box) {
            QAbstractButton *recover = nullptr;
            for (QAbstractButton *button : box->buttons()) {
                if (box->buttonRole(button) == QMessageBox::AcceptRole)
                    recover = button;
            }
            QVERIFY(recover);
            recover->click();
            QTRY_VERIFY(!recoveryBox());
            const std::optional<int> which
                = whichSession(document.session(), m_seed, reported.value_or(first - 1));
            QVERIFY2(which,
                qPrintable(QStringLiteral("the recovered work is neither session %1 nor %2")
                               .arg(reported.value_or(first - 1))
                               .arg(reported.value_or(first - 1) + 1)));
            QVERIFY(*which >= first);
            QVERIFY(document.isModified());
            ++m_recovered;
            if (*which != reported.value_or(first - 1))
                ++m_newFiles;
        }
    }
    // The recovering instance closed cleanly: nothing is left.
    QCOMPARE(test::folderEntries(folder), QStringList());
}

QTEST_MAIN(TestKilledSaves)
#include "tst_killedsaves.moc"
