// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetpdfwriter.h"

#include "export/figure.h"
#include "export/figureoptions.h"
#include "export/painterfigurerenderer.h"
#include "export/pdftextlayer.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapfigure.h"

#include <QBuffer>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <functional>

namespace ae {

namespace {

/// Places blocks top to bottom, starting a new page when the next one does not fit.
class PdfLayout
{
public:
    /// Lays out on pages of @p size (CSS pixels inside the margins); @p nextPage turns a page.
    PdfLayout(QPainter &painter, QSizeF size, std::function<void()> nextPage)
        : m_painter(painter)
        , m_nextPage(std::move(nextPage))
        , m_width(size.width())
        , m_height(size.height())
    {
    }

    void newPage()
    {
        m_nextPage();
        m_y = 0;
    }

    /// Word-wrapped text in @p font; bold Markdown markers are dropped.
    void text(const QString &markdownText, const QFont &font, double spaceAfter)
    {
        QString plain = markdownText;
        plain.remove(QStringLiteral("**"));
        m_painter.setFont(font);
        const QRectF box = m_painter.boundingRect(
            QRectF(0, 0, m_width, 1e6), Qt::TextWordWrap | Qt::AlignLeft, plain);
        reserve(box.height());
        m_painter.drawText(
            QRectF(0, m_y, m_width, box.height()), Qt::TextWordWrap | Qt::AlignLeft, plain);
        m_y += box.height() + spaceAfter;
    }

    void table(const std::vector<std::vector<WorksheetText>> &rows, const QFont &font)
    {
        if (rows.empty())
            return;
        const double rowHeight = font.pixelSize() * 1.7;
        // Each column as wide as its widest cell (bold header included), with some air.
        QFont bold = font;
        bold.setBold(true);
        const QFontMetricsF metrics(bold);
        std::vector<double> widths(rows.front().size(), 0.0);
        for (const auto &row : rows) {
            for (size_t c = 0; c < row.size() && c < widths.size(); ++c)
                widths[c] = std::max(widths[c], metrics.horizontalAdvance(row[c].plain) + 24.0);
        }
        reserve(rowHeight * static_cast<double>(rows.size()));
        for (size_t r = 0; r < rows.size(); ++r) {
            m_painter.setFont(r == 0 ? bold : font);
            double x = 0;
            for (size_t c = 0; c < rows[r].size() && c < widths.size(); ++c) {
                const QRectF cell(x, m_y, widths[c], rowHeight);
                m_painter.setPen(QPen(QColor(150, 150, 150), 0.75));
                m_painter.drawRect(cell);
                m_painter.setPen(Qt::black);
                m_painter.drawText(cell, Qt::AlignCenter, rows[r][c].plain);
                x += widths[c];
            }
            m_y += rowHeight;
        }
        m_y += rowHeight * 0.6;
    }

    void answerLine(const QString &label, const QFont &font)
    {
        m_painter.setFont(font);
        // Room to write a number by hand, and a default sheet still fits on one page.
        const double h = font.pixelSize() * 2.7;
        reserve(h);
        m_painter.drawText(QRectF(0, m_y, m_width, h / 2), Qt::AlignLeft | Qt::AlignBottom, label);
        m_painter.setPen(QPen(Qt::black, 0.75));
        const double left = font.pixelSize() * 6.0;
        m_painter.drawLine(QPointF(left, m_y + h / 2), QPointF(m_width * 0.75, m_y + h / 2));
        m_y += h;
    }

    /// Figures side by side, in one row.
    void figures(const std::vector<Figure> &figs)
    {
        double height = 0;
        for (const Figure &f : figs)
            height = std::max(height, f.size.height());
        reserve(height);
        double x = 0;
        for (const Figure &f : figs) {
            m_painter.save();
            m_painter.translate(x, m_y);
            PainterFigureRenderer::render(f, m_painter);
            m_painter.restore();
            x += f.size.width() + 12;
        }
        m_y += height + 12;
    }

private:
    void reserve(double height)
    {
        if (m_y > 0 && m_y + height > m_height)
            newPage();
    }

