// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/figureexporter.h"

#include "export/painterfigurerenderer.h"
#include "export/svgfigurewriter.h"

#include <QFileInfo>

namespace ae {

std::optional<FigureExporter::Format> FigureExporter::formatOf(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

QString FigureExporter::extension(Format format)
{
    switch (format) {
    case Format::Svg:
        return QStringLiteral("svg");
    case Format::Png:
        return QStringLiteral("png");
    case Format::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

QString FigureExporter::formatProblem(const QString &fileName)
{
    if (fileName.trimmed().isEmpty())
        return tr("no output file given");
    if (formatOf(fileName))
        return {};
    const QString suffix = QFileInfo(fileName).suffix();
    return suffix.isEmpty()
        ? tr("%1: no extension; end the name with .svg, .png or .pdf to choose the format")
              .arg(fileName)
        : tr("%1: unknown format \".%2\"; use .svg, .png or .pdf").arg(fileName, suffix);
}

FigureExporter::Outcome FigureExporter::write(
    const Figure &figure, const QString &fileName, int dpi)
{
    Outcome outcome;
    const std::optional<Format> format = formatOf(fileName);
    if (!format) {
        outcome.status = Outcome::Status::Refused;
        outcome.message = formatProblem(fileName);
        return outcome;
    }
    QString refusal;
    if (*format == Format::Svg)
        refusal = SvgFigureWriter::refusal(figure);
    else if (*format == Format::Png)
        refusal = PainterFigureRenderer::pngRefusal(figure, dpi);
    if (!refusal.isEmpty()) {
        outcome.status = Outcome::Status::Refused;
        outcome.message = tr("%1: %2", "file: problem").arg(fileName, refusal);
        return outcome;
    }
    QString error;
    bool written = false;
    switch (*format) {
    case Format::Svg:
        written = SvgFigureWriter::write(figure, fileName, &error);
        break;
    case Format::Png:
        written = PainterFigureRenderer::writePng(figure, fileName, dpi, &error);
        break;
    case Format::Pdf:
        written = PainterFigureRenderer::writePdf(figure, fileName, &error);
        break;
    }
    if (!written) {
        outcome.status = Outcome::Status::WriteFailed;
        outcome.message = error;
    }
    return outcome;
}

} // namespace ae
