// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file figureexporter.h
/// Writes a laid-out figure to SVG, PNG or PDF, the format chosen by the file's extension.
/// The one path to disk for the export dialog, the imported-weights window and the command line.

#include "export/figure.h"

#include <QCoreApplication>
#include <optional>

namespace ae {

/// Figure to file by extension.
class FigureExporter
{
    Q_DECLARE_TR_FUNCTIONS(FigureExporter)
public:
    /// The formats a figure can be written as.
    enum class Format { Svg, Png, Pdf };

    /// What happened.
    struct Outcome
    {
        enum class Status {
            Ok,
            Refused, ///< the figure does not fit the format (too many cells for SVG, too many
                     ///< pixels)
            WriteFailed ///< the file could not be written
        };
        Status status = Status::Ok;
        QString message; ///< starts with the file name; empty when Ok

        bool ok() const { return status == Status::Ok; }
    };

    /// The format of @p fileName's extension (case-insensitive), or nothing.
    static std::optional<Format> formatOf(const QString &fileName);
    /// "svg", "png" or "pdf".
    static QString extension(Format format);
    /// Why @p fileName cannot be exported to (an unknown extension), or an empty string.
    static QString formatProblem(const QString &fileName);

    /// Writes @p figure to @p fileName (PNG at @p dpi), atomically: on any failure an
    /// existing file keeps its old content.
    static Outcome write(const Figure &figure, const QString &fileName, int dpi);
};

} // namespace ae
