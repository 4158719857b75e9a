// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/subcommands.h"

#include "classroom/servecommand.h"
#include "cli/commandline.h"
#include "export/exportcommand.h"
#include "export/figureoptions.h"
#include "export/painterfigurerenderer.h"
#include "heatmap/colormap.h"
#include "io/nearestname.h"
#include "lesson/lessoncommand.h"
#include "scaling/entropyexperiment.h"
#include "session/sessionlimits.h"
#include "training/traincommand.h"
#include "training/trainingconfig.h"
#include "worksheet/worksheet.h"
#include "worksheet/worksheetcommand.h"

#include <QHash>
#include <algorithm>

namespace ae {

namespace {

/// Lines of the help texts are wrapped to this width.
constexpr int textWidth = 79;

QString num(double v)
{
    return QString::number(v);
}

std::vector<SubcommandSpec> makeTable()
{
    const EntropyExperimentConfig entropy;
    using namespace worksheetlimits;
    const WorksheetConfig sheet;
    const FigureOptions figure;
    const RunConfig run;
    const RunConfig transformer = defaultRunConfig(ModelKind::Transformer);
    const QString session = QStringLiteral("SESSION.json");
    const QString sessionHelp
        = QStringLiteral("The session file (JSON), or - to read it from standard input.");
    const CommandOptionSpec strict { QStringLiteral("strict"), {}, {}, {},
        QStringLiteral("Refuse a session with a field the format does not know; without it, "
                       "each such field is named on stderr with the nearest known name, kept "
                       "and not used.") };
    return {
        { QStringLiteral("compute"), session, sessionHelp,
            QStringLiteral("Print every head's scores, weights and outputs as JSON."),
            {
                { QStringLiteral("include"), {}, QStringLiteral("projections,qkv"), {},
                    QStringLiteral("Also print the materialised projection matrices W_q, b_q, "
                                   "W_k, b_k, W_v, b_v, W_o, b_o (projections) and the "
                                   "projected Q, K and V (qkv); a comma-separated list. "
                                   "Default: neither.") },
                strict,
            },
            &runComputeCommand },
        { QStringLiteral("entropy"), {}, {},
            QStringLiteral("Print the scaling experiment as JSON: entropy, score spread, "
                           "softmax gradient and saturation against d_k, scaled and unscaled."),
            {
                { QStringLiteral("dims"), {}, QStringLiteral("LIST"),
                    QStringLiteral("8,32,128,512"),
                    QStringLiteral("The d_k values, each 1..%1: a list (8,32,128,512), a range "
                                   "of powers of two (8..512), or both (4..16,100).")
                        .arg(limits::maxExperimentDim) },
                { QStringLiteral("queries"), {}, QStringLiteral("N"),
                    QString::number(entropy.queries),
                    QStringLiteral("Queries per draw, 1..%1.").arg(limits::maxExperimentQueries) },
                { QStringLiteral("keys"), {}, QStringLiteral("N"), QString::number(entropy.keys),
                    QStringLiteral("Keys per draw, 1..%1.").arg(limits::maxExperimentKeys) },
                { QStringLiteral("repeats"), {}, QStringLiteral("N"),
                    QString::number(entropy.repeats),
                    QStringLiteral("Independent draws averaged, 1..%1.")
                        .arg(limits::maxExperimentRepeats) },
                { QStringLiteral("seed"), {}, QStringLiteral("N"), QString::number(entropy.seed),
                    QStringLiteral("Random seed, 0..18446744073709551615.") },
            },
            &runEntropyCommand },
        { QStringLiteral("explain"), session, sessionHelp,
            QStringLiteral("Derive one attention weight by hand: products, dot product, "
                           "scaled score, softmax row and weight."),
            {
                { QStringLiteral("head"), {}, QStringLiteral("H|mean"), {},
                    QStringLiteral("The head, counted from 0, or mean for the average of the "
                                   "heads."),
                    true },
                { QStringLiteral("query"), {}, QStringLiteral("I"), {},
                    QStringLiteral("The query token, counted from 0."), true },
                { QStringLiteral("key"), {}, QStringLiteral("J"), {},
                    QStringLiteral("The key token, counted from 0."), true },
                { QStringLiteral("format"), {}, QStringLiteral("json|markdown|latex"),
                    QStringLiteral("json"), QStringLiteral("What to print.") },
                { QStringLiteral("decimals"), {}, QStringLiteral("N"), QStringLiteral("4"),
                    QStringLiteral("Decimals of the numbers in markdown and latex, 0..15.") },
                strict,
            },
            &runExplainCommand },
        { QStringLiteral("export"), session, sessionHelp,
            QStringLiteral("Draw a heatmap (head N counts from 0), the grid of the mean and "
                           "every head, the lines view or the scaling plot to SVG, PNG or PDF."),
            {
                { QStringLiteral("output"), QStringLiteral("o"), QStringLiteral("OUT"), {},
                    QStringLiteral("The file to write; its extension (.svg, .png or .pdf) "
                                   "chooses the format."),
                    true },
                { QStringLiteral("view"), {},
                    QStringLiteral("mean|head:N|grid|scaling|scaling:PANEL|scaling:all|lines|"
                                   "lines:head:N"),
                    QStringLiteral("mean"),
                    QStringLiteral("What to draw: the mean's or head N's heatmap, the grid of "
                                   "the mean and every head, the entropy plot, one panel of "
                                   "the scaling lab (PANEL: entropy, spread, gradient, "
                                   "saturation, histogram) or all of them, or the lines "
                                   "(alignment) view of the mean or head N.") },
                { QStringLiteral("threshold"), {}, QStringLiteral("W"), QStringLiteral("0.05"),
                    QStringLiteral("Lines views only: weights below W (0 to 1) get no line.") },
                { QStringLiteral("width"), {}, QStringLiteral("PX"), QStringLiteral("0"),
                    QStringLiteral("Width in pixels (1/96 inch), %1..%2; 0 fits the content.")
                        .arg(FigureOptions::minSide)
                        .arg(FigureOptions::maxSide) },
                { QStringLiteral("height"), {}, QStringLiteral("PX"), QStringLiteral("0"),
                    QStringLiteral("Height in pixels (1/96 inch), %1..%2; 0 fits the content.")
                        .arg(FigureOptions::minSide)
                        .arg(FigureOptions::maxSide) },
                { QStringLiteral("dpi"), {}, QStringLiteral("N"), QString::number(figure.dpi),
                    QStringLiteral("PNG resolution, %1..%2 (96 is one pixel per unit); a PNG "
                                   "holds at most %3 million pixels.")
                        .arg(FigureOptions::minDpi)
                        .arg(FigureOptions::maxDpi)
                        .arg(num(PainterFigureRenderer::maxPngPixels / 1e6)) },
                { QStringLiteral("no-values"), {}, {}, {},
                    QStringLiteral("Do not write the values in the cells.") },
                { QStringLiteral("no-colorbar"), {}, {}, {},
                    QStringLiteral("Leave out the colour bar.") },
                { QStringLiteral("stretch"), {}, {}, {},
                    QStringLiteral("End the colour scale at the largest weight shown instead of "
                                   "at 1, like \"Stretch colours\" in the window.") },
                { QStringLiteral("title"), {}, QStringLiteral("TEXT"), {},
                    QStringLiteral("The figure's title. Default: the view's own.") },
                { QStringLiteral("colormap"), {}, QStringLiteral("blues|viridis|cividis"),
                    ColorMap::key(ColorMap::defaultKind()), QStringLiteral("The colour map.") },
                strict,
            },
            &runExportCommand },
        { QStringLiteral("worksheet"), {}, {},
            QStringLiteral("Write a different small exercise for every student, with sheets, "
                           "answers and answers.json."),
            {
                { QStringLiteral("output"), QStringLiteral("o"), QStringLiteral("DIR"), {},
                    QStringLiteral("The folder to write into (made when missing)."), true },
                { QStringLiteral("students"), {}, QStringLiteral("N"),
                    QString::number(sheet.students),
                    QStringLiteral("Number of students, %1..%2.")
                        .arg(minStudents)
                        .arg(maxStudents) },
                { QStringLiteral("seed"), {}, QStringLiteral("N"), QString::number(sheet.seed),
                    QStringLiteral("Random seed, 0..18446744073709551615.") },
                { QStringLiteral("lang"), {}, QStringLiteral("en|zh"), QStringLiteral("en"),
                    QStringLiteral("The language of sheets and answers.") },
                { QStringLiteral("format"), {}, QStringLiteral("markdown|latex|pdf"),
                    QStringLiteral("markdown"), QStringLiteral("The sheets' file format.") },
                { QStringLiteral("tokens"), {}, QStringLiteral("N"), QString::number(sheet.tokens),
                    QStringLiteral("Tokens per sequence, %1..%2.").arg(minTokens).arg(maxTokens) },
                { QStringLiteral("d-model"), {}, QStringLiteral("N"), QString::number(sheet.dModel),
                    QStringLiteral("d_model, %1..%2.").arg(minDModel).arg(maxDModel) },
                { QStringLiteral("heads"), {}, QStringLiteral("N"), QString::number(sheet.heads),
                    QStringLiteral("Heads, 1..%1; must divide d_model.").arg(maxHeads) },
                { QStringLiteral("wiring"), {}, QStringLiteral("cross|self|reverse|decoder"),
                    QStringLiteral("cross"),
                    QStringLiteral("Where the queries and the keys come from.") },
                { QStringLiteral("causal"), {}, {}, {}, QStringLiteral("Apply the causal mask.") },
            },
            &runWorksheetCommand },
        { QStringLiteral("lesson"), QStringLiteral("NAME|FILE"),
            QStringLiteral("A built-in lesson's name (see --builtin) or a lesson file "
                           "(*.aelesson.json); not with --builtin."),
            QStringLiteral("List the built-in lessons, check a lesson and print it resolved as "
                           "JSON (answers computed), or write its handout."),
            {
                { QStringLiteral("builtin"), {}, {}, {},
                    QStringLiteral("List the built-in lessons, one a line: the name, a tab, the "
                                   "title.") },
                { QStringLiteral("check"), {}, {}, {},
                    QStringLiteral("Validate the lesson and print it resolved as JSON.") },
                { QStringLiteral("handout"), {}, QStringLiteral("OUT"), {},
                    QStringLiteral("Write the handout to OUT.md (with SVG figures) or OUT.pdf "
                                   "(vector figures).") },
                { QStringLiteral("lang"), {}, QStringLiteral("en|zh"), QStringLiteral("en"),
                    QStringLiteral("The handout's language.") },
            },
            &runLessonCommand, true },
        { QStringLiteral("serve"), QStringLiteral("LESSON"),
            QStringLiteral("A built-in lesson's name (see lesson --builtin) or a lesson file "
                           "(*.aelesson.json)."),
            QStringLiteral("Serve a lesson's questions to the students' browsers (class "
                           "answers) and drive it from the terminal: Enter goes to the next "
                           "step, r reveals, c shows the counts, q quits. Prints one JSON line "
                           "first: the join address, the room code and the port."),
            {
                { QStringLiteral("bind"), {}, QStringLiteral("ADDR"), QStringLiteral("127.0.0.1"),
                    QStringLiteral("The address to listen on (the classroom network's, for "
                                   "phones to join; 0.0.0.0 listens on every interface).") },
                { QStringLiteral("port"), {}, QStringLiteral("N"), QStringLiteral("0"),
                    QStringLiteral("The port, 0..65535; 0 picks a free one.") },
                { QStringLiteral("record"), {}, QStringLiteral("FILE.csv"), {},
                    QStringLiteral("Write every acknowledged answer to this CSV file (the "
                                   "class record).") },
                { QStringLiteral("lang"), {}, QStringLiteral("en|zh"), QStringLiteral("en"),
                    QStringLiteral("The language of the terminal's lines and the server's "
                                   "messages.") },
            },
            &runServeCommand },
        { QStringLiteral("train"), {}, {},
            QStringLiteral("Train the one-layer cross-attention model or the transformer on a "
                           "task and print its history as JSON, or replay a training reference "
                           "file."),
            {
                { QStringLiteral("model"), {}, QStringLiteral("one-layer|transformer"),
                    modelName(run.model),
                    QStringLiteral("The model: one layer of cross-attention, or the "
                                   "encoder-decoder transformer (torch.nn.Transformer).") },
                { QStringLiteral("task"), {}, taskNames(), {},
                    QStringLiteral("The task (required unless --replay is given); "
                                   "translate-zh-en and translate-en-zh (the translation "
                                   "corpus) need the transformer.") },
                { QStringLiteral("length"), {}, QStringLiteral("N"),
                    QString::number(run.task.length),
                    QStringLiteral("Sequence length (translate: 4; the corpus tasks: each "
                                   "sentence's own).") },
                { QStringLiteral("vocab"), {}, QStringLiteral("N"), QString::number(run.task.vocab),
                    QStringLiteral("Source tokens (translate and the corpus tasks: their "
                                   "own).") },
                { QStringLiteral("d-model"), {}, QStringLiteral("N"), QString::number(run.dModel),
                    QStringLiteral("Model width (transformer: %1 unless given).")
                        .arg(transformer.dModel) },
                { QStringLiteral("heads"), {}, QStringLiteral("N"), QString::number(run.heads),
                    QStringLiteral("Heads; must divide d_model (transformer: %1 unless given).")
                        .arg(transformer.heads) },
                { QStringLiteral("layers"), {}, QStringLiteral("N"),
                    QString::number(transformer.layers),
                    QStringLiteral("The transformer's encoder layers, and as many decoder "
                                   "layers.") },
                { QStringLiteral("d-ff"), {}, QStringLiteral("N"),
                    QString::number(transformer.dimFeedforward),
                    QStringLiteral("The transformer's feed-forward width (dim_feedforward).") },
                { QStringLiteral("scale"), {}, QStringLiteral("sqrt_dk|none|NUMBER"),
                    QStringLiteral("sqrt_dk"),
                    QStringLiteral("What the scores are divided by (the transformer: in all "
                                   "three attentions).") },
                { QStringLiteral("optimizer"), {}, QStringLiteral("adam|sgd"),
                    QStringLiteral("adam"), QStringLiteral("The optimiser.") },
                { QStringLiteral("lr"), {}, QStringLiteral("X"), QStringLiteral("0.003"),
                    QStringLiteral("Learning rate.") },
                { QStringLiteral("batch"), {}, QStringLiteral("N"), QString::number(run.batch),
                    QStringLiteral("Examples per step.") },
                { QStringLiteral("steps"), {}, QStringLiteral("N"), QString::number(run.steps),
                    QStringLiteral("Training steps.") },
                { QStringLiteral("seed"), {}, QStringLiteral("N"), QString::number(run.seed),
                    QStringLiteral("Random seed: the initial weights and every batch.") },
                { QStringLiteral("log-every"), {}, QStringLiteral("N"),
                    QString::number(run.logEvery), QStringLiteral("Steps between logged steps.") },
                { QStringLiteral("output"), QStringLiteral("o"), QStringLiteral("FILE"), {},
                    QStringLiteral("Write the JSON to FILE instead of printing it.") },
                { QStringLiteral("save-session"), {}, QStringLiteral("FILE"), {},
                    QStringLiteral("Write the first held-out example, with the trained weights, "
                                   "as a session (the transformer: the attention chosen by "
                                   "--layer and --kind, with that layer's inputs).") },
                { QStringLiteral("layer"), {}, QStringLiteral("N"), QStringLiteral("0"),
                    QStringLiteral("The transformer's layer whose attention --save-session "
                                   "writes, from 0.") },
                { QStringLiteral("kind"), {}, QStringLiteral("encoder-self|decoder-self|cross"),
                    QStringLiteral("cross"),
                    QStringLiteral("Which of the layer's attentions --save-session writes.") },
                { QStringLiteral("sentence"), {}, QStringLiteral("WORDS"), {},
                    QStringLiteral("The transformer: the source sentence --save-session shows "
                                   "instead of the first held-out example, one of the task's "
                                   "(a sentence of either split of the corpus), with its "
                                   "translation.") },
                { QStringLiteral("replay"), {}, QStringLiteral("FILE"), {},
                    QStringLiteral("Replay a training reference file (the one-layer model, or "
                                   "the transformer when its model says so): print its losses, "
                                   "step-0 gradients and attention, and final parameters.") },
            },
            &runTrainCommand },
    };
}

/// @p text wrapped into lines of at most textWidth characters, the first starting with
/// @p indent spaces and the others with @p hanging (by default as many); a word longer than a
/// line stays whole.
QString wrapped(const QString &text, int indent, int hanging = -1)
{
    hanging = hanging < 0 ? indent : hanging;
    QString out;
    QString line(indent, QLatin1Char(' '));
    int start = indent;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (line.size() > start && line.size() + 1 + word.size() > textWidth) {
            out += line + QLatin1Char('\n');
            line = QString(hanging, QLatin1Char(' '));
            start = hanging;
        }
        if (line.size() > start)
            line += QLatin1Char(' ');
        line += word;
    }
    return out + line + QLatin1Char('\n');
}

/// "--name VALUE" or "-o, --output OUT".
QString optionSignature(const CommandOptionSpec &o)
{
    QString s = o.shortName.isEmpty() ? QString() : QStringLiteral("-%1, ").arg(o.shortName);
    s += QStringLiteral("--") + o.name;
    if (!o.valueName.isEmpty())
        s += QLatin1Char(' ') + o.valueName;
    return s;
}

/// The subcommand's name, arguments and required options, then "[options]" when it has more.
QString usageLine(const SubcommandSpec &spec)
{
    QString s = QStringLiteral("attention-explorer ") + spec.name;
    if (!spec.arguments.isEmpty())
        s += QLatin1Char(' ') + spec.arguments;
    bool optional = false;
    for (const CommandOptionSpec &o : spec.options) {
        if (o.required && !o.shortName.isEmpty())
            s += QStringLiteral(" -%1 %2").arg(o.shortName, o.valueName);
        else if (o.required)
            s += QStringLiteral(" --%1 %2").arg(o.name, o.valueName);
        else
            optional = true;
    }
    return optional ? s + QStringLiteral(" [options]") : s;
}

/// The long name of the option @p name (long or short) of @p spec, or @p name itself.
QString longName(const SubcommandSpec &spec, const QString &name)
{
    for (const CommandOptionSpec &o : spec.options) {
        if (o.name == name || o.shortName == name)
            return o.name;
    }
    return name == u"h" ? QStringLiteral("help") : name;
}

} // namespace

