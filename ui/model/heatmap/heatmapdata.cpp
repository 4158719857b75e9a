// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/heatmapdata.h"

#include "session/sequencerole.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
    // Two column-major sweeps (the storage order) with branch-free inner loops the compiler
    // vectorises: the best visible value and the visible count per row, then the tied count
    // per row, noting the tied cells as they pass; rows that turn out uniform are dropped.
    const bool masked = visible.size() != 0;
    const double lowest = -std::numeric_limits<double>::infinity();
    std::vector<double> best(static_cast<size_t>(n), lowest);
    std::vector<int> seen(static_cast<size_t>(n), masked ? 0 : m);
    for (int c = 0; c < m; ++c) {
        const double *column = values.col(c).data();
        if (masked) {
            const bool *shown = visible.col(c).data();
            for (int r = 0; r < n; ++r) {
                best[size_t(r)] = shown[r] ? std::max(best[size_t(r)], column[r]) : best[size_t(r)];
                seen[size_t(r)] += shown[r] ? 1 : 0;
            }
        } else {
            for (int r = 0; r < n; ++r)
                best[size_t(r)] = std::max(best[size_t(r)], column[r]);
        }
    }
    std::vector<double> threshold(static_cast<size_t>(n));
    for (int r = 0; r < n; ++r)
        threshold[size_t(r)] = best[size_t(r)] - tieTolerance(best[size_t(r)]);
    std::vector<int> tied(static_cast<size_t>(n), 0);
    for (int c = 0; c < m; ++c) {
        const double *column = values.col(c).data();
        const bool *shown = masked ? visible.col(c).data() : nullptr;
        int hits = 0;
        for (int r = 0; r < n; ++r) {
            const int hit = (column[r] >= threshold[size_t(r)]) && (!shown || shown[r]) ? 1 : 0;
            tied[size_t(r)] += hit;
            hits += hit;
        }
        if (hits == 0)
            continue;
        for (int r = 0; r < n; ++r) {
            if (column[r] >= threshold[size_t(r)] && (!shown || shown[r]))
                cells.append(QPoint(c, r));
        }
    }
    cells.removeIf([&](const QPoint &p) {
        const int count = seen[size_t(p.y())];
        return count == 0 || (count > 1 && tied[size_t(p.y())] == count);
    });
    std::stable_sort(
        cells.begin(), cells.end(), [](const QPoint &a, const QPoint &b) { return a.y() < b.y(); });
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

void HeatmapDataBuilder::allViews(
    const Session &session, const AttentionResult &result, std::vector<HeatmapData> &views)
{
    const int heads = static_cast<int>(result.heads.size());
    views.resize(static_cast<size_t>(heads) + 1);
    const bool masked = hidesCells(result);
    for (int view = -1; view < heads; ++view)
        fill(views[static_cast<size_t>(view + 1)], session, result, view, masked);
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
    fill(d, session, result, head, hidesCells(result));
    if (details) {
        // Nothing shares this result: the details are copies of its matrices.
        const int count = static_cast<int>(result.heads.size());
        if (d.head < 0) {
            for (const HeadResult &h : result.heads)
                d.headWeights.push_back(std::make_shared<const Eigen::MatrixXd>(h.weights));
            if (count == 1)
                d.dotProducts = std::make_shared<const Eigen::MatrixXd>(result.dotProducts(0));
        } else {
            d.dotProducts = std::make_shared<const Eigen::MatrixXd>(result.dotProducts(head));
        }
    }
    return d;
}

HeatmapData HeatmapDataBuilder::weights(
    const Session &session, const std::shared_ptr<const AttentionResult> &result, int head)
{
    HeatmapData d;
    fill(d, session, *result, head, hidesCells(*result));
    shareDetails(d, result);
    return d;
}

void HeatmapDataBuilder::shareDetails(
    HeatmapData &view, const std::shared_ptr<const AttentionResult> &result)
{
    // Pointers into the result that keep all of it alive: no weights are copied. The q·k the
    // result does not keep are worked out for the one head shown.
    const auto part = [&result](const Eigen::MatrixXd &m) {
        return std::shared_ptr<const Eigen::MatrixXd>(result, &m);
    };
    view.headWeights.clear();
    view.dotProducts.reset();
    if (view.head < 0) {
        for (const HeadResult &h : result->heads)
            view.headWeights.push_back(part(h.weights));
        // With one head the mean is that head, so its intermediates explain the cells too.
        if (result->heads.size() == 1)
            view.dotProducts = std::make_shared<const Eigen::MatrixXd>(result->dotProducts(0));
    } else if (view.head < static_cast<int>(result->heads.size())) {
        view.dotProducts = std::make_shared<const Eigen::MatrixXd>(result->dotProducts(view.head));
    }
}

void HeatmapDataBuilder::withoutLabels(HeatmapData &view)
{
    view.rowLabels = positionLabels(view.rows());
    view.columnLabels = positionLabels(view.columns());
    view.rowAxisTitle = tr("queries");
    view.columnAxisTitle = tr("keys/values");
}

QStringList HeatmapDataBuilder::positionLabels(int count)
{
    QStringList labels;
    labels.reserve(count);
    for (int i = 1; i <= count; ++i)
        labels << QString::number(i);
    return labels;
}

bool HeatmapDataBuilder::hidesCells(const AttentionResult &result)
{
    return !result.visible.all();
}

void HeatmapDataBuilder::fill(
    HeatmapData &d, const Session &session, const AttentionResult &result, int head, bool masked)
{
    const int count = static_cast<int>(result.heads.size());
    // Assignments into d's matrices: same shapes as last time keep their storage.
    if (head < 0 || head >= count) {
        d.values = result.meanWeights;
        d.title = count == 1 ? tr("Attention weights (1 head)") : tr("Mean of %1 heads").arg(count);
        d.shortTitle = count == 1 ? tr("Weights") : tr("Mean");
        d.head = -1;
    } else {
        d.values = result.heads[static_cast<size_t>(head)].weights;
        d.title = tr("Head %1 of %2").arg(head + 1).arg(count);
        d.shortTitle = tr("Head %1").arg(head + 1);
        d.head = head;
    }
    d.dotProducts.reset();
    d.headWeights.clear();
    d.scaleDivisor = result.scale;
    // A mask that hides nothing is no mask: every cell is visible either way, and drawing
    // skips the per-cell checks.
    if (masked)
        d.visible = result.visible;
    else
        d.visible.resize(0, 0);
    d.rowLabels = session.querySequence().tokens;
    d.columnLabels = session.keyValueSequence().tokens;
    d.rowAxisTitle = tr("queries from %1").arg(RoleLabel::text(session.attention.queryFrom));
    d.columnAxisTitle
        = tr("keys/values from %1").arg(RoleLabel::text(session.attention.keyValueFrom));
}

} // namespace ae
