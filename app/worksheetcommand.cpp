// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheetcommand.h"

#include "worksheet.h"
#include "worksheetwriter.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QHashSeed>
#include <cstdio>
#include <optional>

namespace ae {

namespace {

enum Status { Ok = 0, IoError = 1, Refused = 2 };

void printErr(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
}

int refuse(const QString &what)
{
    printErr(QStringLiteral("worksheet: ") + what);
    return Refused;
}

/// A whole number option; the range is checked by checkWorksheetConfig(), the one rule.
std::optional<int> wholeNumber(const QCommandLineParser &p, const QString &name)
{
    bool ok = false;
    const int v = p.value(name).trimmed().toInt(&ok);
    if (!ok) {
        refuse(
            QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, p.value(name).left(40)));
        return std::nullopt;
    }
    return v;
}

} // namespace

int runWorksheetCommand(int argc, char **argv)
{
    // The PDF writer keeps its fonts in a hash; a fixed seed writes them in the same order on
    // every run, so the same worksheets give the same bytes.
    QHashSeed::setDeterministicGlobalSeed();
    // PDF sheets need fonts, hence a GUI application; without a display it draws offscreen.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QGuiApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    QStringList args = QGuiApplication::arguments();
    args.removeAt(1);

    const WorksheetConfig defaults;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Write a different small attention exercise for every student, with answers."));
    p.addHelpOption();
    p.addOptions({
        { { QStringLiteral("o"), QStringLiteral("output") },
            QStringLiteral("The folder to write into (made when missing)."),
            QStringLiteral("DIR") },
        { QStringLiteral("students"), QStringLiteral("Number of students, 1 to 99 (default 30)."),
            QStringLiteral("N"), QString::number(defaults.students) },
        { QStringLiteral("seed"), QStringLiteral("Random seed (default 0)."), QStringLiteral("S"),
            QStringLiteral("0") },
        { QStringLiteral("lang"), QStringLiteral("en (default) or zh."), QStringLiteral("lang"),
            QStringLiteral("en") },
        { QStringLiteral("format"), QStringLiteral("markdown (default), latex or pdf."),
            QStringLiteral("format"), QStringLiteral("markdown") },
        { QStringLiteral("tokens"), QStringLiteral("Tokens per sequence, 2 to 4 (default 3)."),
            QStringLiteral("n"), QString::number(defaults.tokens) },
        { QStringLiteral("d-model"), QStringLiteral("d_model, 2 to 8 (default 2)."),
            QStringLiteral("n"), QString::number(defaults.dModel) },
        { QStringLiteral("heads"), QStringLiteral("1 (default) or 2; must divide d_model."),
            QStringLiteral("n"), QString::number(defaults.heads) },
        { QStringLiteral("wiring"), QStringLiteral("cross (default), self, reverse or decoder."),
            QStringLiteral("wiring"), QStringLiteral("cross") },
        { QStringLiteral("causal"), QStringLiteral("Apply the causal mask.") },
    });
    if (!p.parse(args))
        return refuse(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        QString text = p.helpText();
        text = QStringLiteral("Usage: attention-explorer worksheet -o DIR [options]")
            + text.mid(text.indexOf(QLatin1Char('\n')));
        const QByteArray help = text.toUtf8();
        std::fwrite(help.constData(), 1, size_t(help.size()), stdout);
        return Ok;
    }
    if (!p.positionalArguments().isEmpty())
        return refuse(QStringLiteral("unexpected argument \"%1\"")
                          .arg(p.positionalArguments().constFirst().left(40)));
    const QString dir = p.value(QStringLiteral("output"));
    if (dir.isEmpty())
        return refuse(QStringLiteral("-o: no output folder given (-o DIR)"));

    WorksheetConfig config;
    const auto students = wholeNumber(p, QStringLiteral("students"));
    const auto tokens = wholeNumber(p, QStringLiteral("tokens"));
    const auto dModel = wholeNumber(p, QStringLiteral("d-model"));
    const auto heads = wholeNumber(p, QStringLiteral("heads"));
    if (!students || !tokens || !dModel || !heads)
        return Refused;
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

    QString error;
    QStringList written;
    if (!WorksheetWriter::write(makeWorksheets(config), config, *format, dir, &error, &written)) {
        printErr(QStringLiteral("worksheet: ") + error);
        return IoError;
    }
    std::printf("%d students, %d files written to %s\n", config.students,
        static_cast<int>(written.size()), dir.toLocal8Bit().constData());
    return Ok;
}

} // namespace ae
