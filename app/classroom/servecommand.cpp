// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/servecommand.h"

#include "classroom/classroomserver.h"
#include "classroom/lessonrevealimages.h"
#include "classroom/serveoptions.h"
#include "classroom/servesession.h"
#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandline.h"
#include "document/terminationsignals.h"
#include "language/languagemanager.h"
#include "lesson/lessoncatalog.h"

#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

namespace ae {

int runServeCommand(int argc, char **argv)
{
    // It draws the revealed steps' heatmaps for the phones: on the offscreen platform.
    prepareDrawingCommand(argc, argv);
    QGuiApplication app(argc, argv);
    const QStringList args = subcommandArguments();
    const ParsedCommand<ServeOptions> parsed = parseServeArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const ServeOptions &o = parsed.options;
    if (o.chinese)
        LanguageManager::apply(QStringLiteral("zh_CN"));
    const LessonLoadResult loaded = LessonCatalog::load(o.lesson);
    if (!loaded.ok()) {
        printCommandError(
            QStringLiteral("serve"), o.lesson + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError
                                                            : CommandLine::Refused;
    }
    ClassroomServer server;
    const ResolvedLesson &lesson = loaded.lesson;
    LessonRevealImages images([&lesson]() -> const ResolvedLesson * { return &lesson; });
    server.setRevealImages(&images);
    QString error;
    if (!o.record.isEmpty() && !server.setRecordFile(o.record, &error)) {
        printCommandError(QStringLiteral("serve"), error);
        return CommandLine::IoError;
    }
    if (!server.start(o.bind, o.port, &error)) {
        printCommandError(QStringLiteral("serve"),
            QStringLiteral("cannot listen on %1 port %2: %3")
                .arg(o.bind.toString())
                .arg(o.port)
                .arg(error));
        return CommandLine::IoError;
    }
    // Caught before the first line is out: whoever reads it may stop the room at once.
    TerminationSignals termination;
    const QJsonObject first { { QStringLiteral("url"), server.joinUrl().toString() },
        { QStringLiteral("room"), server.roomCode() },
        { QStringLiteral("port"), static_cast<int>(server.port()) } };
    const QByteArray line = QJsonDocument(first).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(line.constData(), 1, static_cast<size_t>(line.size()), stdout);
    std::fflush(stdout);

    ServeSession session(loaded.lesson, &server, o.chinese);
    QObject::connect(&session, &ServeSession::finished, &app, &QCoreApplication::quit);
    QObject::connect(
        &termination, &TerminationSignals::terminationRequested, &app, &QCoreApplication::quit);
    session.start();
    app.exec();
    server.stop();
    return CommandLine::Ok;
}

} // namespace ae
