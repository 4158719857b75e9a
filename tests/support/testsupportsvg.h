// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportsvg.h
/// An SVG reading for the export suites of every folder, written with QXmlStreamReader and
/// none of the writer's code, so that it checks the file and not the writer's own idea of it.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ae {

/// What an SVG document holds.
struct SvgSummary
{
    bool wellFormed = false;
    QString error; ///< the reader's error, when not well-formed
    /// Heatmap cells: the area, in cells, of the <rect>s in <g class="cells"> groups. In a
    /// group with a transform, width and height count cells (a run of 3 equal cells is one
    /// rect of width 3); without one, every rect is one cell.
    int cellRects = 0;
    int maskedRects = 0; ///< of those, the ones of class "m" (masked)
    int cellElements = 0; ///< the <rect> elements that draw those cells
    int argmaxRects = 0; ///< <rect class="argmax">
    int images = 0; ///< <image> elements anywhere
    int foreignObjects = 0; ///< <foreignObject> elements anywhere
    bool rasterData = false; ///< any attribute value holding "data:image"
    QStringList texts; ///< the character content of every <text>
    QStringList textClasses; ///< the class of every <text>, in the same order
    QString fontFamily; ///< the root's font-family
    double width = 0.0; ///< the root's width attribute
    double height = 0.0;

    /// Number of texts whose class list contains @p role.
    int textsWithClass(const QString &role) const;

    /// Reads @p svg.
    static SvgSummary read(const QByteArray &svg);
};

} // namespace ae
