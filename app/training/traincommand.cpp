// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/traincommand.h"

#include "cli/commandapplication.h"
#include "cli/commandio.h"
#include "cli/commandline.h"
#include "cli/commandprogress.h"

#include "io/atomicfilewriter.h"
#include "io/boundedfilereader.h"
#include "session/sessionjson.h"
#include "session/sessionvalidator.h"
#include "training/trainer.h"
#include "training/trainingjson.h"
#include "training/traininglimits.h"
#include "training/trainingsession.h"
#include "training/trainoptions.h"
#include "training/transformer/transformerjson.h"
#include "training/transformer/transformerrunjson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <cmath>
#include <cstdio>

namespace ae {

namespace {

void printErr(const QString &text)
{
    printCommandError(QStringLiteral("train"), text);
}

/// Prints @p json, or writes it to @p file when one is given.
int writeJson(const QJsonObject &json, const QString &file)
{
    const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Indented);
    if (file.isEmpty()) {
        std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
        std::fflush(stdout);
        return CommandLine::Ok;
    }
    QString error;
    if (!AtomicFileWriter::write(file, bytes, &error)) {
        printErr(file + QStringLiteral(": ") + error);
        return CommandLine::IoError;
    }
    return CommandLine::Ok;
}

/// Writes @p session to @p file unless it is not a valid session.
int writeSession(const Session &session, const QString &file)
{
    // Weights blown up by a diverging run can pass the session limits; such a file could not
    // be opened again, so it is not written.
    if (const auto problem = validateSession(session)) {
        printErr(file
            + QStringLiteral(": not written: the trained model is not a valid session (%1)")
                  .arg(problem->toString()));
        return CommandLine::IoError;
    }
    QString error;
    if (!AtomicFileWriter::write(file, sessionToJsonBytes(session), &error)) {
        printErr(file + QStringLiteral(": ") + error);
        return CommandLine::IoError;
    }
    return CommandLine::Ok;
}

int replay(const TrainOptions &o)
{
    const QString &file = o.replayFile;
    QString readError;
    const auto bytes = BoundedFileReader::read(file, limits::maxReplayFileBytes, &readError);
    if (!bytes) {
        printErr(file + QStringLiteral(": ") + readError);
        return CommandLine::IoError;
    }
    // The architecture is read from the file: "model": {"architecture": "transformer", ...}
    // is the transformer of spec section 5; anything else the one-layer model of section 1.
    SessionError error;
    std::optional<QJsonObject> json;
    std::optional<int> divergedAt;
    if (isTransformerReplay(*bytes)) {
        if (const auto input = parseTransformerReplay(*bytes, &error)) {
            const TransformerReplayOutput out = runTransformerReplay(*input);
            divergedAt = out.divergedAt;
            json = transformerReplayOutputJson(out);
        }
    } else if (const auto input = parseReplay(*bytes, &error)) {
        const ReplayOutput out = runReplay(*input);
        divergedAt = out.divergedAt;
        json = replayOutputJson(out);
    }
    if (!json) {
        printErr(file + QStringLiteral(": ") + error.toString());
        return CommandLine::Refused;
    }
    if (divergedAt)
        printErr(file
            + QStringLiteral(": the loss or a gradient became non-finite at step %1; "
                             "stopped there")
                  .arg(*divergedAt));
    return writeJson(*json, o.outputFile);
}

/// Runs @p trainer through its @p steps with progress on a terminal, then evaluates it on its
/// held-out examples. Nothing is evaluated when the run diverged, nor kept when the held-out
/// loss is not finite (the last update overflowed): @p finalFields names what the output then
/// lacks.
template <class Run>
auto runAndEvaluate(Run &trainer, int steps, const QString &finalFields)
    -> std::optional<decltype(trainer.evaluate())>
{
    {
        CommandProgress progress(QStringLiteral("train"));
        while (trainer.step())
            progress.poll(trainer.stepsDone(), steps);
    }
    if (const auto step = trainer.divergedAt()) {
        printErr(QStringLiteral("the loss or a gradient became non-finite at step %1; "
                                "stopped there")
                     .arg(*step));
        return std::nullopt;
    }
    auto final = trainer.evaluate();
    if (!std::isfinite(final.loss)) {
        printErr(QStringLiteral("the held-out loss is not finite after step %1; no %2")
                     .arg(trainer.stepsDone())
                     .arg(finalFields));
        return std::nullopt;
    }
    return final;
}

/// `train --model transformer`: the run, then its held-out evaluation.
int trainTransformer(const TrainOptions &o)
{
    TransformerTrainer trainer(o.config);
    const auto final = runAndEvaluate(
        trainer, o.config.steps, QStringLiteral("final_loss, final_accuracy or exact_match"));
    const int status = writeJson(transformerRunHistoryJson(trainer, final), o.outputFile);
    if (status != CommandLine::Ok || o.sessionFile.isEmpty())
        return status;
    // The sentence asked for, or the first held-out example without its padding.
    std::vector<int> source = o.sessionSource, target = o.sessionTarget;
    if (source.empty()) {
        const TrainingBatch held = trainer.heldOutBatch();
        for (int i = 0; i < held.sourceLength(); ++i)
            if (held.sourcePadding.size() == 0 || !held.sourcePadding(0, i))
                source.push_back(held.source(0, i));
        for (int i = 0; i < held.targetLength(); ++i)
            if (held.targetPadding.size() == 0 || !held.targetPadding(0, i))
                target.push_back(held.target(0, i));
    }
    return writeSession(transformerLayerSession(trainer.spec(), trainer.parameters(), source,
                            target, o.sessionLayer, o.sessionKind,
                            transformerSessionTitle(taskName(o.config.task.kind), o.sessionLayer,
                                o.sessionKind, trainer.stepsDone(), o.config.seed)),
        o.sessionFile);
}

int train(const TrainOptions &o)
{
    if (o.config.model == ModelKind::Transformer)
        return trainTransformer(o);
    Trainer trainer(o.config);
    const auto final
        = runAndEvaluate(trainer, o.config.steps, QStringLiteral("final_loss or final_accuracy"));
    const int status = writeJson(runHistoryJson(trainer, final), o.outputFile);
    if (status != CommandLine::Ok)
        return status;
    if (o.sessionFile.isEmpty())
        return CommandLine::Ok;
    const TrainingBatch held = trainer.heldOutBatch(1);
    const std::vector<int> source(held.source.data(), held.source.data() + held.source.cols());
    const std::vector<int> target(held.target.data(), held.target.data() + held.target.cols());
    return writeSession(trainedSession(trainer.spec(), trainer.parameters(), source, target,
                            QStringLiteral("%1, trained %2 steps (seed %3)")
                                .arg(taskName(o.config.task.kind))
                                .arg(trainer.stepsDone())
                                .arg(o.config.seed)),
        o.sessionFile);
}

} // namespace

int runTrainCommand(int argc, char **argv)
{
    const QCoreApplication app(argc, argv);
    const QStringList args = subcommandArguments();
    const ParsedCommand<TrainOptions> parsed = parseTrainArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    return parsed.options.replayFile.isEmpty() ? train(parsed.options) : replay(parsed.options);
}

} // namespace ae
