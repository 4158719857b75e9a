// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmapdata.h"

#include "sequencerole.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// How far below a row's largest weight a value still ties with it: two keys with the same
/// score may come out of the softmax differing in the last bit.
double tieTolerance(double best)
{
    return 1e-12 * std::max(1.0, std::abs(best));
}

} // namespace

QList<QPoint> HeatmapData::alignedCells() const
{
    const int n = rows();
    const int m = columns();
    QList<QPoint> cells;
    if (n == 0 || m == 0)
        return cells;
    // Column-major sweeps (the storage order): the best value and visible count per row,
    // then the tied count, then the cells of rows that are not uniform.
    std::vector<double> best(static_cast<size_t>(n), 0.0);
    std::vector<int> seen(static_cast<size_t>(n), 0);
    for (int c = 0; c < m; ++c) {
        for (int r = 0; r < n; ++r) {
            if (!isVisible(r, c))
                continue;
            const double v = values(r, c);
            if (seen[size_t(r)] == 0 || v > best[size_t(r)])
                best[size_t(r)] = v;
            ++seen[size_t(r)];
        }
    }
    std::vector<int> tied(static_cast<size_t>(n), 0);
    for (int c = 0; c < m; ++c) {
        for (int r = 0; r < n; ++r) {
            if (isVisible(r, c) && values(r, c) >= best[size_t(r)] - tieTolerance(best[size_t(r)]))
                ++tied[size_t(r)];
        }
    }
    for (int c = 0; c < m; ++c) {
        for (int r = 0; r < n; ++r) {
            const int count = seen[size_t(r)];
            if (count == 0 || (count > 1 && tied[size_t(r)] == count))
                continue;
            if (isVisible(r, c) && values(r, c) >= best[size_t(r)] - tieTolerance(best[size_t(r)]))
                cells.append(QPoint(c, r));
        }
    }
    std::sort(cells.begin(), cells.end(), [](const QPoint &a, const QPoint &b) {
        return a.y() != b.y() ? a.y() < b.y() : a.x() < b.x();
    });
    return cells;
}

bool HeatmapData::isRowFullyMasked(int r) const
{
    if (visible.size() == 0 || columns() == 0)
        return false;
    return !visible.row(r).any();
}

QList<int> HeatmapData::alignedColumns(int r) const
{
    QList<int> result;
    double best = 0.0;
    int visibleCount = 0;
    for (int c = 0; c < columns(); ++c) {
        if (!isVisible(r, c))
            continue;
        const double v = values(r, c);
        if (visibleCount == 0 || v > best)
            best = v;
        ++visibleCount;
    }
    if (visibleCount == 0)
        return result;
    const double tolerance = tieTolerance(best);
    for (int c = 0; c < columns(); ++c) {
        if (isVisible(r, c) && values(r, c) >= best - tolerance)
            result.append(c);
    }
    if (visibleCount > 1 && result.size() == visibleCount)
        result.clear();
    return result;
}

std::vector<HeatmapData> HeatmapDataBuilder::allViews(
    const Session &session, const AttentionResult &result, bool details)
{
    std::vector<HeatmapData> views;
    const int heads = static_cast<int>(result.heads.size());
    views.reserve(static_cast<size_t>(heads) + 1);
    for (int view = -1; view < heads; ++view)
        views.push_back(weights(session, result, view, details));
    return views;
}

void HeatmapDataBuilder::applyColorRange(std::vector<HeatmapData> &views, bool stretch)
{
    double top = 0.0;
    if (stretch) {
        for (const HeatmapData &d : views) {
            for (int r = 0; r < d.rows(); ++r) {
                for (int c = 0; c < d.columns(); ++c) {
                    if (d.isVisible(r, c))
                        top = std::max(top, d.values(r, c));
                }
            }
        }
    }
    const double maximum = top > 0.0 ? top : 1.0;
    for (HeatmapData &d : views) {
        d.minimum = 0.0;
        d.maximum = maximum;
    }
}

HeatmapData HeatmapDataBuilder::weights(
    const Session &session, const AttentionResult &result, int head)
{
    return weights(session, result, head, true);
}

HeatmapData HeatmapDataBuilder::weights(
    const Session &session, const AttentionResult &result, int head, bool details)
{
    HeatmapData d;
    const int count = static_cast<int>(result.heads.size());
    if (head < 0 || head >= count) {
        d.values = result.meanWeights;
        d.title = count == 1 ? tr("Attention weights (1 head)") : tr("Mean of %1 heads").arg(count);
        d.shortTitle = count == 1 ? tr("Weights") : tr("Mean");
        d.head = -1;
        if (details) {
            d.headWeights.reserve(result.heads.size());
            for (const HeadResult &h : result.heads)
                d.headWeights.push_back(h.weights);
            // With one head the mean is that head, so its intermediates explain the cells too.
            if (count == 1) {
                d.dotProducts = result.heads.front().dotProducts;
            }
        }
    } else {
        const HeadResult &h = result.heads[static_cast<size_t>(head)];
        d.values = h.weights;
        d.title = tr("Head %1 of %2").arg(head + 1).arg(count);
        d.shortTitle = tr("Head %1").arg(head + 1);
        d.head = head;
        if (details) {
            d.dotProducts = h.dotProducts;
        }
    }
    d.scaleDivisor = result.scale;
    d.visible = result.visible;
    d.rowLabels = session.querySequence().tokens;
    d.columnLabels = session.keyValueSequence().tokens;
    d.rowAxisTitle = tr("queries from %1").arg(RoleLabel::text(session.attention.queryFrom));
    d.columnAxisTitle
        = tr("keys/values from %1").arg(RoleLabel::text(session.attention.keyValueFrom));
    return d;
}

} // namespace ae
