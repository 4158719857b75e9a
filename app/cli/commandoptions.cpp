// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandoptions.h"

#include "cli/subcommands.h"
#include "scaling/scalingdims.h"
#include "session/sessionlimits.h"

#include <QCommandLineParser>
#include <limits>
#include <optional>

namespace ae {

namespace {

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

/// Parses @p args with the table's row @p name; true when parsing ends here.
template <typename Options>
bool parseOrStop(
    QCommandLineParser &p, const QStringList &args, const char *name, ParsedCommand<Options> *out)
{
    return parseSubcommand(*findSubcommand(QLatin1String(name)), p, args, out);
}

} // namespace

ParsedCommand<ComputeOptions> parseComputeArgs(const QStringList &args)
{
    ParsedCommand<ComputeOptions> out;
    QCommandLineParser p;
    if (parseOrStop(p, args, "compute", &out))
        return out;
    for (const QString &part :
        p.value(QStringLiteral("include")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString item = part.trimmed();
        if (item == u"projections") {
            out.options.projections = true;
        } else if (item == u"qkv") {
            out.options.qkv = true;
        } else {
            out.text = QStringLiteral("compute: --include: \"%1\" is not projections or qkv")
                           .arg(item.left(40));
            return out;
        }
    }
    out.options.sessionFile = p.positionalArguments().constFirst();
    out.options.strict = p.isSet(QStringLiteral("strict"));
    out.outcome = ParseOutcome::Run;
    return out;
}

ParsedCommand<ExplainOptions> parseExplainArgs(const QStringList &args)
{
    ParsedCommand<ExplainOptions> out;
    QCommandLineParser p;
    if (parseOrStop(p, args, "explain", &out))
        return out;
    const QString format = p.value(QStringLiteral("format"));
    if (format != u"json" && format != u"markdown" && format != u"latex") {
        return refused<ExplainOptions>(
            QStringLiteral("explain: --format: \"%1\" is not json, markdown or latex")
                .arg(format.left(40)));
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
        return refused<ExplainOptions>(
            withCommandPrefix(QStringLiteral("explain"), problems.join(QLatin1Char('\n'))));
    ExplainOptions &o = out.options;
    o.sessionFile = p.positionalArguments().constFirst();
    o.mean = mean;
    o.head = *head;
    o.query = *query;
    o.key = *key;
    o.format = format;
    o.decimals = *decimals;
    o.strict = p.isSet(QStringLiteral("strict"));
    out.outcome = ParseOutcome::Run;
    return out;
}

ParsedCommand<EntropyExperimentConfig> parseEntropyArgs(const QStringList &args)
{
    using Parsed = ParsedCommand<EntropyExperimentConfig>;
    Parsed out;
    QCommandLineParser p;
    if (parseOrStop(p, args, "entropy", &out))
        return out;
    EntropyExperimentConfig &config = out.options;
    QString dimsError;
    const auto dims = ScalingDims::parse(p.value(QStringLiteral("dims")), &dimsError);
    if (!dims)
        return refused<EntropyExperimentConfig>(
            QStringLiteral("entropy: --dims: %1").arg(dimsError));
    config.dims = *dims;
    QStringList problems;
    const auto queries
        = intOption(p, QStringLiteral("queries"), 1, limits::maxExperimentQueries, &problems);
    const auto keys = intOption(p, QStringLiteral("keys"), 1, limits::maxExperimentKeys, &problems);
    const auto repeats
        = intOption(p, QStringLiteral("repeats"), 1, limits::maxExperimentRepeats, &problems);
    if (!queries || !keys || !repeats)
        return refused<EntropyExperimentConfig>(
            withCommandPrefix(QStringLiteral("entropy"), problems.join(QLatin1Char('\n'))));
    config.queries = *queries;
    config.keys = *keys;
    config.repeats = *repeats;
    bool seedOk = false;
    config.seed = p.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!seedOk) {
        return refused<EntropyExperimentConfig>(QStringLiteral(
            "entropy: --seed: \"%1\" is not a whole number from 0 to 18446744073709551615")
                                                    .arg(p.value(QStringLiteral("seed")).left(40)));
    }
    if (auto error = validateExperiment(config)) {
        return refused<EntropyExperimentConfig>(error->path.isEmpty()
                ? QStringLiteral("entropy: ") + error->message
                : QStringLiteral("entropy: --%1").arg(error->toString()));
    }
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
