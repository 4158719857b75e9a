#pragma once

/// @file svgfigurewriter.h
/// Writes a Figure as a true vector SVG: one <rect> per heatmap cell, every token, value and
/// title as <text>, gradients for colour bars, and no raster image anywhere.

#include "figure.h"

#include <QCoreApplication>
#include <QString>

namespace ae {

/// Figure to SVG 1.1, written with QXmlStreamWriter.
class SvgFigureWriter
{
    Q_DECLARE_TR_FUNCTIONS(SvgFigureWriter)
public:
    /// Most heatmap cells one SVG holds: 40 000, e.g. a 200 x 200 map, or the mean and eight
    /// heads of a 64 x 64 map. Measured: a 64 x 64 heatmap is about 0.54 MB, 128 x 128 about
    /// 2.1 MB, the mean and 4 heads of a 64 x 64 map about 2.6 MB; the limit keeps files near
    /// 5 MB, which browsers and Inkscape still open smoothly. Larger figures are refused with
    /// a suggestion to export PNG instead.
    static constexpr qint64 maxCells = 40000;

    /// The refusal for a figure of @p cells cells (more than maxCells).
    static QString tooManyCells(qint64 cells);
    /// Why @p figure cannot be written as SVG (too many cells), or an empty string.
    static QString refusal(const Figure &figure);

    /// The SVG document. Never fails; callers check refusal() first.
    static QByteArray toSvg(const Figure &figure);

    /// Writes @p figure to @p fileName atomically (the old file stays intact on failure).
    /// On failure returns false and sets @p error to a message naming the file.
    static bool write(const Figure &figure, const QString &fileName, QString *error);

    /// @p text with every character XML 1.0 forbids replaced (U+FFFD), so that any token,
    /// however hostile, gives a well-formed document.
    static QString xmlSafe(const QString &text);
};

} // namespace ae
