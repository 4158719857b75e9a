// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetoptions.h"

#include "cli/subcommands.h"

#include <QCommandLineParser>
#include <optional>

namespace ae {

namespace {

QString refusal(const QString &what)
{
    return QStringLiteral("worksheet: ") + what;
}

/// A whole number option; the range is checked by checkWorksheetConfig(), the one rule. On
/// failure adds why to @p problems.
std::optional<int> wholeNumber(
    const QCommandLineParser &p, const QString &name, QStringList *problems)
{
    bool ok = false;
    const int v = p.value(name).trimmed().toInt(&ok);
    if (!ok) {
        *problems << refusal(
            QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, p.value(name).left(40)));
        return std::nullopt;
    }
    return v;
}

} // namespace

ParsedCommand<WorksheetOptions> parseWorksheetArgs(const QStringList &args)
{
    ParsedCommand<WorksheetOptions> out;
    auto refuse = [&out](const QString &what) {
        out.text = refusal(what);
        return out;
    };
    QCommandLineParser p;
    if (parseSubcommand(*findSubcommand(QStringLiteral("worksheet")), p, args, &out))
        return out;
    const QString dir = p.value(QStringLiteral("output"));
    if (dir.isEmpty())
        return refuse(QStringLiteral("-o: no output folder given (-o DIR)"));

    WorksheetConfig &config = out.options.config;
    QStringList problems;
    const auto students = wholeNumber(p, QStringLiteral("students"), &problems);
    const auto tokens = wholeNumber(p, QStringLiteral("tokens"), &problems);
    const auto dModel = wholeNumber(p, QStringLiteral("d-model"), &problems);
    const auto heads = wholeNumber(p, QStringLiteral("heads"), &problems);
    if (!students || !tokens || !dModel || !heads) {
        out.text = problems.join(QLatin1Char('\n'));
        return out;
    }
    config.students = *students;
    config.tokens = *tokens;
    config.dModel = *dModel;
    config.heads = *heads;
    config.causal = p.isSet(QStringLiteral("causal"));
    bool seedOk = false;
    config.seed = p.value(QStringLiteral("seed")).trimmed().toULongLong(&seedOk);
    if (!seedOk)
        return refuse(
            QStringLiteral("--seed: \"%1\" is not a whole number from 0 to 18446744073709551615")
                .arg(p.value(QStringLiteral("seed")).left(40)));
    const QString lang = p.value(QStringLiteral("lang"));
    if (lang != u"en" && lang != u"zh")
        return refuse(QStringLiteral("--lang: \"%1\" is not en or zh").arg(lang.left(40)));
    config.language = lang == u"zh" ? WorksheetLanguage::Chinese : WorksheetLanguage::English;
    const auto wiring = worksheetWiringFromName(p.value(QStringLiteral("wiring")));
    if (!wiring)
        return refuse(QStringLiteral("--wiring: \"%1\" is not cross, self, reverse or decoder")
                          .arg(p.value(QStringLiteral("wiring")).left(40)));
    config.wiring = *wiring;
    const auto format = WorksheetWriter::formatFromName(p.value(QStringLiteral("format")));
    if (!format)
        return refuse(QStringLiteral("--format: \"%1\" is not markdown, latex or pdf")
                          .arg(p.value(QStringLiteral("format")).left(40)));
    if (const auto problem = checkWorksheetConfig(config))
        return refuse(QStringLiteral("--") + problem->toString());
    out.options.outputDir = dir;
    out.options.format = *format;
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
