// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformertranslation.h"

#include "training/transformer/transformermodel.h"

#include <cmath>

namespace ae {

std::vector<TransformerDecodedWord> transformerTranslate(const TransformerSpec &spec,
    const TransformerParameters &params, const std::vector<int> &source, int endId, int maxLength)
{
    std::vector<TransformerDecodedWord> out;
    const int vt = spec.targetVocabSize();
    if (source.empty() || maxLength < 1 || vt < 2)
        return out;
    TransformerModel model(spec);
    TransformerBatch input;
    input.source.resize(1, Eigen::Index(source.size()));
    for (size_t i = 0; i < source.size(); ++i)
        input.source(0, Eigen::Index(i)) = source[i];
    for (int t = 0; t < maxLength; ++t) {
        // Positions 0..t-1 hold the words produced so far; position t's own word is never
        // read (the decoder reads the target shifted right), so any valid id stands there.
        input.target.setOnes(1, t + 1);
        for (int i = 0; i < t; ++i)
            input.target(0, i) = out[size_t(i)].id;
        model.forward(params, input);
        const Eigen::RowVectorXd logits = model.logits().row(t);
        Eigen::Index best = 0;
        logits.tail(vt - 1).maxCoeff(&best);
        TransformerDecodedWord w;
        w.id = static_cast<int>(best) + 1;
        w.word = spec.targetVocab.value(w.id);
        const double top = logits.maxCoeff();
        w.probability = std::exp(logits(w.id) - top) / (logits.array() - top).exp().sum();
        w.crossAttention.resize(size_t(spec.decoderLayers));
        for (int l = 0; l < spec.decoderLayers; ++l) {
            Eigen::MatrixXd &rows = w.crossAttention[size_t(l)];
            rows.resize(spec.heads, Eigen::Index(source.size()));
            for (int h = 0; h < spec.heads; ++h)
                rows.row(h) = model.crossWeights(l, 0, h).row(t);
        }
        out.push_back(std::move(w));
        if (out.back().id == endId)
            break;
    }
    return out;
}

} // namespace ae