const std::vector<SubcommandSpec> &subcommands()
{
    static const std::vector<SubcommandSpec> table = makeTable();
    return table;
}

const SubcommandSpec *findSubcommand(const QString &name)
{
    for (const SubcommandSpec &spec : subcommands()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

QString commandLineOverview()
{
    QString out = QStringLiteral("Attention Explorer %1 - explore multi-head, self- and "
                                 "cross-attention.\n\nUsage:\n")
                      .arg(QStringLiteral(AE_VERSION_STRING));
    out += QStringLiteral("  attention-explorer [SESSION.json | LESSON.aelesson.json]\n");
    out += wrapped(QStringLiteral("Open the window, with the file or the built-in example."), 6);
    for (const SubcommandSpec &spec : subcommands()) {
        QString synopsis = QStringLiteral("attention-explorer ") + spec.name;
        if (!spec.arguments.isEmpty())
            synopsis += QLatin1Char(' ') + spec.arguments;
        for (const CommandOptionSpec &o : spec.options) {
            const QString part = (o.shortName.isEmpty() ? QStringLiteral("--") + o.name
                                                        : QStringLiteral("-") + o.shortName)
                + (o.valueName.isEmpty() ? QString() : QLatin1Char(' ') + o.valueName);
            synopsis += QLatin1Char(' ')
                + (o.required ? part : QStringLiteral("[") + part + QStringLiteral("]"));
        }
        out += wrapped(synopsis, 2, 8);
        out += wrapped(spec.summary, 6);
    }
    out += QStringLiteral("  attention-explorer SUBCOMMAND --help | help SUBCOMMAND\n");
    out += wrapped(QStringLiteral("Every option of one subcommand, with its default."), 6);
    out += QStringLiteral("  attention-explorer --help | --version\n\n");
    out += wrapped(QStringLiteral("Indices (head, query, key, dim) count from 0 on the command "
                                  "line and in JSON files; the window and the handouts count "
                                  "from 1."),
        0);
    out += wrapped(QStringLiteral("Exit status: 0 success, 1 a file could not be read or "
                                  "written, 2 the input was refused."),
        0);
    return out;
}

QString subcommandHelp(const SubcommandSpec &spec)
{
    QString out = wrapped(QStringLiteral("Usage: ") + usageLine(spec), 0, 7) + QLatin1Char('\n');
    out += wrapped(spec.summary, 0);
    if (!spec.arguments.isEmpty()) {
        out += QStringLiteral("\nArguments:\n  ") + spec.arguments + QLatin1Char('\n');
        out += wrapped(spec.argumentsHelp, 6);
    }
    out += QStringLiteral("\nOptions:\n");
    for (const CommandOptionSpec &o : spec.options) {
        out += QStringLiteral("  ") + optionSignature(o) + QLatin1Char('\n');
        QString text = o.description;
        if (o.required)
            text += QStringLiteral(" Required.");
        else if (!o.defaultValue.isEmpty())
            text += QStringLiteral(" Default: %1.").arg(o.defaultValue);
        out += wrapped(text, 6);
    }
    out += QStringLiteral("  -h, --help\n");
    out += wrapped(QStringLiteral("Print this help."), 6);
    return out;
}

QString withCommandPrefix(const QString &name, const QString &text)
{
    const QString prefix = name + QStringLiteral(": ");
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (!line.isEmpty() && !line.startsWith(prefix))
            line.prepend(prefix);
    }
    return lines.join(QLatin1Char('\n'));
}

bool parseSubcommandArgs(const SubcommandSpec &spec, QCommandLineParser &parser,
    const QStringList &args, ParseOutcome *outcome, QString *text)
{
    *outcome = ParseOutcome::Refused;
    const auto refuse = [&](const QString &what) {
        *text = withCommandPrefix(spec.name, what);
        return true;
    };
    parser.addHelpOption();
    QStringList known { QStringLiteral("help") };
    for (const CommandOptionSpec &o : spec.options) {
        QStringList names;
        if (!o.shortName.isEmpty())
            names << o.shortName;
        names << o.name;
        known << o.name;
        parser.addOption(QCommandLineOption(names, o.description, o.valueName, o.defaultValue));
    }
    if (!spec.arguments.isEmpty())
        parser.addPositionalArgument(spec.arguments, spec.argumentsHelp);
    if (!parser.parse(args)) {
        const QStringList unknown = parser.unknownOptionNames();
        if (unknown.isEmpty())
            return refuse(parser.errorText());
        QStringList lines;
        for (const QString &name : unknown) {
            const QString dashes = name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--");
            const QString near = nearestName(name, known);
            lines << (near.isEmpty()
                    ? QStringLiteral("unknown option %1%2; see attention-explorer %3 --help")
                          .arg(dashes, name, spec.name)
                    : QStringLiteral("unknown option %1%2; did you mean --%3?")
                          .arg(dashes, name, near));
        }
        return refuse(lines.join(QLatin1Char('\n')));
    }
    if (parser.isSet(QStringLiteral("help"))) {
        *outcome = ParseOutcome::Help;
        *text = subcommandHelp(spec);
        return true;
    }
    // QCommandLineParser keeps the last of repeated values; a repeat is more likely a
    // mistake (--head 0 --head 1) than a wish.
    QHash<QString, int> seen;
    for (const QString &name : parser.optionNames()) {
        const QString option = longName(spec, name);
        if (++seen[option] == 2)
            return refuse(QStringLiteral("--%1 is given more than once; give it once").arg(option));
    }
    for (const CommandOptionSpec &o : spec.options) {
        if (o.required && !parser.isSet(o.name))
            return refuse(QStringLiteral("--%1 is required (%2)").arg(o.name, usageLine(spec)));
    }
    const QStringList positional = parser.positionalArguments();
    if (spec.arguments.isEmpty() && !positional.isEmpty())
        return refuse(
            QStringLiteral("unexpected argument \"%1\"").arg(positional.constFirst().left(40)));
    if (!spec.arguments.isEmpty() && positional.size() != 1
        && !(spec.argumentsOptional && positional.isEmpty()))
        return refuse(QStringLiteral("expected one %1, got %2 arguments (%3)")
                          .arg(spec.arguments)
                          .arg(positional.size())
                          .arg(usageLine(spec)));
    return false;
}

} // namespace ae
