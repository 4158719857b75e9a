#include "heatmapdata.h"

namespace ae {

HeatmapData HeatmapDataBuilder::weights(const Session &session, const AttentionResult &result,
                                        int head)
{
    HeatmapData d;
    const int count = static_cast<int>(result.heads.size());
    if (head < 0 || head >= count) {
        d.values = result.meanWeights;
        d.title = count == 1 ? tr("Attention weights (1 head)") : tr("Mean of %1 heads").arg(count);
    } else {
        d.values = result.heads[static_cast<size_t>(head)].weights;
        d.title = tr("Head %1 of %2").arg(head + 1).arg(count);
    }
    d.visible = result.visible;
    d.rowLabels = session.querySequence().tokens;
    d.columnLabels = session.keyValueSequence().tokens;
    return d;
}

} // namespace ae
