// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandio.h"

#include "cli/subcommands.h"
#include "io/boundedfilereader.h"
#include "io/filereaderror.h"
#include "session/sessionlimits.h"
#include "session/unknownfields.h"

#include <QFile>
#include <cstdio>

namespace ae {

namespace {

/// Standard input, read like a file: at most one byte past the limit, binary data refused from
/// its first bytes.
SessionLoadResult loadStandardInput()
{
    QFile in;
    SessionLoadResult result;
    if (!in.open(stdin, QIODevice::ReadOnly)) {
        result.error = SessionError { SessionError::Kind::Io, QString(),
            QStringLiteral("cannot read standard input: %1").arg(in.errorString()) };
        return result;
    }
    const BoundedFileReader::Outcome read
        = BoundedFileReader::readDevice(in, limits::maxSessionFileBytes);
    if (read.problem == BoundedFileReader::Problem::None)
        return sessionFromJson(read.bytes);
    result.error = fileReadError(read, limits::maxSessionFileBytes);
    return result;
}

} // namespace

void printStdout(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

void printCommandError(const QString &command, const QString &text)
{
    std::fputs(withCommandPrefix(command, text).toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
}

SessionLoadResult loadSessionArgument(const QString &command, const QString &file, bool strict)
{
    const bool standardInput = file == u"-";
    SessionLoadResult loaded = standardInput ? loadStandardInput() : loadSessionFile(file);
    const QString name = standardInput ? QStringLiteral("(standard input)") : file;
    if (!loaded.ok()) {
        printCommandError(command, name + QStringLiteral(": ") + loaded.error->toString());
        return loaded;
    }
    const std::vector<UnknownSessionField> unknown
        = listUnknownSessionFields(loaded.session.original);
    for (const UnknownSessionField &field : unknown)
        printCommandError(command, name + QStringLiteral(": ") + field.toString());
    if (strict && !unknown.empty()) {
        loaded.error = SessionError { SessionError::Kind::Invalid, unknown.front().path,
            QStringLiteral("unknown field, refused under --strict") };
        printCommandError(command,
            name
                + QStringLiteral(": refused under --strict (%1 unknown field%2)")
                      .arg(unknown.size())
                      .arg(unknown.size() == 1 ? QString() : QStringLiteral("s")));
    }
    return loaded;
}

} // namespace ae
