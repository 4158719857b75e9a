#include "testsupportcli.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <cmath>

namespace ae::test {

QProcessEnvironment headlessEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
        env.remove(QLatin1String(name));
    return env;
}

CliRun runCli(const QStringList &args, const QProcessEnvironment &environment, int timeoutMs)
{
    CliRun run;
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(AE_APP_BINARY), args);
    if (!process.waitForStarted(30000))
        return run;
    process.closeWriteChannel();
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

QString describe(const CliRun &run)
{
    if (!run.finished)
        return QStringLiteral("did not finish");
    return QStringLiteral("exit %1%2, stderr: %3")
        .arg(run.exitCode)
        .arg(run.crashed ? QStringLiteral(" (crashed)") : QString())
        .arg(QString::fromUtf8(run.err.left(400)));
}

QString referenceCasesDir()
{
    return QStringLiteral(AE_SHARED_DIR "/reference/cases");
}

QStringList referenceCaseNames()
{
    const QDir dir(referenceCasesDir());
    QStringList names;
    const QString suffix = QStringLiteral(".session.json");
    for (const QString &file :
        dir.entryList({ QStringLiteral("*.session.json") }, QDir::Files, QDir::Name))
        names.append(file.left(file.size() - suffix.size()));
    return names;
}

QByteArray readFileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray();
    return file.readAll();
}

QJsonObject parseObject(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QString compareJson(
    const QJsonValue &actual, const QJsonValue &expected, double tolerance, const QString &path)
{
    const QString where = path.isEmpty() ? QStringLiteral("(top)") : path;
    if (expected.isDouble()) {
        if (!actual.isDouble())
            return where + QStringLiteral(": expected a number");
        const double a = actual.toDouble();
        const double e = expected.toDouble();
        if (!(std::abs(a - e) <= tolerance))
            return where
                + QStringLiteral(": %1, expected %2").arg(a, 0, 'g', 17).arg(e, 0, 'g', 17);
        return QString();
    }
    if (actual.type() != expected.type())
        return where
            + QStringLiteral(": type %1, expected type %2")
                  .arg(static_cast<int>(actual.type()))
                  .arg(static_cast<int>(expected.type()));
    if (expected.isArray()) {
        const QJsonArray a = actual.toArray();
        const QJsonArray e = expected.toArray();
        if (a.size() != e.size())
            return where + QStringLiteral(": %1 entries, expected %2").arg(a.size()).arg(e.size());
        for (int i = 0; i < e.size(); ++i) {
            const QString why = compareJson(
                a.at(i), e.at(i), tolerance, QStringLiteral("%1[%2]").arg(path).arg(i));
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    if (expected.isObject()) {
        const QJsonObject a = actual.toObject();
        const QJsonObject e = expected.toObject();
        if (a.keys() != e.keys())
            return where
                + QStringLiteral(": keys {%1}, expected {%2}")
                      .arg(a.keys().join(QLatin1Char(',')), e.keys().join(QLatin1Char(',')));
        for (const QString &key : e.keys()) {
            const QString sub = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            const QString why = compareJson(a.value(key), e.value(key), tolerance, sub);
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    return actual == expected ? QString() : where + QStringLiteral(": values differ");
}

} // namespace ae::test
