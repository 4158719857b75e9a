// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformersession.h"

#include "attention/embeddings.h"
#include "training/transformer/transformermodel.h"

namespace ae {

QString attentionKindName(TransformerAttentionKind kind)
{
    switch (kind) {
    case TransformerAttentionKind::EncoderSelf:
        return QStringLiteral("encoder-self");
    case TransformerAttentionKind::DecoderSelf:
        return QStringLiteral("decoder-self");
    case TransformerAttentionKind::Cross:
        break;
    }
    return QStringLiteral("cross");
}

std::optional<TransformerAttentionKind> attentionKindFromName(const QString &name)
{
    for (TransformerAttentionKind kind : { TransformerAttentionKind::EncoderSelf,
             TransformerAttentionKind::DecoderSelf, TransformerAttentionKind::Cross })
        if (attentionKindName(kind) == name)
            return kind;
    return std::nullopt;
}

QString transformerSessionTitle(
    const QString &task, int layer, TransformerAttentionKind kind, int steps, std::uint64_t seed)
{
    return QStringLiteral("%1, transformer layer %2, %3 attention, trained %4 steps (seed %5)")
        .arg(task)
        .arg(layer)
        .arg(attentionKindName(kind))
        .arg(steps)
        .arg(seed);
}

namespace {

/// The session's explicit projections of one torch attention (x W^T + b in torch's layout).
Projections projectionsOf(const AttentionParameters &a, int d)
{
    Projections pr;
    pr.mode = ProjectionMode::Explicit;
    pr.wq = a.inProjWeight.topRows(d).transpose();
    pr.wk = a.inProjWeight.middleRows(d, d).transpose();
    pr.wv = a.inProjWeight.bottomRows(d).transpose();
    pr.wo = a.outProjWeight.transpose();
    pr.bq = a.inProjBias.head(d);
    pr.bk = a.inProjBias.segment(d, d);
    pr.bv = a.inProjBias.tail(d);
    pr.bo = a.outProjBias;
    return pr;
}

} // namespace

Session transformerLayerSession(const TransformerSpec &spec, const TransformerParameters &params,
    const std::vector<int> &source, const std::vector<int> &target, int layer,
    TransformerAttentionKind kind, const QString &title)
{
    const int ls = static_cast<int>(source.size());
    const int lt = static_cast<int>(target.size());
    const int d = spec.dModel;
    TransformerBatch batch;
    batch.source = Eigen::Map<const IdMatrix>(source.data(), 1, ls);
    batch.target = Eigen::Map<const IdMatrix>(target.data(), 1, lt);
    TransformerModel model(spec);
    model.forward(params, batch);

    Session s;
    s.title = title;
    for (int id : source)
        s.source.tokens << spec.sourceVocab.at(id);
    for (int id : target)
        s.target.tokens << spec.targetVocab.at(id);
    s.attention.config.dModel = d;
    s.attention.config.heads = spec.heads;
    s.attention.config.scale = spec.scale;
    switch (kind) {
    case TransformerAttentionKind::EncoderSelf: {
        const TransformerAttention &a = model.encoderSelfAttention(layer);
        s.source.embeddings = a.queryInput();
        // The decoder's input: target_embedding[y_in] + PE.
        s.target.embeddings = sinusoidalPositions(lt, d);
        for (int i = 0; i < lt; ++i)
            s.target.embeddings.row(i)
                += params.targetEmbedding.row(i == 0 ? 0 : target[size_t(i - 1)]);
        s.attention.queryFrom = SequenceRole::Source;
        s.attention.keyValueFrom = SequenceRole::Source;
        s.attention.projections = projectionsOf(params.encoder[size_t(layer)].selfAttn, d);
        break;
    }
    case TransformerAttentionKind::DecoderSelf: {
        const TransformerAttention &a = model.decoderSelfAttention(layer);
        s.target.embeddings = a.queryInput();
        s.source.embeddings = model.crossAttention(0).keyValueInput();
        s.attention.queryFrom = SequenceRole::Target;
        s.attention.keyValueFrom = SequenceRole::Target;
        s.attention.config.causal = true;
        s.attention.projections = projectionsOf(params.decoder[size_t(layer)].selfAttn, d);
        break;
    }
    case TransformerAttentionKind::Cross: {
        const TransformerAttention &a = model.crossAttention(layer);
        s.target.embeddings = a.queryInput();
        s.source.embeddings = a.keyValueInput();
        s.attention.queryFrom = SequenceRole::Target;
        s.attention.keyValueFrom = SequenceRole::Source;
        s.attention.projections = projectionsOf(params.decoder[size_t(layer)].multiheadAttn, d);
        break;
    }
    }
    return s;
}

} // namespace ae
