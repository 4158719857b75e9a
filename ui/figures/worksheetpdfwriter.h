#pragma once

/// @file worksheetpdfwriter.h
/// A worksheet document as PDF, drawn with QPainter (no LaTeX needed), with a small heatmap
/// of the student's weights on each answer page.

#include "worksheet.h"
#include "worksheetdocument.h"

#include <QByteArray>

namespace ae {

/// Lays out worksheet blocks on A4 pages.
class WorksheetPdfWriter
{
public:
    /// The PDF of @p document. Blocks with figureStudent set are followed by the heatmap of
    /// that student's first head (found in @p sheets). The same input gives the same bytes.
    static QByteArray toPdf(
        const WorksheetDocument &document, const std::vector<StudentWorksheet> &sheets);
};

} // namespace ae
