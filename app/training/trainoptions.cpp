// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainoptions.h"

#include "cli/subcommands.h"
#include "session/sessionlimits.h"
#include "training/trainingtask.h"

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
        out.text = withCommandPrefix(QStringLiteral("train"), what);
        return out;
    };
    QCommandLineParser p;
    if (parseSubcommand(*findSubcommand(QStringLiteral("train")), p, args, &out))
        return out;
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
    const auto model = modelFromName(p.value(QStringLiteral("model")));
    if (!model)
        return refuse(QStringLiteral("--model: \"%1\" is not one-layer or transformer")
                          .arg(p.value(QStringLiteral("model")).left(40)));
    const bool transformer = *model == ModelKind::Transformer;
    if (!transformer) {
        // Only the transformer has these: given to the one-layer model they are a mistake.
        for (const char *name : { "layers", "d-ff" })
            if (p.isSet(QLatin1String(name)))
                return refuse(QStringLiteral("--%1: only the transformer has it (--model "
                                             "transformer)")
                                  .arg(QLatin1String(name)));
    }
    for (const char *name : { "layer", "kind", "sentence" }) {
        if (!p.isSet(QLatin1String(name)))
            continue;
        if (!transformer)
            return refuse(QStringLiteral("--%1: only the transformer has it (--model "
                                         "transformer)")
                              .arg(QLatin1String(name)));
        if (!p.isSet(QStringLiteral("save-session")))
            return refuse(QStringLiteral("--%1: chooses what --save-session writes; give "
                                         "--save-session FILE too")
                              .arg(QLatin1String(name)));
    }
    const auto kind = attentionKindFromName(p.value(QStringLiteral("kind")));
    if (!kind)
        return refuse(QStringLiteral("--kind: \"%1\" is not encoder-self, decoder-self or "
                                     "cross")
                          .arg(p.value(QStringLiteral("kind")).left(40)));
    o.sessionKind = *kind;
    if (!p.isSet(QStringLiteral("task")))
        return refuse(QStringLiteral("train: --task is required (%1), or --replay FILE")
                          .arg(taskNames().replace(QLatin1Char('|'), QStringLiteral(", "))));
    RunConfig &c = o.config;
    c = defaultRunConfig(*model);
    const auto task = taskFromName(p.value(QStringLiteral("task")));
    if (!task)
        return refuse(QStringLiteral("--task: \"%1\" is not one of %2")
                          .arg(p.value(QStringLiteral("task")).left(40),
                              taskNames().replace(QLatin1Char('|'), QStringLiteral(", "))));
    c.task.kind = *task;
    QStringList problems;
    const auto length = wholeNumber(p, QStringLiteral("length"), &problems);
    const auto vocab = wholeNumber(p, QStringLiteral("vocab"), &problems);
    const auto dModel = wholeNumber(p, QStringLiteral("d-model"), &problems);
    const auto heads = wholeNumber(p, QStringLiteral("heads"), &problems);
    const auto batch = wholeNumber(p, QStringLiteral("batch"), &problems);
    const auto steps = wholeNumber(p, QStringLiteral("steps"), &problems);
    const auto logEvery = wholeNumber(p, QStringLiteral("log-every"), &problems);
    const auto layers = wholeNumber(p, QStringLiteral("layers"), &problems);
    const auto dimFeedforward = wholeNumber(p, QStringLiteral("d-ff"), &problems);
    if (!problems.isEmpty())
        return refuse(problems.join(QLatin1Char('\n')));
    c.task.length = *length;
    c.task.vocab = *vocab;
    // The table's defaults of d_model and heads are the one-layer model's; the transformer
    // keeps its own unless they are given.
    if (!transformer || p.isSet(QStringLiteral("d-model")))
        c.dModel = *dModel;
    if (!transformer || p.isSet(QStringLiteral("heads")))
        c.heads = *heads;
    c.layers = *layers;
    c.dimFeedforward = *dimFeedforward;
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
    // The layer of the session: one of the model's (checked once the layers are known).
    bool layerOk = false;
    const QString layerText = p.value(QStringLiteral("layer"));
    const qlonglong layer = layerText.trimmed().toLongLong(&layerOk);
    if (!layerOk)
        return refuse(
            QStringLiteral("--layer: \"%1\" is not a whole number").arg(layerText.left(40)));
    if (layer < 0 || layer >= c.layers)
        return refuse(QStringLiteral("--layer: %1 is outside 0..%2 (the model's %3 layers)")
                          .arg(layer)
                          .arg(c.layers - 1)
                          .arg(c.layers));
    o.sessionLayer = static_cast<int>(layer);
    if (p.isSet(QStringLiteral("sentence"))) {
        // A sentence of the task with the task's own translation, so that the session's
        // rows are the reference words (as for a held-out example).
        const TrainingTask task(c.task);
        const QString words = p.value(QStringLiteral("sentence"));
        QString unknown;
        const auto source = task.sourceIds(words, &unknown);
        if (!source || source->empty())
            return refuse(QStringLiteral("--sentence: \"%1\" is not a word of the task's "
                                         "source vocabulary")
                              .arg((source ? words : unknown).left(40)));
        const auto target = task.translation(*source);
        if (!target)
            return refuse(QStringLiteral("--sentence: \"%1\" is not a source sentence of the "
                                         "task (none of its examples translates it)")
                              .arg(words.left(80)));
        o.sessionSource = *source;
        o.sessionTarget = *target;
    }
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
