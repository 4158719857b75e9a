// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "entropyexperiment.h"
#include "entropyjson.h"
#include "explain.h"
#include "explainjson.h"
#include "explaintext.h"
#include "exportcommand.h"
#include "resultjson.h"
#include "scalingdims.h"
#include "sessioncompute.h"
#include "sessionjson.h"
#include "sessionlimits.h"
#include "worksheetcommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <cstdio>
#include <limits>
#include <memory>

namespace ae {

namespace {

void printErr(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
}

void printOut(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

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
  attention-explorer --help | --version

Exit status: 0 success, 1 a file could not be read or written, 2 the input was refused.
)";

/// Reads a whole-number option within [lo, hi] (the documented limits); on failure prints
/// why, in the words the session validator uses, and returns nothing.
std::optional<int> intOption(const QCommandLineParser &p, const QString &name, int lo, int hi)
{
    bool ok = false;
    const QString text = p.value(name);
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok) {
        printErr(QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, text.left(40)));
        return std::nullopt;
    }
    if (v < lo || v > hi) {
        printErr(QStringLiteral("--%1: %2 is outside %3..%4").arg(name).arg(v).arg(lo).arg(hi));
        return std::nullopt;
    }
    return static_cast<int>(v);
}

} // namespace

bool CommandLine::isHeadless(int argc, char **argv)
{
    if (argc < 2)
        return false;
    const QByteArray first(argv[1]);
    return first == "compute" || first == "entropy" || first == "explain" || first == "export"
        || first == "worksheet"
        || first == "--help" || first == "-h" || first == "--version" || first == "-v"
        || first == "help";
}

int CommandLine::run(int argc, char **argv)
{
    const QByteArray command(argv[1]);
    QStringList args;
    if (command == "export")
        return runExportCommand(argc, argv);
    if (command == "worksheet")
        return runWorksheetCommand(argc, argv);
    const QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    args = QCoreApplication::arguments();
    if (command == "--version" || command == "-v") {
        printOut(QStringLiteral("attention-explorer %1\n")
                     .arg(QStringLiteral(AE_VERSION_STRING))
                     .toUtf8());
        return Ok;
    }
    if (command == "--help" || command == "-h" || command == "help")
        return printHelp();
    args.removeAt(1); // the subcommand; what stays parses like a program of its own
    if (command == "compute")
        return compute(args);
    if (command == "explain")
        return explain(args);
    return entropy(args);
}

int CommandLine::printHelp()
{
    printOut(QByteArray("Attention Explorer ") + AE_VERSION_STRING
        + " - explore multi-head, self- and cross-attention.\n\n" + usageText);
    return Ok;
}

int CommandLine::compute(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Print the attention result of a session as JSON."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("session"), QStringLiteral("The session file (JSON)."));
    if (!p.parse(args)) {
        printErr(QStringLiteral("compute: %1").arg(p.errorText()));
        return Refused;
    }
    if (p.isSet(QStringLiteral("help"))) {
        printOut(p.helpText().toUtf8());
        return Ok;
    }
    if (p.positionalArguments().size() != 1) {
        printErr(QStringLiteral("compute: expected exactly one session file\n")
            + QLatin1String(usageText));
        return Refused;
    }
    const QString file = p.positionalArguments().constFirst();
    const SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.ok()) {
        printErr(file + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? IoError : Refused;
    }
    const AttentionResult result = computeSession(loaded.session);
    printOut(QJsonDocument(attentionResultToJson(loaded.session, result))
                 .toJson(QJsonDocument::Indented));
    return Ok;
}

