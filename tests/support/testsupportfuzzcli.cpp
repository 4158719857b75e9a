// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportfuzzcli.h"

#include "cli/commandline.h"
#include "cli/commandoptions.h"
#include "cli/commandoutput.h"
#include "export/exportoptions.h"
#include "export/figureexporter.h"
#include "heatmap/colormap.h"
#include "lesson/lessonoptions.h"
#include "scaling/scalingdims.h"
#include "session/sessionjson.h"
#include "training/trainer.h"
#include "training/trainoptions.h"
#include "worksheet/worksheetoptions.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <vector>

namespace ae::test {

namespace {

/// A broken invariant; thrown inside the checks, turned into FuzzVerdict::problem at the end.
struct Broken
{
    QString problem;
};

void expect(bool holds, const char *what, const QString &detail = QString())
{
    if (!holds)
        throw Broken { QLatin1String(what)
            + (detail.isEmpty() ? QString() : QStringLiteral(":\n") + detail) };
}

const char builtInSession[] = R"({"format": "attention-explorer-session", "version": 1,
  "source": {"tokens": ["a", "b", "c"], "embeddings": [[0.5, 1.1], [1.0, -1.1], [0.2, 0.3]]},
  "target": {"tokens": ["x", "y"], "embeddings": [[0.5, 1.1], [1.0, 1.1]]},
  "attention": {"query_from": "target", "key_value_from": "source", "d_model": 2, "heads": 2,
                "causal": true, "projections": {"mode": "random", "seed": 3}}})";

const Session &session()
{
    static const Session s = sessionFromJson(QByteArray(builtInSession)).session;
    return s;
}

const QString program = QStringLiteral("attention-explorer");

QString option(const char *name, const QString &value)
{
    return QStringLiteral("--%1=%2").arg(QLatin1String(name), value);
}

template <typename Options> void checkOutcome(const ParsedCommand<Options> &parsed)
{
    if (parsed.outcome == ParseOutcome::Run)
        expect(parsed.text.isEmpty(), "accepted options with a message", parsed.text);
    else
        expect(!parsed.text.isEmpty(), "a refusal or help without text");
}

/// Parses @p args again and checks that they give options equal to @p expected by @p same.
template <typename Options, typename Parse, typename Same>
void checkReparse(const QStringList &args, Parse parse, const Options &expected, Same same)
{
    const ParsedCommand<Options> again = parse(args);
    expect(again.outcome == ParseOutcome::Run, "written-back options are refused",
        args.join(QLatin1Char(' ')) + QStringLiteral("\n") + again.text);
    expect(same(again.options, expected), "written-back options parse to other options",
        args.join(QLatin1Char(' ')));
}

bool fuzzCompute(const QStringList &args)
{
    const auto parsed = parseComputeArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    checkReparse(QStringList { program, QStringLiteral("--"), parsed.options.sessionFile },
        parseComputeArgs, parsed.options, [](const ComputeOptions &a, const ComputeOptions &b) {
            return a.sessionFile == b.sessionFile;
        });
    return true;
}

bool fuzzExplain(const QStringList &args)
{
    const auto parsed = parseExplainArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    const ExplainOptions &o = parsed.options;
    const QStringList again { program,
        option("head", o.mean ? QStringLiteral("mean") : QString::number(o.head)),
        option("query", QString::number(o.query)), option("key", QString::number(o.key)),
        option("format", o.format), option("decimals", QString::number(o.decimals)),
        QStringLiteral("--"), o.sessionFile };
    checkReparse(again, parseExplainArgs, o, [](const ExplainOptions &a, const ExplainOptions &b) {
        return a.sessionFile == b.sessionFile && a.mean == b.mean && (a.mean || a.head == b.head)
            && a.query == b.query && a.key == b.key && a.format == b.format
            && a.decimals == b.decimals;
    });
    if (!explainOptionsProblem(session(), o)) {
        const QByteArray text = explainOutput(session(), o);
        expect(!text.isEmpty(), "explain printed nothing");
        if (o.format == u"json")
            expect(QJsonDocument::fromJson(text).isObject(), "explain printed broken JSON");
    }
    return true;
}

bool fuzzEntropy(const QStringList &args)
{
    const auto parsed = parseEntropyArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    const EntropyExperimentConfig &c = parsed.options;
    const QStringList again { program, option("dims", ScalingDims::format(c.dims)),
        option("queries", QString::number(c.queries)), option("keys", QString::number(c.keys)),
        option("repeats", QString::number(c.repeats)), option("seed", QString::number(c.seed)) };
    checkReparse(again, parseEntropyArgs, c,
        [](const EntropyExperimentConfig &a, const EntropyExperimentConfig &b) {
            return a.dims == b.dims && a.queries == b.queries && a.keys == b.keys
                && a.repeats == b.repeats && a.seed == b.seed;
        });
    // Only small experiments run: the fuzzer wants many inputs a second.
    const int largest = *std::max_element(c.dims.begin(), c.dims.end());
    if (double(largest) * (c.queries + c.keys) * c.repeats * double(c.dims.size()) <= 20000.0)
        expect(QJsonDocument::fromJson(entropyOutput(c)).isObject(), "entropy printed broken JSON");
    return true;
}

