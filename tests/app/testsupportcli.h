#pragma once

/// @file testsupportcli.h
/// Helpers shared by the command-line test suites: running the built executable headless,
/// reading the reference files, comparing JSON.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace ae::test {

/// What one run of the executable produced.
struct CliRun
{
    bool finished = false; ///< false when it did not start or did not end in time
    bool crashed = false; ///< ended by a signal
    int exitCode = -1;
    QByteArray out; ///< standard output
    QByteArray err; ///< standard error
};

/// The environment of a headless machine: the test's own, without DISPLAY, WAYLAND_DISPLAY
/// and QT_QPA_PLATFORM.
QProcessEnvironment headlessEnvironment();

/// Runs `attention-explorer ARGS` in @p environment (headless by default) and waits for it.
CliRun runCli(const QStringList &args,
    const QProcessEnvironment &environment = headlessEnvironment(), int timeoutMs = 120000);

/// Describes a run for failure messages: exit code and the start of stderr.
QString describe(const CliRun &run);

/// The folder of the shared reference cases (AE_SHARED_DIR/reference/cases).
QString referenceCasesDir();

/// The names of the reference cases (NAME of every NAME.session.json), sorted.
QStringList referenceCaseNames();

/// The whole content of @p path; an empty array when it cannot be read.
QByteArray readFileBytes(const QString &path);

/// The JSON object in @p bytes; an empty object when they do not parse as one.
QJsonObject parseObject(const QByteArray &bytes);

/// Compares @p actual with @p expected recursively: numbers within @p tolerance (absolute),
/// null only where null is expected, the same keys, array lengths, strings and booleans.
/// @return an empty string when they agree, else "path: what differs" for the first difference.
QString compareJson(const QJsonValue &actual, const QJsonValue &expected, double tolerance,
    const QString &path = QString());

} // namespace ae::test