int CommandLine::explain(const QStringList &args)
{
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
    if (!p.parse(args)) {
        printErr(QStringLiteral("explain: %1").arg(p.errorText()));
        return Refused;
    }
    if (p.isSet(QStringLiteral("help"))) {
        printOut(p.helpText().toUtf8());
        return Ok;
    }
    if (p.positionalArguments().size() != 1) {
        printErr(QStringLiteral("explain: expected exactly one session file\n")
            + QLatin1String(usageText));
        return Refused;
    }
    for (const QString &name :
        { QStringLiteral("head"), QStringLiteral("query"), QStringLiteral("key") }) {
        if (!p.isSet(name)) {
            printErr(QStringLiteral("explain: --%1 is required").arg(name));
            return Refused;
        }
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != u"json" && format != u"markdown" && format != u"latex") {
        printErr(
            QStringLiteral("--format: \"%1\" is not json, markdown or latex").arg(format.left(40)));
        return Refused;
    }
    // Range checks against the session come after loading it; here only the syntax.
    const int lowest = std::numeric_limits<int>::min();
    const int highest = std::numeric_limits<int>::max();
    const bool mean = p.value(QStringLiteral("head")).trimmed() == u"mean";
    const auto head
        = mean ? std::optional<int>(0) : intOption(p, QStringLiteral("head"), lowest, highest);
    const auto query = intOption(p, QStringLiteral("query"), lowest, highest);
    const auto key = intOption(p, QStringLiteral("key"), lowest, highest);
    const auto decimals = intOption(p, QStringLiteral("decimals"), 0, 15);
    if (!head || !query || !key || !decimals)
        return Refused;

    const QString file = p.positionalArguments().constFirst();
    const SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.ok()) {
        printErr(file + QStringLiteral(": ") + loaded.error->toString());
        return loaded.error->kind == SessionError::Kind::Io ? IoError : Refused;
    }
    const std::pair<ExplainField, std::optional<int>> indices[] = {
        { ExplainField::Head, mean ? std::optional<int>() : head },
        { ExplainField::Query, query },
        { ExplainField::Key, key },
    };
    for (const auto &[field, value] : indices) {
        if (!value)
            continue;
        if (const auto error = checkExplainIndex(loaded.session, field, *value)) {
            printErr(file + QStringLiteral(": --") + error->toString());
            return Refused;
        }
    }
    ExplainRequest request;
    request.head = mean ? ExplainRequest::meanOfHeads : *head;
    request.query = *query;
    request.key = *key;
    const WeightExplanation e = explainWeight(loaded.session, request);
    ExplainTextOptions options;
    options.decimals = *decimals;
    if (format == u"markdown")
        printOut(explanationToMarkdown(e, options).toUtf8());
    else if (format == u"latex")
        printOut(explanationToLatex(e, options).toUtf8());
    else
        printOut(QJsonDocument(explanationToJson(e)).toJson(QJsonDocument::Indented));
    return Ok;
}

int CommandLine::entropy(const QStringList &args)
{
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
    if (!p.parse(args)) {
        printErr(QStringLiteral("entropy: %1").arg(p.errorText()));
        return Refused;
    }
    if (p.isSet(QStringLiteral("help"))) {
        printOut(p.helpText().toUtf8());
        return Ok;
    }
    if (!p.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("entropy: unexpected argument \"%1\"")
                     .arg(p.positionalArguments().constFirst().left(40)));
        return Refused;
    }
    EntropyExperimentConfig config;
    QString dimsError;
    const auto dims = ScalingDims::parse(p.value(QStringLiteral("dims")), &dimsError);
    if (!dims) {
        printErr(QStringLiteral("--dims: %1").arg(dimsError));
        return Refused;
    }
    config.dims = *dims;
    const auto queries = intOption(p, QStringLiteral("queries"), 1, limits::maxExperimentQueries);
    const auto keys = intOption(p, QStringLiteral("keys"), 1, limits::maxExperimentKeys);
    const auto repeats = intOption(p, QStringLiteral("repeats"), 1, limits::maxExperimentRepeats);
    if (!queries || !keys || !repeats)
        return Refused;
    config.queries = *queries;
    config.keys = *keys;
    config.repeats = *repeats;
    bool seedOk = false;
    config.seed = p.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!seedOk) {
        printErr(
            QStringLiteral("--seed: \"%1\" is not a whole number from 0 to 18446744073709551615")
                .arg(p.value(QStringLiteral("seed")).left(40)));
        return Refused;
    }
    if (auto error = validateExperiment(config)) {
        printErr(error->path.isEmpty() ? QStringLiteral("entropy: ") + error->message
                                       : QStringLiteral("--%1").arg(error->toString()));
        return Refused;
    }
    const EntropyExperimentResult r = runEntropyExperiment(config);
    printOut(QJsonDocument(entropyResultToJson(r)).toJson(QJsonDocument::Indented));
    return Ok;
}

} // namespace ae
