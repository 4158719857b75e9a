// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparefigure.h"

#include "export/figurestyle.h"
#include "heatmap/heatmapfigure.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;

constexpr double panelGap = 18.0;

/// Moves every item of @p figure by @p offset.
void translate(Figure &figure, const QPointF &offset)
{
    for (Figure::Item &item : figure.items) {
        item.rect.translate(offset);
        item.anchor += offset;
        item.end += offset;
        item.points.translate(offset);
    }
}

/// The panel titled @p title (an "A:" or "B:" prefix and the side's name).
QString panelTitle(const QString &letter, const QString &side, const HeatmapData &data)
{
    return CompareFigure::tr("%1: %2 (%3)").arg(letter, side, data.title);
}

} // namespace

QString CompareFigure::kindName(CompareKind kind)
{
    switch (kind) {
    case CompareKind::Scaling:
        return tr("Scaled vs unscaled");
    case CompareKind::CrossDirection:
        return tr("Standard (Y, X) vs reverse (X, Y) cross-attention");
    case CompareKind::Heads:
        return tr("One head vs another");
    case CompareKind::Causal:
        return tr("Causal vs not causal");
    }
    return {};
}

QString CompareFigure::sideName(const Session &session, CompareKind kind, int view)
{
    const AttentionSettings &a = session.attention;
    switch (kind) {
    case CompareKind::Scaling:
        switch (a.config.scale.mode) {
        case ScaleMode::SqrtDk:
            return tr("scores ÷ √d_k");
        case ScaleMode::None:
            return tr("unscaled scores");
        case ScaleMode::Custom:
            return tr("scores ÷ %1").arg(a.config.scale.divisor);
        }
        break;
    case CompareKind::CrossDirection: {
        const auto letter = [](SequenceRole role) {
            return role == SequenceRole::Source ? QStringLiteral("X") : QStringLiteral("Y");
        };
        return tr("queries from %1, keys/values from %2")
            .arg(letter(a.queryFrom), letter(a.keyValueFrom));
    }
    case CompareKind::Heads:
        return tr("head %1").arg(view + 1);
    case CompareKind::Causal:
        return a.config.causal ? tr("causal mask") : tr("no causal mask");
    }
    return {};
}

ComparePanels CompareFigure::panels(const CompareResult &result, CompareKind kind)
{
    ComparePanels p;
    p.title = kindName(kind);
    p.a = HeatmapDataBuilder::weights(result.sessionA, result.resultA, result.viewA, false);
    p.b = HeatmapDataBuilder::weights(result.sessionB, result.resultB, result.viewB, false);
    p.a.title = panelTitle(QStringLiteral("A"), sideName(result.sessionA, kind, result.viewA), p.a);
    p.b.title = panelTitle(QStringLiteral("B"), sideName(result.sessionB, kind, result.viewB), p.b);
    p.a.shortTitle = QStringLiteral("A");
    p.b.shortTitle = QStringLiteral("B");

    HeatmapData &d = p.difference;
    d.values = result.difference;
    d.visible = result.differenceVisible;
    d.rowLabels = p.a.rowLabels;
    d.columnLabels = p.a.columnLabels;
    d.rowAxisTitle = p.a.rowAxisTitle;
    d.columnAxisTitle = p.a.columnAxisTitle;
    d.title
        = result.transposed ? tr("Difference A − Bᵀ (same token pairs)") : tr("Difference A − B");
    d.shortTitle = result.transposed ? tr("A − Bᵀ") : tr("A − B");
    // Blue and red are not the only sign: each cell and tick writes it ("+0.12", "-0.05").
    d.signedValues = true;
    // Symmetric around 0 so that white means "no change"; at least ±0.05 so that rounding
    // noise does not fill the map with colour.
    double largest = 0.05;
    for (int r = 0; r < d.rows(); ++r) {
        for (int c = 0; c < d.columns(); ++c) {
            if (d.isVisible(r, c))
                largest = std::max(largest, std::abs(d.values(r, c)));
        }
    }
    d.minimum = -largest;
    d.maximum = largest;
    return p;
}

