#include "heatmapdata.h"

#include "sequencerole.h"

#include <cmath>

namespace ae {

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
    // Ties within a few ulps count as ties: two keys with the same score may come out of the
    // softmax differing in the last bit.
    const double tolerance = 1e-12 * std::max(1.0, std::abs(best));
    for (int c = 0; c < columns(); ++c) {
        if (isVisible(r, c) && values(r, c) >= best - tolerance)
            result.append(c);
    }
    if (visibleCount > 1 && result.size() == visibleCount)
        result.clear();
    return result;
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
                d.scores = result.heads.front().scores;
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
            d.scores = h.scores;
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
