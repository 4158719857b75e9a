// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportcli.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <cmath>

namespace ae::test {

QProcessEnvironment headlessEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
        env.remove(QLatin1String(name));
    return env;
}

namespace {

/// Waits up to @p timeoutMs for the started @p process and takes its outcome; one that runs
/// longer is killed and reported as not finished.
CliRun collect(QProcess &process, int timeoutMs)
{
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.finished = true;
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

CliRun runCli(const QStringList &args, const QProcessEnvironment &environment, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(AE_APP_BINARY), args);
    if (!process.waitForStarted(30000))
        return {};
    process.closeWriteChannel();
    return collect(process, timeoutMs);
}

CliRun runCliOnTerminal(const QStringList &args, int timeoutMs)
{
    const auto quoted = [](QString arg) {
        return QLatin1Char('\'') + arg.replace(QLatin1Char('\''), QStringLiteral("'\\''"))
            + QLatin1Char('\'');
    };
    QString command = quoted(QStringLiteral(AE_APP_BINARY));
    for (const QString &arg : args)
        command += QLatin1Char(' ') + quoted(arg);
    command += QStringLiteral(" >/dev/null");
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.start(QStandardPaths::findExecutable(QStringLiteral("script")),
        { QStringLiteral("-qec"), command, QStringLiteral("/dev/null") });
    if (!process.waitForStarted(30000))
        return {};
    return collect(process, timeoutMs);
}

QString describe(const CliRun &run)
{
    if (!run.finished)
        return QStringLiteral("did not finish");
    return QStringLiteral("exit %1%2, stderr: %3")
        .arg(run.exitCode)
        .arg(run.crashed ? QStringLiteral(" (crashed)") : QString())
        .arg(QString::fromUtf8(run.err.left(400)));
}

QJsonObject parseObject(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

} // namespace ae::test
