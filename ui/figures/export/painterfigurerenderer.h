// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file painterfigurerenderer.h
/// Draws a Figure with QPainter: on screen, to a PNG image, or to a vector PDF.

#include "export/figure.h"

#include <QCoreApplication>
#include <QImage>

class QPainter;

namespace ae {

/// The QPainter twin of SvgFigureWriter: the same primitives, the same look.
class PainterFigureRenderer
{
    Q_DECLARE_TR_FUNCTIONS(PainterFigureRenderer)
public:
    /// Most pixels of one PNG (width x height at the chosen DPI): 400 MB of image memory.
    static constexpr double maxPngPixels = 100e6;

    /// Draws @p figure with @p painter, in figure units (CSS pixels); the caller sets any scale.
    static void render(const Figure &figure, QPainter &painter);

    /// The pixel size of the PNG of @p figure at @p dpi (96 dpi: one pixel per CSS pixel).
    static QSize pngPixelSize(const Figure &figure, int dpi);

    /// Why @p figure cannot be rendered at @p dpi (too many pixels), or an empty string.
    static QString pngRefusal(const Figure &figure, int dpi);

    /// The figure as an image at @p dpi (resolution metadata set, white background).
    static QImage toImage(const Figure &figure, int dpi);

    /// Writes a PNG at @p dpi to @p fileName, atomically. On failure returns false and sets
    /// @p error to a message naming the file.
    static bool writePng(const Figure &figure, const QString &fileName, int dpi, QString *error);

    /// Writes a one-page vector PDF of exactly the figure's size to @p fileName, atomically.
    static bool writePdf(const Figure &figure, const QString &fileName, QString *error);
};

} // namespace ae
