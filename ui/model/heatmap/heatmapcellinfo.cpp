// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapcellinfo.h"

#include "session/displayindex.h"

#include <QLocale>

namespace ae {

namespace {

/// Rows of headWeights listed in a tooltip before the rest are summarised.
constexpr int maxListedHeads = 16;

QString row2(const QString &name, const QString &value)
{
    // Cells never wrap: a number broken over two lines would be misread.
    return QStringLiteral("<tr><td style=\"white-space:pre\">%1</td><td width=\"12\"></td>"
                          "<td align=\"right\" style=\"white-space:pre\">%2</td></tr>")
        .arg(name, value);
}

QString quoted(const QString &token)
{
    return QStringLiteral("\u201c%1\u201d").arg(token.toHtmlEscaped());
}

} // namespace

QString HeatmapCellInfo::cellLabel(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString HeatmapCellInfo::accessibleText(const HeatmapData &data, int row, int column, bool hidden)
{
    if (row < 0 || row >= data.rows() || column < 0 || column >= data.columns())
        return QString();
    const QString query = row < data.rowLabels.size() ? data.rowLabels[row] : QString();
    const QString key = column < data.columnLabels.size() ? data.columnLabels[column] : QString();
    const QString where = tr("query %1 (%2), key %3 (%4)")
                              .arg(displayIndex(row))
                              .arg(query)
                              .arg(displayIndex(column))
                              .arg(key);
    if (hidden)
        return tr("%1: weight hidden while the question is open").arg(where);
    if (data.isRowFullyMasked(row))
        return tr("%1: masked, this query sees no key").arg(where);
    if (!data.isVisible(row, column))
        return tr("%1: masked").arg(where);
    const QString value = cellLabel(data.values(row, column), labelDecimals);
    const QString name = data.valueName.isEmpty() ? tr("weight") : data.valueName;
    if (data.markRowMaxima && data.alignedColumns(row).contains(column))
        return tr("%1: %2 %3, largest in its row").arg(where, name, value);
    return tr("%1: %2 %3").arg(where, name, value);
}

QString HeatmapCellInfo::toolTip(const HeatmapData &data, int row, int column, int decimals)
{
    // Every number as the user chose to read them: a 17-digit double helps nobody.
    const auto shown = [decimals](double value) { return cellLabel(value, decimals); };
    if (row < 0 || row >= data.rows() || column < 0 || column >= data.columns())
        return QString();
    const QString query = row < data.rowLabels.size() ? data.rowLabels[row] : QString();
    const QString key = column < data.columnLabels.size() ? data.columnLabels[column] : QString();
    QString html = QStringLiteral("<p style=\"white-space:pre\"><b>")
        + tr("query %1 (row %2) \u2192 key %3 (column %4)")
              .arg(quoted(query))
              .arg(displayIndex(row))
              .arg(quoted(key))
              .arg(displayIndex(column))
        + QStringLiteral("</b></p><table cellspacing=\"0\">");

    const bool visible = data.isVisible(row, column);
    const double weight = data.values(row, column);
    const bool hasScores = data.dotProducts && data.dotProducts->rows() == data.rows()
        && data.dotProducts->cols() == data.columns();
    if (hasScores) {
        html += row2(tr("q\u00b7k"), shown((*data.dotProducts)(row, column)));
        html += row2(tr("after scaling (\u00f7 %1)").arg(shown(data.scaleDivisor)),
            shown(data.score(row, column)));
        html += row2(tr("after the mask"),
            visible ? shown(data.score(row, column)) : tr("\u2212\u221e (masked)"));
    } else if (!visible) {
        html += row2(tr("mask"), tr("masked"));
    }
    // A mean of several heads: either its heads are listed, or (a light copy) nothing at all
    // explains it; a single head's mean carries that head's scores.
    const bool meanOfHeads = data.head < 0 && !hasScores;
    const QString weightName = !data.valueName.isEmpty() ? data.valueName
        : data.imported                                  ? tr("weight (imported)")
        : meanOfHeads                                    ? tr("mean softmax weight")
                                                         : tr("softmax weight");
    html += row2(QStringLiteral("<b>%1</b>").arg(weightName),
        QStringLiteral("<b>%1</b>").arg(shown(weight)));

    if (data.head < 0 && data.headWeights.size() > 1) {
        const int count = static_cast<int>(data.headWeights.size());
        for (int h = 0; h < count && h < maxListedHeads; ++h) {
            const Eigen::MatrixXd *w = data.headWeights[static_cast<size_t>(h)].get();
            if (w && row < w->rows() && column < w->cols())
                html += row2(tr("head %1").arg(h + 1), shown((*w)(row, column)));
        }
        if (count > maxListedHeads)
            html += row2(
                tr("\u2026 and %n more head(s)", nullptr, count - maxListedHeads), QString());
    }
    html += QStringLiteral("</table>");

    QStringList notes;
    if (data.isRowFullyMasked(row))
        notes << tr("This query sees no key: the mask hides its whole row, so every weight is 0.");
    else if (!visible)
        notes << tr("Masked: this key is hidden from this query, so its weight is 0.");
    else if (data.alignedColumns(row).contains(column))
        notes << tr("The largest weight in this row: the query aligns with this key.");
    if (data.head < 0 && data.headWeights.size() > 1)
        notes << tr("The mean of the heads' weights.");
    for (const QString &note : notes)
        html += QStringLiteral("<p>%1</p>").arg(note.toHtmlEscaped());
    return QStringLiteral("<qt>") + html + QStringLiteral("</qt>");
}

} // namespace ae