    QPainter &m_painter;
    std::function<void()> m_nextPage;
    double m_width;
    double m_height;
    double m_y = 0;
};

/// The figures' fonts with an installed Latin face put first. Latin text and digits must come
/// from a Latin face: shaped inside a run of Chinese, the CJK face draws digits with glyphs that
/// PDF readers cannot map back to text ("d_model = 2" would copy as "d_model = "). Chinese
/// comes from the Simplified Chinese faces by name, never from the system's fallback (which
/// picks the Japanese one).
QFont fontOf(int pixelSize, bool bold)
{
    static const QStringList families = [] {
        QStringList list = Figure::fontFamilies();
        for (const QString &latin : { QStringLiteral("Noto Sans"), QStringLiteral("DejaVu Sans"),
                 QStringLiteral("Liberation Sans"), QStringLiteral("Arial") }) {
            if (QFontDatabase::hasFamily(latin)) {
                list.removeAll(latin);
                list.prepend(latin);
                break;
            }
        }
        return list;
    }();
    QFont f = Figure::font(pixelSize, bold);
    f.setFamilies(families);
    return f;
}

/// Qt stamps the PDF with the time of writing; the same worksheets must give the same bytes,
/// so the stamp is replaced by a fixed one of the same length (the file's offsets stay valid).
void fixCreationDate(QByteArray &pdf)
{
    static const QRegularExpression stamp(QStringLiteral("/CreationDate \\(D:[^)]*\\)"));
    const QString text = QString::fromLatin1(pdf);
    const QRegularExpressionMatch m = stamp.match(text);
    if (!m.hasMatch())
        return;
    QByteArray fixed = "/CreationDate (D:20000101000000";
    fixed = fixed.leftJustified(m.capturedLength() - 1, ' ', true) + ')';
    pdf.replace(m.capturedStart(), m.capturedLength(), fixed);
}

/// Draws @p document page after page on @p painter.
void paintDocument(QPainter &painter, QSizeF page, const std::function<void()> &nextPage,
    const WorksheetDocument &document, const std::vector<StudentWorksheet> &sheets,
    WorksheetLanguage language)
{
    PdfLayout layout(painter, page, nextPage);
    for (const WorksheetBlock &b : document) {
        switch (b.kind) {
        case WorksheetBlock::Kind::Title:
            layout.text(b.text.plain, fontOf(22, true), 10);
            break;
        case WorksheetBlock::Kind::Heading:
            layout.text(b.text.plain, fontOf(16, true), 6);
            break;
        case WorksheetBlock::Kind::Paragraph:
            layout.text(b.text.plain, fontOf(13, false), 6);
            break;
        case WorksheetBlock::Kind::Formula:
            layout.text(QStringLiteral("    ") + b.text.plain, fontOf(13, false), 6);
            break;
        case WorksheetBlock::Kind::Table:
            layout.table(b.rows, fontOf(12, false));
            break;
        case WorksheetBlock::Kind::AnswerSpace:
            layout.answerLine(b.text.plain, fontOf(13, false));
            break;
        case WorksheetBlock::Kind::PageBreak:
            layout.newPage();
            break;
        }
        if (b.figureStudent < 1)
            continue;
        for (const StudentWorksheet &sheet : sheets) {
            if (sheet.number != b.figureStudent)
                continue;
            // Every head's weights (the questions ask about any of them), small.
            FigureOptions options;
            options.size = QSize(300, 230);
            options.includeColorBar = false;
            std::vector<Figure> figs;
            for (int h = 0; h < static_cast<int>(sheet.result.heads.size()); ++h) {
                HeatmapData data
                    = HeatmapDataBuilder::weights(sheet.session, sheet.result, h, false);
                // Labelled in the worksheet's language, not the program's.
                data.title = worksheetPhrase(language, "Head %1", "头 %1").arg(h + 1);
                data.rowAxisTitle = worksheetPhrase(language, "queries", "查询");
                data.columnAxisTitle = worksheetPhrase(language, "keys", "键");
                figs.push_back(HeatmapFigure::single(data, options));
            }
            layout.figures(figs);
        }
    }
}

} // namespace

QByteArray WorksheetPdfWriter::toPdf(const WorksheetDocument &document,
    const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("Attention Explorer"));
        // 96 units per inch, as the figures: painter coordinates are CSS pixels.
        pdf.setResolution(96);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
            QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter));
        QPainter painter(&pdf);
        paintDocument(
            painter, QSizeF(pdf.width(), pdf.height()), [&pdf] { pdf.newPage(); }, document, sheets,
            language);
    }
    fixCreationDate(bytes);
    PdfTextLayer::restoreIdeographs(bytes);
    return bytes;
}

QImage WorksheetPdfWriter::firstPage(const WorksheetDocument &document,
    const std::vector<StudentWorksheet> &sheets, WorksheetLanguage language, double scale)
{
    // A4 at 96 dpi with the PDF's margins of 18 mm.
    const QSizeF paper(793.7, 1122.5);
    const double margin = 18.0 / 25.4 * 96.0;
    QImage image((paper * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(scale, scale);
    painter.translate(margin, margin);
    const QSizeF content = paper - QSizeF(2 * margin, 2 * margin);
    // Later pages are drawn below the image, where nothing shows.
    paintDocument(
        painter, content, [&painter, &paper] { painter.translate(0, 2 * paper.height()); },
        document, sheets, language);
    return image;
}

} // namespace ae
