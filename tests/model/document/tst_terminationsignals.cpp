// SPDX-License-Identifier: GPL-3.0-or-later
// The termination signals reach the event loop instead of ending the process, and get their
// default action back once nobody watches them (checked in a child process).

#include "document/terminationsignals.h"

#include <QSignalSpy>
#include <QTest>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace ae;

class TestTerminationSignals : public QObject
{
    Q_OBJECT

private slots:
    void signalReachesTheEventLoop_data();
    void signalReachesTheEventLoop();
    void defaultActionOnceNobodyWatches();
};

void TestTerminationSignals::signalReachesTheEventLoop_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM (shutdown, systemctl stop)") << int(SIGTERM);
    QTest::newRow("SIGHUP (log-out, terminal closed)") << int(SIGHUP);
    QTest::newRow("SIGINT (Ctrl+C)") << int(SIGINT);
}

void TestTerminationSignals::signalReachesTheEventLoop()
{
    QFETCH(int, signal);
    TerminationSignals watcher;
    QVERIFY(watcher.isActive());
    QSignalSpy requested(&watcher, &TerminationSignals::terminationRequested);
    QCOMPARE(::raise(signal), 0);
    // Still alive: the handler only noted the signal; the event loop delivers it.
    QVERIFY(requested.wait(5000));
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.front().front().toInt(), signal);
}

void TestTerminationSignals::defaultActionOnceNobodyWatches()
{
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        {
            TerminationSignals watcher;
        }
        ::raise(SIGTERM);
        ::_exit(0); // reached only if SIGTERM was still caught
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QCOMPARE(WTERMSIG(status), SIGTERM);
}

QTEST_MAIN(TestTerminationSignals)
#include "tst_terminationsignals.moc"
