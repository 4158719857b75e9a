// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/painterfigurerenderer.h"

#include "export/pdftextlayer.h"
#include "io/atomicfilewriter.h"

#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <cmath>

namespace ae {

namespace {

QPen pen(const Figure::Item &item)
{
    if (!item.stroke.isValid())
        return Qt::NoPen;
    QPen p(item.stroke, item.strokeWidth);
    p.setJoinStyle(Qt::RoundJoin);
    p.setCapStyle(Qt::FlatCap);
    if (item.dotted)
        p.setDashPattern({ 1.0, 2.0 });
    else if (item.dashed)
        p.setDashPattern({ 4.0, 3.0 });
    return p;
}

QBrush brush(const QColor &c)
{
    return c.isValid() ? QBrush(c) : QBrush(Qt::NoBrush);
}

void drawText(QPainter &painter, const Figure::Item &item)
{
    const QFont font = Figure::font(item.fontSize, item.bold);
    painter.setFont(font);
    painter.setPen(item.fill.isValid() ? item.fill : QColor(Qt::black));
    const QFontMetricsF fm(font);
    const double width = fm.horizontalAdvance(item.text);
    double x = 0.0;
    if (item.align == Figure::Align::Middle)
        x = -width / 2.0;
    else if (item.align == Figure::Align::End)
        x = -width;
    painter.save();
    painter.translate(item.anchor);
    if (item.rotation != 0.0)
        painter.rotate(item.rotation);
    painter.drawText(QPointF(x, 0.0), item.text);
    painter.restore();
}

/// QImage's PNG "quality": 100 - quality picks the zlib level (here about 1, the fastest
/// that still compresses).
constexpr int pngQuality = 85;

QString writeError(const QString &fileName, const QString &reason)
{
    return PainterFigureRenderer::tr("%1: cannot write the file: %2").arg(fileName, reason);
}

} // namespace

void PainterFigureRenderer::render(const Figure &figure, QPainter &painter)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), figure.size), figure.background);
    // Anti-aliasing is switched only when it changes: a run of cells keeps it off.
    bool antialiased = true;
    const auto setAntialiased = [&painter, &antialiased](bool on) {
        if (on != antialiased) {
            painter.setRenderHint(QPainter::Antialiasing, on);
            antialiased = on;
        }
    };
    for (const Figure::Item &item : figure.items) {
        const bool plainCell = item.kind == Figure::Kind::Rect && !item.stroke.isValid()
            && item.fill.isValid() && item.fill.alpha() == 255
            && item.role.startsWith(QLatin1String("cell"));
        setAntialiased(!plainCell);
        if (plainCell) {
            // The raster engine's solid fill, without a pen and a brush for each of a large
            // grid's million cells.
            painter.fillRect(item.rect, item.fill);
            continue;
        }
        switch (item.kind) {
        case Figure::Kind::Rect: {
            // Cells sit edge to edge; without anti-aliasing no seam shows between them.
            const bool cell = item.role.startsWith(QLatin1String("cell"));
            painter.setRenderHint(QPainter::Antialiasing, !cell);
            painter.setPen(pen(item));
            painter.setBrush(brush(item.fill));
            painter.drawRect(item.rect);
            painter.setRenderHint(QPainter::Antialiasing, true);
            break;
        }
        case Figure::Kind::Text:
            drawText(painter, item);
            break;
        case Figure::Kind::Line:
            painter.setPen(pen(item));
            painter.drawLine(item.anchor, item.end);
            break;
        case Figure::Kind::Polyline:
            painter.setPen(pen(item));
            painter.setBrush(Qt::NoBrush);
            painter.drawPolyline(item.points);
            break;
        case Figure::Kind::Circle:
            painter.setPen(pen(item));
            painter.setBrush(brush(item.fill));
            painter.drawEllipse(item.anchor, item.radius, item.radius);
            break;
        case Figure::Kind::GradientBar: {
            QLinearGradient gradient(item.rect.bottomLeft(), item.rect.topLeft());
            gradient.setStops(item.stops);
            painter.setPen(Qt::NoPen);
            painter.setBrush(gradient);
            painter.drawRect(item.rect);
            break;
        }
        }
    }
    painter.restore();
}

QSize PainterFigureRenderer::pngPixelSize(const Figure &figure, int dpi)
{
    const double scale = dpi / 96.0;
    return QSize(std::max(1, int(std::ceil(figure.size.width() * scale - 1e-6))),
        std::max(1, int(std::ceil(figure.size.height() * scale - 1e-6))));
}

QString PainterFigureRenderer::pngRefusal(const Figure &figure, int dpi)
{
    const QSize px = pngPixelSize(figure, dpi);
    const double pixels = double(px.width()) * px.height();
    if (pixels <= maxPngPixels)
        return {};
    return tr("A PNG of %1 x %2 pixels is too large (at most %3 million pixels); choose a "
              "smaller size or resolution.")
        .arg(px.width())
        .arg(px.height())
        .arg(maxPngPixels / 1e6);
}

QImage PainterFigureRenderer::toImage(const Figure &figure, int dpi)
{
    // An opaque background needs no alpha channel: a quarter less data to draw and encode.
    const QImage::Format format = figure.background.isValid() && figure.background.alpha() == 255
        ? QImage::Format_RGB32
        : QImage::Format_ARGB32_Premultiplied;
    QImage image(pngPixelSize(figure, dpi), format);
    if (image.isNull())
        return image;
    image.fill(Qt::white);
    const int dotsPerMeter = qRound(dpi / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QPainter painter(&image);
    painter.scale(dpi / 96.0, dpi / 96.0);
    render(figure, painter);
    painter.end();
    return image;
}

bool PainterFigureRenderer::writePng(
    const Figure &figure, const QString &fileName, int dpi, QString *error)
{
    const QString refused = pngRefusal(figure, dpi);
    if (!refused.isEmpty()) {
        if (error)
            *error = tr("%1: %2", "file: problem").arg(fileName, refused);
        return false;
    }
    const QImage image = toImage(figure, dpi);
    if (image.isNull()) {
        if (error)
            *error = writeError(fileName, tr("not enough memory for the image"));
        return false;
    }
    // Encoded in memory first: the file is then written in one checked, atomic step.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    // Fast zlib settings: heatmaps are flat colour areas, which compress well even so, and
    // the default level made encoding most of a large grid's export time.
    if (!image.save(&buffer, "PNG", pngQuality)) {
        if (error)
            *error = writeError(fileName, tr("the image could not be encoded"));
        return false;
    }
    QString reason;
    if (!AtomicFileWriter::write(fileName, png, &reason)) {
        if (error)
            *error = writeError(fileName, reason);
        return false;
    }
    return true;
}

bool PainterFigureRenderer::writePdf(const Figure &figure, const QString &fileName, QString *error)
{
    QByteArray pdfBytes;
    QBuffer buffer(&pdfBytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("Attention Explorer"));
        pdf.setTitle(figure.title);
        // 96 units per inch: painter coordinates are the figure's CSS pixels.
        pdf.setResolution(96);
        const QSizeF points = figure.size * 72.0 / 96.0;
        pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Point);
        QPainter painter;
        if (!painter.begin(&pdf)) {
            if (error)
                *error = writeError(fileName, tr("the PDF could not be started"));
            return false;
        }
        render(figure, painter);
        painter.end();
    }
    PdfTextLayer::restoreIdeographs(pdfBytes);
    QString reason;
    if (!AtomicFileWriter::write(fileName, pdfBytes, &reason)) {
        if (error)
            *error = writeError(fileName, reason);
        return false;
    }
    return true;
}

} // namespace ae
