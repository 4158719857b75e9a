// SPDX-License-Identifier: GPL-3.0-or-later
#include "traincommand.h"

#include "commandio.h"
#include "commandline.h"

#include "atomicfilewriter.h"
#include "boundedfilereader.h"
#include "sessionjson.h"
#include "sessionvalidator.h"
#include "training/trainer.h"
#include "training/trainingjson.h"
#include "training/traininglimits.h"
#include "training/trainingsession.h"
#include "trainoptions.h"

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

int replay(const TrainOptions &o)
{
    const QString &file = o.replayFile;
    QString readError;
    const auto bytes = BoundedFileReader::read(file, limits::maxReplayFileBytes, &readError);
    if (!bytes) {
        printErr(file + QStringLiteral(": ") + readError);
        return CommandLine::IoError;
    }
    SessionError error;
    const auto input = parseReplay(*bytes, &error);
    if (!input) {
        printErr(file + QStringLiteral(": ") + error.toString());
        return CommandLine::Refused;
    }
    const ReplayOutput out = runReplay(*input);
    if (out.divergedAt)
        printErr(file
            + QStringLiteral(": the loss or a gradient became non-finite at step %1; "
                             "stopped there")
                  .arg(*out.divergedAt));
    return writeJson(replayOutputJson(out), o.outputFile);
}

int train(const TrainOptions &o)
{
    Trainer trainer(o.config);
    while (trainer.step()) { }
    std::optional<EvaluationMetrics> final;
    if (const auto step = trainer.divergedAt()) {
        printErr(QStringLiteral("the loss or a gradient became non-finite at step %1; "
                                "stopped there")
                     .arg(*step));
    } else {
        final = trainer.evaluate();
        if (!std::isfinite(final->loss)) {
            // The last update overflowed: the held-out loss is not a number to print.
            printErr(QStringLiteral("the held-out loss is not finite after step %1; no "
                                    "final_loss or final_accuracy")
                         .arg(trainer.stepsDone()));
            final.reset();
        }
    }
    const int status = writeJson(runHistoryJson(trainer, final), o.outputFile);
    if (status != CommandLine::Ok)
        return status;
    if (!o.sessionFile.isEmpty()) {
        const TrainingBatch held = trainer.heldOutBatch(1);
        const std::vector<int> source(held.source.data(), held.source.data() + held.source.cols());
        const std::vector<int> target(held.target.data(), held.target.data() + held.target.cols());
        const Session session = trainedSession(trainer.spec(), trainer.parameters(), source, target,
            QStringLiteral("%1, trained %2 steps (seed %3)")
                .arg(taskName(o.config.task.kind))
                .arg(trainer.stepsDone())
                .arg(o.config.seed));
        // Weights blown up by a diverging run can pass the session limits; such a file could
        // not be opened again, so it is not written.
        if (const auto problem = validateSession(session)) {
            printErr(o.sessionFile
                + QStringLiteral(": not written: the trained model is not a valid "
                                 "session (%1)")
                      .arg(problem->toString()));
            return CommandLine::IoError;
        }
        QString error;
        if (!AtomicFileWriter::write(o.sessionFile, sessionToJsonBytes(session), &error)) {
            printErr(o.sessionFile + QStringLiteral(": ") + error);
            return CommandLine::IoError;
        }
    }
    return CommandLine::Ok;
}

} // namespace

int runTrainCommand(int argc, char **argv)
{
    const QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QCoreApplication::arguments();
    args.removeAt(1);
    const ParsedCommand<TrainOptions> parsed = parseTrainArgs(args);
    if (parsed.outcome != ParseOutcome::Run)
        return reportParseOutcome(parsed.outcome, parsed.text);
    return parsed.options.replayFile.isEmpty() ? train(parsed.options) : replay(parsed.options);
}

} // namespace ae
