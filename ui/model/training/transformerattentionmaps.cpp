// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformerattentionmaps.h"

#include "training/transformer/transformermodel.h"

namespace ae {

TransformerAttentionMaps TransformerAttentionMaps::compute(const TransformerSpec &spec,
    const TransformerParameters &params, const std::vector<int> &source,
    const std::vector<int> &target)
{
    TransformerAttentionMaps out;
    if (source.empty() || target.empty() || !params.fits(spec))
        return out;
    for (int id : source)
        out.sourceWords << spec.sourceVocab.value(id);
    for (int id : target)
        out.targetWords << spec.targetVocab.value(id);
    TransformerModel model(spec);
    model.forward(params, TransformerBatch::single(source, target));
    const auto take = [&](TransformerAttentionKind kind, int layers) {
        auto &kindMaps = out.maps[size_t(kind)];
        kindMaps.assign(size_t(layers), std::vector<Eigen::MatrixXd>(size_t(spec.heads)));
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < spec.heads; ++h) {
                Eigen::MatrixXd &m = kindMaps[size_t(l)][size_t(h)];
                switch (kind) {
                case TransformerAttentionKind::EncoderSelf:
                    m = model.encoderSelfWeights(l, 0, h);
                    break;
                case TransformerAttentionKind::DecoderSelf:
                    m = model.decoderSelfWeights(l, 0, h);
                    break;
                case TransformerAttentionKind::Cross:
                    m = model.crossWeights(l, 0, h);
                    break;
                }
            }
        }
    };
    take(TransformerAttentionKind::EncoderSelf, spec.encoderLayers);
    take(TransformerAttentionKind::DecoderSelf, spec.decoderLayers);
    take(TransformerAttentionKind::Cross, spec.decoderLayers);
    return out;
}

HeatmapData TransformerAttentionMaps::heatmap(
    TransformerAttentionKind kind, int layer, int head) const
{
    HeatmapData data;
    if (head >= 0) {
        data.values = map(kind, layer, head);
    } else {
        const auto &layerMaps = maps[size_t(kind)][size_t(layer)];
        data.values = layerMaps.front();
        for (size_t h = 1; h < layerMaps.size(); ++h)
            data.values += layerMaps[h];
        data.values /= double(layerMaps.size());
    }
    data.rowLabels = queryWords(kind);
    data.columnLabels = keyWords(kind);
    data.head = head;
    if (kind == TransformerAttentionKind::DecoderSelf) {
        // The causal mask: a position never sees the ones after it.
        data.visible = BoolMatrix::Constant(data.values.rows(), data.values.cols(), true);
        for (Eigen::Index r = 0; r < data.visible.rows(); ++r)
            for (Eigen::Index c = r + 1; c < data.visible.cols(); ++c)
                data.visible(r, c) = false;
    }
    return data;
}

std::pair<std::vector<int>, std::vector<int>> TransformerAttentionMaps::unpadded(
    const TrainingBatch &batch, int index)
{
    std::pair<std::vector<int>, std::vector<int>> out;
    for (int i = 0; i < batch.sourceLength(); ++i) {
        if (batch.sourcePadding.size() > 0 && batch.sourcePadding(index, i))
            break;
        out.first.push_back(batch.source(index, i));
    }
    for (int i = 0; i < batch.targetLength(); ++i) {
        if (batch.targetPadding.size() > 0 && batch.targetPadding(index, i))
            break;
        out.second.push_back(batch.target(index, i));
    }
    return out;
}

} // namespace ae
