// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoncommand.h"

#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandline.h"
#include "cli/commandprogress.h"

#include "io/nearestname.h"
#include "language/languagemanager.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonclaimevaluator.h"
#include "lesson/lessonhandout.h"
#include "lesson/lessonoptions.h"
#include "lesson/lessonresolvedjson.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <cstdio>
#include <optional>

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

/// The refusal of @p lesson when it reads as a built-in lesson's name (no folder, no ".json")
/// that is neither a built-in lesson nor a file: a mistyped name, with the nearest one.
std::optional<QString> unknownLessonName(const QString &lesson)
{
    const QStringList names = LessonCatalog::builtinNames();
    if (names.contains(lesson) || lesson.contains(QLatin1Char('/'))
        || lesson.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
        || QFileInfo::exists(lesson))
        return std::nullopt;
    const QString near = nearestName(lesson, names);
    if (!near.isEmpty())
        return QStringLiteral("\"%1\" is not a built-in lesson; did you mean %2?")
            .arg(lesson.left(40), near);
    return QStringLiteral("\"%1\" is neither a built-in lesson (%2) nor a lesson file "
                          "(*.aelesson.json)")
        .arg(lesson.left(40), names.join(QStringLiteral(", ")));
}

} // namespace

int runLessonCommand(int argc, char **argv)
{
    prepareDrawingCommand(argc, argv);
    const QGuiApplication app(argc, argv);
    const QStringList args = subcommandArguments();

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
    if (const auto refusal = unknownLessonName(o.lesson)) {
        printErr(*refusal);
        return CommandLine::Refused;
    }
    const LessonLoadResult loaded = LessonCatalog::load(o.lesson);
    if (!loaded.ok()) {
        printErr(o.lesson + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? CommandLine::IoError
                                                            : CommandLine::Refused;
    }
    if (o.action == LessonOptions::Action::Check) {
        // Every claim evaluated (training claims train their runs here): each one in words on
        // the standard error, all of them with the lesson; one that does not hold fails the
        // check.
        LessonClaimEvaluator evaluator;
        std::vector<std::vector<LessonClaimResult>> results;
        int failed = 0;
        for (size_t i = 0; i < loaded.lesson.steps.size(); ++i) {
            const ResolvedLessonStep &step = loaded.lesson.steps[i];
            results.push_back(evaluator.evaluate(loaded.lesson, int(i)));
            for (size_t c = 0; c < step.claims.size(); ++c) {
                const LessonClaimResult &r = results.back()[c];
                failed += r.holds ? 0 : 1;
                const QString line = QStringLiteral("steps[%1].claims[%2]: %3")
                                         .arg(i)
                                         .arg(c)
                                         .arg(lessonClaimText(step.claims[c], r));
                if (r.holds)
                    std::fprintf(stderr, "%s\n", line.toUtf8().constData());
                else
                    printErr(line);
            }
        }
        printOut(QJsonDocument(resolvedLessonToJson(loaded.lesson, &results))
                     .toJson(QJsonDocument::Indented));
        return failed ? CommandLine::Refused : CommandLine::Ok;
    }
    if (o.chinese)
        LanguageManager::apply(QStringLiteral("zh_CN"));
    QString error;
    bool written = false;
    {
        CommandProgress progress(QStringLiteral("lesson"), QStringLiteral("writing the handout"));
        written
            = LessonHandout::write(loaded.lesson, o.output, o.chinese, &error, progress.ticker());
    }
    if (!written) {
        printErr(error);
        return CommandLine::IoError;
    }
    return CommandLine::Ok;
}

} // namespace ae
