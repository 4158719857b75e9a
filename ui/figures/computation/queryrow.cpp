// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/queryrow.h"

#include "computation/computationsteps.h"
#include "export/figurestyle.h"
#include "heatmap/heatmapcellinfo.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;

constexpr double cellPadding = 8.0;
constexpr double rowPitch = 22.0;
constexpr double tableGap = 16.0;
/// A token as a label: elided when long (the SVG tooltip has the whole token).
QString elidedToken(const QString &token)
{
    return Figure::elided(token);
}

/// The text of cell (@p r, @p c) of @p m.
QString cellText(const LabelledMatrix &m, int r, int c, int decimals)
{
    return m.isVisible(r, c) ? HeatmapCellInfo::cellLabel(m.values(r, c), decimals)
                             : QStringLiteral("−∞");
}

/// Draws @p m as a table at @p origin (top-left): its name above, column headers, row headers
/// when @p rowHeaders; returns its size.
QSizeF drawTable(Figure &f, const LabelledMatrix &m, const QPointF &origin, int decimals,
    bool rowHeaders, const QString &role)
{
    const QFontMetricsF fm(Figure::font(tickPx));
    const QFontMetricsF bold(Figure::font(axisTitlePx, true));
    const int rows = int(m.values.rows());
    const int columns = int(m.values.cols());
    double headerWidth = 0.0;
    if (rowHeaders) {
        for (const QString &label : m.rowLabels)
            headerWidth = std::max(headerWidth, fm.horizontalAdvance(elidedToken(label)));
        headerWidth += cellPadding;
    }
    std::vector<double> widths(size_t(columns), 0.0);
    for (int c = 0; c < columns; ++c) {
        double w = c < m.columnLabels.size() ? fm.horizontalAdvance(m.columnLabels[c]) : 0.0;
        for (int r = 0; r < rows; ++r)
            w = std::max(w, fm.horizontalAdvance(cellText(m, r, c, decimals)));
        widths[size_t(c)] = w + 2 * cellPadding;
    }
    double width = headerWidth;
    for (double w : widths)
        width += w;
    width = std::max(width, bold.horizontalAdvance(m.name));
    const double nameHeight = bold.height() + 4.0;
    f.addText(QPointF(origin.x(), origin.y() + bold.ascent()), Figure::displayText(m.name),
         axisTitlePx, textColor, Figure::Align::Start, role + QStringLiteral(" table-title"))
        .bold
        = true;
    const double top = origin.y() + nameHeight;
    const double baseline = baselineOffset(fm);
    double x = origin.x() + headerWidth;
    for (int c = 0; c < columns; ++c) {
        const double w = widths[size_t(c)];
        if (c < m.columnLabels.size())
            f.addText(QPointF(x + w / 2.0, top + rowPitch / 2.0 + baseline),
                Figure::displayText(m.columnLabels[c]), tickPx, mutedTextColor,
                Figure::Align::Middle, role + QStringLiteral(" column-label"));
        x += w;
    }
    f.addLine(QPointF(origin.x() + headerWidth, top + rowPitch),
        QPointF(origin.x() + width, top + rowPitch), frameColor, 1.0,
        role + QStringLiteral(" rule"));
    for (int r = 0; r < rows; ++r) {
        const double y = top + (r + 1) * rowPitch;
        if (rowHeaders && r < m.rowLabels.size())
            f.addText(QPointF(origin.x(), y + rowPitch / 2.0 + baseline),
                 Figure::displayText(elidedToken(m.rowLabels[r])), tickPx, textColor,
                 Figure::Align::Start, role + QStringLiteral(" row-label"))
                .tooltip
                = m.rowLabels[r];
        x = origin.x() + headerWidth;
        for (int c = 0; c < columns; ++c) {
            const double w = widths[size_t(c)];
            f.addText(QPointF(x + w - cellPadding, y + rowPitch / 2.0 + baseline),
                 cellText(m, r, c, decimals), tickPx, textColor, Figure::Align::End,
                 role + QStringLiteral(" value"))
                .tooltip
                = m.isVisible(r, c) ? cellText(m, r, c, decimals) : QString();
            x += w;
        }
    }
    return QSizeF(width, nameHeight + (rows + 1) * rowPitch);
}

/// The operator between two tables, centred on the height @p height from @p top.
void drawOperator(Figure &f, const QString &op, double x, double top, double height)
{
    const QFontMetricsF fm(Figure::font(titlePx, true));
    f.addText(QPointF(x, top + height / 2.0 + baselineOffset(fm)), op, titlePx, textColor,
         Figure::Align::Middle, QStringLiteral("operator"))
        .bold
        = true;
}

} // namespace