QString viewText(const ExportView &v)
{
    QString text;
    switch (v.kind) {
    case ExportView::Kind::Mean:
        text = QStringLiteral("mean");
        break;
    case ExportView::Kind::Head:
        text = QStringLiteral("head:%1").arg(v.head);
        break;
    case ExportView::Kind::Grid:
        text = QStringLiteral("grid");
        break;
    case ExportView::Kind::Scaling:
        text = v.labGrid ? QStringLiteral("scaling:all")
            : v.panel    ? QStringLiteral("scaling:") + ScalingLabFigure::viewName(*v.panel)
                         : QStringLiteral("scaling");
        break;
    }
    return v.lines ? QStringLiteral("lines:") + text : text;
}

bool sameExport(const ExportOptions &a, const ExportOptions &b)
{
    const FigureOptions &f = a.figure, &g = b.figure;
    return a.sessionFile == b.sessionFile && a.outputFile == b.outputFile
        && a.view.kind == b.view.kind && a.view.head == b.view.head && a.view.lines == b.view.lines
        && a.view.panel == b.view.panel && a.view.labGrid == b.view.labGrid
        && a.threshold == b.threshold && a.stretch == b.stretch && f.size == g.size
        && f.dpi == g.dpi && f.includeValues == g.includeValues
        && f.includeColorBar == g.includeColorBar && f.title == g.title && f.colorMap == g.colorMap;
}

bool fuzzExport(const QStringList &args)
{
    const auto parsed = parseExportArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    const ExportOptions &o = parsed.options;
    expect(FigureExporter::formatOf(o.outputFile).has_value(), "export took an unknown format",
        o.outputFile);
    QStringList again { program, option("output", o.outputFile), option("view", viewText(o.view)),
        option("width", QString::number(o.figure.size.width())),
        option("height", QString::number(o.figure.size.height())),
        option("dpi", QString::number(o.figure.dpi)),
        option("colormap", ColorMap::key(o.figure.colorMap)),
        option("threshold", QString::number(o.threshold, 'g', 17)),
        option("title", o.figure.title) };
    if (!o.figure.includeValues)
        again << QStringLiteral("--no-values");
    if (!o.figure.includeColorBar)
        again << QStringLiteral("--no-colorbar");
    if (o.stretch)
        again << QStringLiteral("--stretch");
    again << QStringLiteral("--") << o.sessionFile;
    checkReparse(again, parseExportArgs, o, sameExport);
    return true;
}

bool fuzzWorksheet(const QStringList &args)
{
    const auto parsed = parseWorksheetArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    const WorksheetOptions &o = parsed.options;
    const WorksheetConfig &c = o.config;
    expect(!checkWorksheetConfig(c), "worksheet took options its checker refuses");
    QStringList again { program, option("output", o.outputDir),
        option("students", QString::number(c.students)), option("seed", QString::number(c.seed)),
        option("lang",
            c.language == WorksheetLanguage::Chinese ? QStringLiteral("zh") : QStringLiteral("en")),
        option("format", WorksheetWriter::formatName(o.format)),
        option("tokens", QString::number(c.tokens)), option("d-model", QString::number(c.dModel)),
        option("heads", QString::number(c.heads)),
        option("wiring", worksheetWiringName(c.wiring)) };
    if (c.causal)
        again << QStringLiteral("--causal");
    checkReparse(
        again, parseWorksheetArgs, o, [](const WorksheetOptions &a, const WorksheetOptions &b) {
            const WorksheetConfig &x = a.config, &y = b.config;
            return a.outputDir == b.outputDir && a.format == b.format && x.students == y.students
                && x.seed == y.seed && x.language == y.language && x.tokens == y.tokens
                && x.dModel == y.dModel && x.heads == y.heads && x.wiring == y.wiring
                && x.causal == y.causal;
        });
    // Two students are enough to exercise the generator; the files are never written.
    WorksheetConfig small = c;
    small.students = std::min(c.students, 2);
    expect(makeWorksheets(small).size() == size_t(small.students), "missing worksheets");
    return true;
}

