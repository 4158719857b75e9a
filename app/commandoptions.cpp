// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandoptions.h"

#include "scalingdims.h"
#include "sessionlimits.h"

#include <QCommandLineParser>
#include <limits>
#include <optional>

namespace ae {

namespace {

const char *const usageText = R"(Usage:
  attention-explorer [SESSION.json]          open the window (the built-in example without a file)
  attention-explorer compute SESSION.json    print every head's scores, weights and outputs as JSON
  attention-explorer entropy [--dims 8..512|8,32,128,512] [--queries 2048] [--keys 10]
                             [--repeats 1] [--seed 0]
                                             print the scaling experiment as JSON: entropy,
                                             score spread, softmax gradient and saturation
                                             against d_k, scaled and unscaled
  attention-explorer export SESSION.json -o OUT.(svg|png|pdf)
                             [--view mean|head:N|grid|scaling|scaling:PANEL|scaling:all]
                             [--width PX] [--height PX]
                             [--dpi N] [--no-values] [--no-colorbar] [--title TEXT]
                             [--colormap blues|viridis|cividis]
                                             draw a heatmap (head N counts from 0), the grid of
                                             the mean and every head, or the scaling plot
                                             (PANEL: entropy, spread, gradient, saturation,
                                             histogram; all: every panel in a grid)
  attention-explorer explain SESSION.json --head H|mean --query I --key J
                             [--format json|markdown|latex] [--decimals N]
                                             derive one attention weight by hand: products,
                                             dot, scaled score, softmax row (H, I, J from 0)
  attention-explorer worksheet -o DIR [--students 30] [--seed 0] [--lang en|zh]
                             [--format markdown|latex|pdf] [--tokens 2..4] [--d-model 2..8]
                             [--heads 1|2] [--wiring cross|self|reverse|decoder] [--causal]
                                             a different exercise for every student, with
                                             sheets, answers and answers.json
  attention-explorer train --task copy|reverse|rotate|translate [--length 6] [--vocab 12]
                             [--d-model 128] [--heads 1] [--scale sqrt_dk|none|NUMBER]
                             [--optimizer adam|sgd] [--lr 0.003] [--batch 32] [--steps 600]
                             [--seed 0] [--log-every 10] [-o HISTORY.json]
                             [--save-session SESSION.json]
                                             train a one-layer cross-attention model and print
                                             its loss, accuracy and attention statistics as JSON
  attention-explorer train --replay REFERENCE.json [-o OUT.json]
                                             replay a training reference: losses, step-0
                                             gradients and attention, final parameters
  attention-explorer --help | --version

Exit status: 0 success, 1 a file could not be read or written, 2 the input was refused.
)";

/// Reads a whole-number option within [lo, hi] (the documented limits); on failure adds why to
/// @p problems, in the words the session validator uses, and returns nothing.
std::optional<int> intOption(
    const QCommandLineParser &p, const QString &name, int lo, int hi, QStringList *problems)
{
    bool ok = false;
    const QString text = p.value(name);
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok) {
        *problems << QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, text.left(40));
        return std::nullopt;
    }
    if (v < lo || v > hi) {
        *problems << QStringLiteral("--%1: %2 is outside %3..%4").arg(name).arg(v).arg(lo).arg(hi);
        return std::nullopt;
    }
    return static_cast<int>(v);
}

template <typename Options> ParsedCommand<Options> refused(const QString &text)
{
    ParsedCommand<Options> out;
    out.text = text;
    return out;
}

/// Parses @p args with @p p; a syntax error or --help ends parsing here (returns true).
template <typename Options>
bool parseOrStop(QCommandLineParser &p, const QStringList &args, const char *command,
    ParsedCommand<Options> *out)
{
    if (!p.parse(args)) {
        out->text = QStringLiteral("%1: %2").arg(QLatin1String(command), p.errorText());
        return true;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out->outcome = ParseOutcome::Help;
        out->text = p.helpText();
        return true;
    }
    return false;
}

} // namespace

const char *commandLineUsage()
{
    return usageText;
}

ParsedCommand<ComputeOptions> parseComputeArgs(const QStringList &args)
{
    ParsedCommand<ComputeOptions> out;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Print the attention result of a session as JSON."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("session"), QStringLiteral("The session file (JSON)."));
    if (parseOrStop(p, args, "compute", &out))
        return out;
    if (p.positionalArguments().size() != 1) {
        return refused<ComputeOptions>(
            QStringLiteral("compute: expected exactly one session file\n")
            + QLatin1String(usageText));
    }
    out.options.sessionFile = p.positionalArguments().constFirst();
    out.outcome = ParseOutcome::Run;
    return out;
}