QueryRowParts QueryRow::parts(
    const Session &session, const AttentionResult &result, int head, int query)
{
    QueryRowParts p;
    if (result.heads.empty())
        return p;
    head = std::clamp(head, 0, int(result.heads.size()) - 1);
    const HeadResult &h = result.heads[size_t(head)];
    query = std::clamp(query, 0, std::max(0, int(h.weights.rows()) - 1));
    p.head = head;
    p.query = query;
    const QStringList &queries = session.querySequence().tokens;
    const QStringList &keys = session.keyValueSequence().tokens;
    const QString token = query < queries.size() ? queries[query] : QString();
    p.title = tr("Head %1, query %2 “%3”: its row, whole")
                  .arg(head + 1)
                  .arg(query + 1)
                  .arg(elidedToken(token));

    const Eigen::Index lk = h.weights.cols();
    p.keys.name = tr("Each key");
    p.keys.values.resize(lk, 3);
    const Eigen::RowVectorXd dots = result.dotProductRow(head, query);
    p.keys.values.col(0) = dots.transpose();
    for (Eigen::Index j = 0; j < lk; ++j)
        p.keys.values(j, 1) = result.scaled(dots(j));
    p.keys.values.col(2) = h.weights.row(query).transpose();
    p.keys.visible = BoolMatrix::Constant(lk, 3, true);
    for (Eigen::Index j = 0; j < lk; ++j) {
        // A masked key keeps its q·k; it has no score and no weight to speak of.
        const bool seen = result.visible.size() == 0 || result.visible(query, j);
        p.keys.visible(j, 1) = seen;
        p.keys.visible(j, 2) = seen;
    }
    p.keys.rowLabels = keys;
    p.keys.columnLabels = { QStringLiteral("q·k"),
        QStringLiteral("q·k / %1").arg(result.scale, 0, 'g', 4), QStringLiteral("softmax") };

    // V_h and O_h as the computation view labels them (columns counted in V from 1).
    p.values = ComputationSteps::matrices(session, result, head, ComputationStep::Split)[2];
    const LabelledMatrix o
        = ComputationSteps::matrices(session, result, head, ComputationStep::HeadOutput)[0];
    p.output.name = tr("o = Σ weight · v");
    p.output.values = o.values.row(query);
    p.output.rowLabels = { token };
    p.output.columnLabels = o.columnLabels;
    return p;
}

Figure QueryRow::figure(const QueryRowParts &parts, int decimals, const FigureOptions &options)
{
    Figure f;
    f.title = options.title.isEmpty() ? parts.title : options.title;
    const QFontMetricsF tfm(Figure::font(titlePx, true));
    double top = outerMargin;
    if (options.includeTitle) {
        f.addText(QPointF(outerMargin, top + tfm.ascent()), Figure::displayText(f.title), titlePx,
             textColor, Figure::Align::Start, QStringLiteral("title"))
            .bold
            = true;
        top += tfm.height() + 10.0;
    }
    const double operatorWidth = 28.0;
    double x = outerMargin;
    const QSizeF keys
        = drawTable(f, parts.keys, QPointF(x, top), decimals, true, QStringLiteral("keys"));
    x += keys.width() + tableGap / 2.0;
    drawOperator(f, QStringLiteral("×"), x + operatorWidth / 2.0, top, keys.height());
    x += operatorWidth + tableGap / 2.0;
    const QSizeF values
        = drawTable(f, parts.values, QPointF(x, top), decimals, false, QStringLiteral("values"));
    x += values.width() + tableGap / 2.0;
    drawOperator(f, QStringLiteral("="), x + operatorWidth / 2.0, top, keys.height());
    x += operatorWidth + tableGap / 2.0;
    const QSizeF output
        = drawTable(f, parts.output, QPointF(x, top), decimals, false, QStringLiteral("output"));
    x += output.width();
    const double height = std::max({ keys.height(), values.height(), output.height() });
    const double titleWidth = options.includeTitle ? tfm.horizontalAdvance(f.title) : 0.0;
    f.size = QSizeF(std::ceil(std::max(x, outerMargin + titleWidth) + outerMargin),
        std::ceil(top + height + outerMargin));
    if (options.size.width() > 0)
        f.size.setWidth(std::max<double>(f.size.width(), options.size.width()));
    if (options.size.height() > 0)
        f.size.setHeight(std::max<double>(f.size.height(), options.size.height()));
    return f;
}

} // namespace ae