/// `lesson`: accepted options name exactly one action with what it needs.
bool fuzzLesson(const QStringList &args)
{
    const auto parsed = parseLessonArgs(args);
    if (parsed.outcome != ParseOutcome::Run) {
        expect(!parsed.text.isEmpty(), "lesson stopped without a message");
        return false;
    }
    const LessonOptions &o = parsed.options;
    const bool list = o.action == LessonOptions::Action::ListBuiltin;
    expect(list == o.lesson.isEmpty(), "lesson took a lesson with --builtin, or none without");
    const QString suffix = QFileInfo(o.output).suffix().toLower();
    expect((o.action == LessonOptions::Action::Handout) == (suffix == u"md" || suffix == u"pdf"),
        "lesson took a handout that is neither .md nor .pdf", o.output);
    return true;
}

/// `train`: accepted options parse back to the same run, and one small step stays finite.
bool fuzzTrain(const QStringList &args)
{
    const auto parsed = parseTrainArgs(args);
    checkOutcome(parsed);
    if (parsed.outcome != ParseOutcome::Run)
        return false;
    const TrainOptions &o = parsed.options;
    QStringList again { program };
    if (!o.outputFile.isEmpty())
        again << option("output", o.outputFile);
    if (!o.replayFile.isEmpty()) {
        again << option("replay", o.replayFile);
        checkReparse(again, parseTrainArgs, o, [](const TrainOptions &a, const TrainOptions &b) {
            return a.replayFile == b.replayFile && a.outputFile == b.outputFile;
        });
        return true;
    }
    const RunConfig &c = o.config;
    expect(!checkRunConfig(c), "train took options its checker refuses");
    again << option("task", taskName(c.task.kind))
          << option("length", QString::number(c.task.length))
          << option("vocab", QString::number(c.task.vocab))
          << option("d-model", QString::number(c.dModel))
          << option("heads", QString::number(c.heads)) << option("scale", scaleName(c.scale))
          << option("optimizer", optimizerName(c.optimizer.kind))
          << option("lr", QString::number(c.optimizer.lr, 'g', 17))
          << option("batch", QString::number(c.batch)) << option("steps", QString::number(c.steps))
          << option("seed", QString::number(c.seed))
          << option("log-every", QString::number(c.logEvery));
    if (!o.sessionFile.isEmpty())
        again << option("save-session", o.sessionFile);
    checkReparse(again, parseTrainArgs, o, [](const TrainOptions &a, const TrainOptions &b) {
        const RunConfig &x = a.config, &y = b.config;
        return a.outputFile == b.outputFile && a.sessionFile == b.sessionFile
            && x.task.kind == y.task.kind && x.task.length == y.task.length
            && x.task.vocab == y.task.vocab && x.dModel == y.dModel && x.heads == y.heads
            && x.scale == y.scale && x.optimizer.kind == y.optimizer.kind
            && x.optimizer.lr == y.optimizer.lr && x.batch == y.batch && x.steps == y.steps
            && x.seed == y.seed && x.logEvery == y.logEvery;
    });
    // One step of a small run: its metrics are finite, or the run reports its divergence.
    if (double(c.batch) * c.task.length * c.dModel * c.dModel <= 1e6) {
        Trainer trainer(c);
        const auto m = trainer.step();
        expect(m ? std::isfinite(m->loss) && std::isfinite(m->gradNormQ)
                 : trainer.divergedAt().has_value(),
            "a training step neither finite nor reported as divergence");
    }
    return true;
}

} // namespace

FuzzVerdict checkCommandLineInput(const QByteArray &bytes)
{
    const QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    // argv as the program gets it, for the one function that reads raw argv.
    std::vector<QByteArray> raw { program.toUtf8() };
    for (const QString &line : lines)
        raw.push_back(line.toUtf8());
    std::vector<char *> argv;
    for (QByteArray &arg : raw)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    const bool headless = CommandLine::isHeadless(int(raw.size()), argv.data());

    const QString command = lines.constFirst();
    QStringList args = lines.mid(1);
    args.prepend(program); // the subcommand taken out, as CommandLine::run() does
    FuzzVerdict verdict;
    try {
        if (command == u"compute")
            verdict.accepted = fuzzCompute(args);
        else if (command == u"explain")
            verdict.accepted = fuzzExplain(args);
        else if (command == u"entropy")
            verdict.accepted = fuzzEntropy(args);
        else if (command == u"export")
            verdict.accepted = fuzzExport(args);
        else if (command == u"worksheet")
            verdict.accepted = fuzzWorksheet(args);
        else if (command == u"lesson")
            verdict.accepted = fuzzLesson(args);
        else if (command == u"train")
            verdict.accepted = fuzzTrain(args);
        else
            return verdict;
        expect(headless, "a subcommand that would open the window");
    } catch (const Broken &broken) {
        verdict.problem = broken.problem;
    }
    return verdict;
}

} // namespace ae::test
