// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetpdfwriter.h
/// A worksheet document as PDF, drawn with QPainter (no LaTeX needed), with a small heatmap
/// of the student's weights on each answer page.

#include "worksheet/worksheet.h"
#include "worksheet/worksheetdocument.h"

#include <QByteArray>
#include <QImage>

namespace ae {

/// Lays out worksheet blocks on A4 pages.
class WorksheetPdfWriter
{
public:
    /// The PDF of @p document. Blocks with figureStudent set are followed by the heatmap of
    /// that student's first head (found in @p sheets). The same input gives the same bytes.
    /// The heatmaps are labelled in @p language.
    static QByteArray toPdf(const WorksheetDocument &document,
        const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language);

    /// The first page of toPdf()'s layout as an image (A4 at 96 dpi times @p scale), for
    /// previews.
    static QImage firstPage(const WorksheetDocument &document,
        const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language,
        double scale = 1.0);
};

} // namespace ae
