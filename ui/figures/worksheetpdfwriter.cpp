#include "worksheetpdfwriter.h"

#include "figureoptions.h"
#include "heatmapdata.h"
#include "heatmapfigure.h"
#include "painterfigurerenderer.h"

#include <QBuffer>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>

namespace ae {

namespace {

/// Places blocks top to bottom, starting a new page when the next one does not fit.
class PdfLayout
{
public:
    PdfLayout(QPdfWriter &writer, QPainter &painter)
        : m_writer(writer)
        , m_painter(painter)
        , m_width(writer.width())
        , m_height(writer.height())
    {
    }

    void newPage()
    {
        m_writer.newPage();
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
        const double rowHeight = font.pixelSize() * 1.9;
        const auto columns = static_cast<double>(rows.front().size());
        const double cellWidth = std::min(110.0, m_width / columns);
        reserve(rowHeight * static_cast<double>(rows.size()));
        for (size_t r = 0; r < rows.size(); ++r) {
            QFont f = font;
            f.setBold(r == 0);
            m_painter.setFont(f);
            for (size_t c = 0; c < rows[r].size(); ++c) {
                const QRectF cell(static_cast<double>(c) * cellWidth, m_y, cellWidth, rowHeight);
                m_painter.setPen(QPen(QColor(150, 150, 150), 0.75));
                m_painter.drawRect(cell);
                m_painter.setPen(Qt::black);
                m_painter.drawText(cell, Qt::AlignCenter, rows[r][c].plain);
            }
            m_y += rowHeight;
        }
        m_y += rowHeight * 0.6;
    }

    void answerLine(const QString &label, const QFont &font)
    {
        m_painter.setFont(font);
        const double h = font.pixelSize() * 3.5;
        reserve(h);
        m_painter.drawText(QRectF(0, m_y, m_width, h / 2), Qt::AlignLeft | Qt::AlignBottom, label);
        m_painter.setPen(QPen(Qt::black, 0.75));
        const double left = font.pixelSize() * 6.0;
        m_painter.drawLine(QPointF(left, m_y + h / 2), QPointF(m_width * 0.75, m_y + h / 2));
        m_y += h;
    }

    void figure(const Figure &fig)
    {
        reserve(fig.size.height());
        m_painter.save();
        m_painter.translate(0, m_y);
        PainterFigureRenderer::render(fig, m_painter);
        m_painter.restore();
        m_y += fig.size.height() + 12;
    }

private:
    void reserve(double height)
    {
        if (m_y > 0 && m_y + height > m_height)
            newPage();
    }

    QPdfWriter &m_writer;
    QPainter &m_painter;
    double m_width;
    double m_height;
    double m_y = 0;
};

QFont fontOf(int pixelSize, bool bold)
{
    QFont f;
    f.setPixelSize(pixelSize);
    f.setBold(bold);
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

} // namespace

QByteArray WorksheetPdfWriter::toPdf(
    const WorksheetDocument &document, const std::vector<StudentWorksheet> &sheets)
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
        PdfLayout layout(pdf, painter);
        for (const WorksheetBlock &b : document) {
            switch (b.kind) {
            case WorksheetBlock::Kind::Title:
                layout.text(b.text.plain, fontOf(22, true), 10);
                break;
            case WorksheetBlock::Kind::Heading:
                layout.text(b.text.plain, fontOf(16, true), 6);
                break;
            case WorksheetBlock::Kind::Paragraph:
                layout.text(b.text.plain, fontOf(13, false), 8);
                break;
            case WorksheetBlock::Kind::Formula:
                layout.text(QStringLiteral("    ") + b.text.plain, fontOf(13, false), 8);
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
                FigureOptions options;
                options.size = QSize(320, 240);
                options.includeColorBar = false;
                layout.figure(HeatmapFigure::single(
                    HeatmapDataBuilder::weights(sheet.session, sheet.result, 0, false), options));
            }
        }
    }
    fixCreationDate(bytes);
    return bytes;
}

} // namespace ae
