// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessoncommand.h"

#include "commandio.h"
#include "commandline.h"

#include "languagemanager.h"
#include "lessoncatalog.h"
#include "lessonhandout.h"
#include "lessonoptions.h"
#include "lessonresolvedjson.h"

#include <QGuiApplication>
#include <QHashSeed>
#include <QJsonDocument>
#include <cstdio>

namespace ae {

namespace {

void printErr(const QString &text)
{
    printCommandError(QStringLiteral("lesson"), text);
}

void printOut(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

} // namespace

int runLessonCommand(int argc, char **argv)
{
    // The same handout gives the same bytes (the PDF writer keeps its fonts in a hash).
    QHashSeed::setDeterministicGlobalSeed();
    // Handouts draw figures and need fonts; without a display they draw offscreen.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QGuiApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QGuiApplication::arguments();
    args.removeAt(1); // "lesson"; what stays parses like a program of its own

    const ParsedCommand<LessonOptions> parsed = parseLessonArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    const LessonOptions &o = parsed.options;
    if (o.action == LessonOptions::Action::ListBuiltin) {
        QByteArray lines;
        for (const QString &name : LessonCatalog::builtinNames()) {
            const LessonLoadResult loaded = LessonCatalog::load(name);
            lines += (name + QLatin1Char('\t')
                + (loaded.ok() ? loaded.lesson.title.in(false) : QString()) + QLatin1Char('\n'))
                         .toUtf8();
        }
        printOut(lines);
        return CommandLine::Ok;
    }
    const LessonLoadResult loaded = LessonCatalog::load(o.lesson);
    if (!loaded.ok()) {
        printErr(o.lesson + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError : CommandLine::Refused;
    }
    if (o.action == LessonOptions::Action::Check) {
        printOut(
            QJsonDocument(resolvedLessonToJson(loaded.lesson)).toJson(QJsonDocument::Indented));
        return CommandLine::Ok;
    }
    if (o.chinese)
        LanguageManager::apply(QStringLiteral("zh_CN"));
    QString error;
    if (!LessonHandout::write(loaded.lesson, o.output, o.chinese, &error)) {
        printErr(error);
        return CommandLine::IoError;
    }
    return CommandLine::Ok;
}

} // namespace ae
