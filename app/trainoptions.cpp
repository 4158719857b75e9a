// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainoptions.h"

#include "sessionlimits.h"

#include <QCommandLineParser>
#include <cmath>
#include <optional>

namespace ae {

namespace {

/// A whole-number option checked against its limit by checkTrainingNumber(), the one rule.
std::optional<int> wholeNumber(
    const QCommandLineParser &p, const QString &name, QStringList *problems)
{
    bool ok = false;
    const QString text = p.value(name);
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok) {
        *problems << QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, text.left(40));
        return std::nullopt;
    }
    if (const auto e = checkTrainingNumber(name, v)) {
        *problems << QStringLiteral("--") + e->toString();
        return std::nullopt;
    }
    return static_cast<int>(v);
}

} // namespace

ParsedCommand<TrainOptions> parseTrainArgs(const QStringList &args)
{
    ParsedCommand<TrainOptions> out;
    auto refuse = [&out](const QString &what) {
        out.text = what;
        return out;
    };
    const RunConfig defaults;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Train a one-layer cross-attention model on a task and print its history as JSON, or "
        "replay a reference file."));
    p.addHelpOption();
    const auto number = [](int v) { return QString::number(v); };
    p.addOptions({
        { QStringLiteral("task"), QStringLiteral("copy, reverse, rotate or translate."),
            QStringLiteral("task") },
        { QStringLiteral("length"), QStringLiteral("Sequence length (default 6; translate: 4)."),
            QStringLiteral("n"), number(defaults.task.length) },
        { QStringLiteral("vocab"),
            QStringLiteral("Source tokens (default 12; translate: the phrase book)."),
            QStringLiteral("n"), number(defaults.task.vocab) },
        { QStringLiteral("d-model"), QStringLiteral("Model width (default 128)."),
            QStringLiteral("n"), number(defaults.dModel) },
        { QStringLiteral("heads"), QStringLiteral("Heads, dividing d_model (default 1)."),
            QStringLiteral("n"), number(defaults.heads) },
        { QStringLiteral("scale"), QStringLiteral("sqrt_dk (default), none or a number."),
            QStringLiteral("scale"), QStringLiteral("sqrt_dk") },
        { QStringLiteral("optimizer"), QStringLiteral("adam (default) or sgd."),
            QStringLiteral("name"), QStringLiteral("adam") },
        { QStringLiteral("lr"), QStringLiteral("Learning rate (default 0.003)."),
            QStringLiteral("x"), QStringLiteral("0.003") },
        { QStringLiteral("batch"), QStringLiteral("Examples per step (default 32)."),
            QStringLiteral("n"), number(defaults.batch) },
        { QStringLiteral("steps"), QStringLiteral("Training steps (default 600)."),
            QStringLiteral("n"), number(defaults.steps) },
        { QStringLiteral("seed"), QStringLiteral("Random seed (default 0)."), QStringLiteral("n"),
            QStringLiteral("0") },
        { QStringLiteral("log-every"), QStringLiteral("Steps between logged steps (default 10)."),
            QStringLiteral("n"), number(defaults.logEvery) },
        { { QStringLiteral("o"), QStringLiteral("output") },
            QStringLiteral("Write the JSON to this file instead of printing it."),
            QStringLiteral("FILE") },
        { QStringLiteral("save-session"),
            QStringLiteral("Write the first held-out example, with the trained weights, as a "
                           "session."),
            QStringLiteral("FILE") },
        { QStringLiteral("replay"),
            QStringLiteral("Replay a training reference file and print its losses, step-0 "
                           "gradients and attention, and final parameters."),
            QStringLiteral("FILE") },
    });
    if (!p.parse(args))
        return refuse(QStringLiteral("train: ") + p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        const QString text = p.helpText();
        out.outcome = ParseOutcome::Help;
        out.text = QStringLiteral("Usage: attention-explorer train --task TASK [options]\n"
                                  "       attention-explorer train --replay FILE [-o OUT]")
            + text.mid(text.indexOf(QLatin1Char('\n')));
        return out;
    }
    if (!p.positionalArguments().isEmpty())
        return refuse(QStringLiteral("train: unexpected argument \"%1\"")
                          .arg(p.positionalArguments().constFirst().left(40)));
    TrainOptions &o = out.options;
    o.outputFile = p.value(QStringLiteral("output"));
    if (p.isSet(QStringLiteral("output")) && o.outputFile.isEmpty())
        return refuse(QStringLiteral("-o: empty file name"));
    o.sessionFile = p.value(QStringLiteral("save-session"));
    if (p.isSet(QStringLiteral("save-session")) && o.sessionFile.isEmpty())
        return refuse(QStringLiteral("--save-session: empty file name"));
    if (p.isSet(QStringLiteral("replay"))) {
        o.replayFile = p.value(QStringLiteral("replay"));
        if (o.replayFile.isEmpty())
            return refuse(QStringLiteral("--replay: empty file name"));
        // A replay takes everything from its file: a training option beside it is a mistake.
        for (const QString &name : p.optionNames()) {
            if (name != u"replay" && name != u"o" && name != u"output")
                return refuse(QStringLiteral("--replay: cannot be combined with --%1 (the file "
                                             "holds the model, the optimiser and the batches)")
                                  .arg(name));
        }
        out.outcome = ParseOutcome::Run;
        return out;
    }
    if (!p.isSet(QStringLiteral("task")))
        return refuse(QStringLiteral("train: --task is required (copy, reverse, rotate or "
                                     "translate), or --replay FILE"));
    RunConfig &c = o.config;
    const auto task = taskFromName(p.value(QStringLiteral("task")));
    if (!task)
        return refuse(QStringLiteral("--task: \"%1\" is not copy, reverse, rotate or translate")
                          .arg(p.value(QStringLiteral("task")).left(40)));
    c.task.kind = *task;
    QStringList problems;
    const auto length = wholeNumber(p, QStringLiteral("length"), &problems);
    const auto vocab = wholeNumber(p, QStringLiteral("vocab"), &problems);
    const auto dModel = wholeNumber(p, QStringLiteral("d-model"), &problems);
    const auto heads = wholeNumber(p, QStringLiteral("heads"), &problems);
    const auto batch = wholeNumber(p, QStringLiteral("batch"), &problems);
    const auto steps = wholeNumber(p, QStringLiteral("steps"), &problems);
    const auto logEvery = wholeNumber(p, QStringLiteral("log-every"), &problems);
    if (!problems.isEmpty())
        return refuse(problems.join(QLatin1Char('\n')));
    c.task.length = *length;
    c.task.vocab = *vocab;
    c.dModel = *dModel;
    c.heads = *heads;
    c.batch = *batch;
    c.steps = *steps;
    c.logEvery = *logEvery;
    const auto scale = scaleFromName(p.value(QStringLiteral("scale")));
    if (!scale)
        return refuse(QStringLiteral("--scale: \"%1\" is not sqrt_dk, none or a number from %2 "
                                     "to %3")
                          .arg(p.value(QStringLiteral("scale")).left(40))
                          .arg(limits::minScaleDivisor)
                          .arg(limits::maxAbsValue));
    c.scale = *scale;
    const auto optimizer = optimizerFromName(p.value(QStringLiteral("optimizer")));
    if (!optimizer)
        return refuse(QStringLiteral("--optimizer: \"%1\" is not adam or sgd")
                          .arg(p.value(QStringLiteral("optimizer")).left(40)));
    c.optimizer.kind = *optimizer;
    bool lrOk = false;
    c.optimizer.lr = p.value(QStringLiteral("lr")).trimmed().toDouble(&lrOk);
    if (!lrOk || !std::isfinite(c.optimizer.lr))
        return refuse(QStringLiteral("--lr: \"%1\" is not a number")
                          .arg(p.value(QStringLiteral("lr")).left(40)));
    bool seedOk = false;
    c.seed = p.value(QStringLiteral("seed")).trimmed().toULongLong(&seedOk);
    if (!seedOk)
        return refuse(
            QStringLiteral("--seed: \"%1\" is not a whole number from 0 to 18446744073709551615")
                .arg(p.value(QStringLiteral("seed")).left(40)));
    if (const auto e = checkRunConfig(c))
        return refuse(QStringLiteral("--") + e->toString());
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