Figure CompareFigure::make(const ComparePanels &panels, const FigureOptions &options, int columns)
{
    // Three in a row, or A and B above the difference.
    const bool stacked = columns == 2;
    const QString title = options.title.isEmpty() ? panels.title : options.title;
    const QFontMetricsF tfm(Figure::font(titlePx, true));
    const double header = options.includeTitle ? tfm.height() + 8.0 : 0.0;

    FigureOptions panelOptions = options;
    panelOptions.title.clear();
    panelOptions.includeTitle = true;
    const int across = stacked ? 2 : 3;
    const int down = stacked ? 2 : 1;
    if (options.size.width() > 0)
        panelOptions.size.setWidth(std::max(FigureOptions::minSide,
            int((options.size.width() - (across - 1) * panelGap) / across)));
    if (options.size.height() > 0)
        panelOptions.size.setHeight(std::max(FigureOptions::minSide,
            int((options.size.height() - header - (down - 1) * panelGap) / down)));
    FigureOptions differenceOptions = panelOptions;
    differenceOptions.colorMap = ColorMapKind::Difference;

    Figure parts[3] = { HeatmapFigure::single(panels.a, panelOptions),
        HeatmapFigure::single(panels.b, panelOptions),
        HeatmapFigure::single(panels.difference, differenceOptions) };
    for (Figure::Item &item : parts[2].items) {
        if (item.role == QLatin1String("colorbar-title"))
            item.text = panels.difference.shortTitle;
    }

    Figure f;
    f.title = title;
    double x = 0.0;
    double height = 0.0;
    if (stacked) {
        const double rowHeight = std::max(parts[0].size.height(), parts[1].size.height());
        translate(parts[0], QPointF(0.0, header));
        translate(parts[1], QPointF(parts[0].size.width() + panelGap, header));
        const double width = parts[0].size.width() + panelGap + parts[1].size.width();
        translate(parts[2],
            QPointF((width - parts[2].size.width()) / 2.0, header + rowHeight + panelGap));
        for (Figure &part : parts)
            f.items.insert(f.items.end(), part.items.begin(), part.items.end());
        f.size = QSizeF(
            std::ceil(width), std::ceil(header + rowHeight + panelGap + parts[2].size.height()));
    } else {
        for (Figure &part : parts) {
            translate(part, QPointF(x, header));
            f.items.insert(f.items.end(), part.items.begin(), part.items.end());
            x += part.size.width() + panelGap;
            height = std::max(height, part.size.height());
        }
        f.size = QSizeF(std::ceil(x - panelGap), std::ceil(header + height));
    }
    if (options.includeTitle) {
        Figure::Item &t = f.addText(QPointF(f.size.width() / 2.0, outerMargin + tfm.ascent()),
            tfm.elidedText(
                Figure::displayText(title), Qt::ElideRight, f.size.width() - 2 * outerMargin),
            titlePx, textColor, Figure::Align::Middle, QStringLiteral("title"));
        t.bold = true;
    }
    return f;
}

Figure CompareFigure::fitted(const ComparePanels &panels, const FigureOptions &options)
{
    // Which arrangement wins depends on the labels, the colour bars and the map's shape as
    // much as on the room, so both are laid out and measured.
    Figure row = make(panels, options, 3);
    Figure stacked = make(panels, options, 2);
    // Two above one keeps the titles whole and reads from top to bottom: three in a row has
    // to win clearly.
    return cellSide(row) > 1.05 * cellSide(stacked) ? row : stacked;
}

double CompareFigure::cellSide(const Figure &figure)
{
    for (const Figure::Item &item : figure.items) {
        if (item.role == QLatin1String("cell") || item.role.startsWith(QLatin1String("cell ")))
            return item.rect.height();
    }
    return 0.0;
}

} // namespace ae