ParsedCommand<ExplainOptions> parseExplainArgs(const QStringList &args)
{
    ParsedCommand<ExplainOptions> out;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Derive one attention weight by hand, from the head's query and key rows to the softmax."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("session"), QStringLiteral("The session file (JSON)."));
    p.addOptions({
        { QStringLiteral("head"), QStringLiteral("Head index from 0, or \"mean\"."),
            QStringLiteral("H") },
        { QStringLiteral("query"), QStringLiteral("Query index from 0."), QStringLiteral("I") },
        { QStringLiteral("key"), QStringLiteral("Key index from 0."), QStringLiteral("J") },
        { QStringLiteral("format"), QStringLiteral("json (default), markdown or latex."),
            QStringLiteral("format"), QStringLiteral("json") },
        { QStringLiteral("decimals"),
            QStringLiteral("Decimals of the numbers in markdown and latex (default 4)."),
            QStringLiteral("n"), QStringLiteral("4") },
    });
    if (parseOrStop(p, args, "explain", &out))
        return out;
    if (p.positionalArguments().size() != 1) {
        return refused<ExplainOptions>(
            QStringLiteral("explain: expected exactly one session file\n")
            + QLatin1String(usageText));
    }
    for (const QString &name :
        { QStringLiteral("head"), QStringLiteral("query"), QStringLiteral("key") }) {
        if (!p.isSet(name))
            return refused<ExplainOptions>(QStringLiteral("explain: --%1 is required").arg(name));
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != u"json" && format != u"markdown" && format != u"latex") {
        return refused<ExplainOptions>(
            QStringLiteral("--format: \"%1\" is not json, markdown or latex").arg(format.left(40)));
    }
    // Range checks against the session come after loading it; here only the syntax.
    const int lowest = std::numeric_limits<int>::min();
    const int highest = std::numeric_limits<int>::max();
    QStringList problems;
    const bool mean = p.value(QStringLiteral("head")).trimmed() == u"mean";
    const auto head = mean ? std::optional<int>(0)
                           : intOption(p, QStringLiteral("head"), lowest, highest, &problems);
    const auto query = intOption(p, QStringLiteral("query"), lowest, highest, &problems);
    const auto key = intOption(p, QStringLiteral("key"), lowest, highest, &problems);
    const auto decimals = intOption(p, QStringLiteral("decimals"), 0, 15, &problems);
    if (!head || !query || !key || !decimals)
        return refused<ExplainOptions>(problems.join(QLatin1Char('\n')));
    ExplainOptions &o = out.options;
    o.sessionFile = p.positionalArguments().constFirst();
    o.mean = mean;
    o.head = *head;
    o.query = *query;
    o.key = *key;
    o.format = format;
    o.decimals = *decimals;
    out.outcome = ParseOutcome::Run;
    return out;
}

ParsedCommand<EntropyExperimentConfig> parseEntropyArgs(const QStringList &args)
{
    using Parsed = ParsedCommand<EntropyExperimentConfig>;
    Parsed out;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Mean softmax entropy (nats) of random scores against d_k, scaled and unscaled."));
    p.addHelpOption();
    const EntropyExperimentConfig defaults;
    p.addOptions({
        { QStringLiteral("dims"),
            QStringLiteral("The d_k values: a list (8,32,128,512), a range of powers of two "
                           "(8..512), or both (4..16,100)."),
            QStringLiteral("list"), QStringLiteral("8,32,128,512") },
        { QStringLiteral("queries"), QStringLiteral("Queries per draw."), QStringLiteral("n"),
            QString::number(defaults.queries) },
        { QStringLiteral("keys"), QStringLiteral("Keys per draw."), QStringLiteral("n"),
            QString::number(defaults.keys) },
        { QStringLiteral("repeats"), QStringLiteral("Independent draws averaged."),
            QStringLiteral("n"), QString::number(defaults.repeats) },
        { QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("n"),
            QStringLiteral("0") },
    });
    if (parseOrStop(p, args, "entropy", &out))
        return out;
    if (!p.positionalArguments().isEmpty()) {
        return refused<EntropyExperimentConfig>(
            QStringLiteral("entropy: unexpected argument \"%1\"")
                .arg(p.positionalArguments().constFirst().left(40)));
    }
    EntropyExperimentConfig &config = out.options;
    QString dimsError;
    const auto dims = ScalingDims::parse(p.value(QStringLiteral("dims")), &dimsError);
    if (!dims)
        return refused<EntropyExperimentConfig>(QStringLiteral("--dims: %1").arg(dimsError));
    config.dims = *dims;
    QStringList problems;
    const auto queries
        = intOption(p, QStringLiteral("queries"), 1, limits::maxExperimentQueries, &problems);
    const auto keys = intOption(p, QStringLiteral("keys"), 1, limits::maxExperimentKeys, &problems);
    const auto repeats
        = intOption(p, QStringLiteral("repeats"), 1, limits::maxExperimentRepeats, &problems);
    if (!queries || !keys || !repeats)
        return refused<EntropyExperimentConfig>(problems.join(QLatin1Char('\n')));
    config.queries = *queries;
    config.keys = *keys;
    config.repeats = *repeats;
    bool seedOk = false;
    config.seed = p.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!seedOk) {
        return refused<EntropyExperimentConfig>(
            QStringLiteral("--seed: \"%1\" is not a whole number from 0 to 18446744073709551615")
                .arg(p.value(QStringLiteral("seed")).left(40)));
    }
    if (auto error = validateExperiment(config)) {
        return refused<EntropyExperimentConfig>(error->path.isEmpty()
                ? QStringLiteral("entropy: ") + error->message
                : QStringLiteral("--%1").arg(error->toString()));
    }
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
