// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention.h"

#include "mask.h"
#include "softmax.h"

#include <cassert>
#include <cmath>

namespace ae {

double scaleDivisor(const ScaleSpec &scale, int dK)
{
    switch (scale.mode) {
    case ScaleMode::SqrtDk:
        return std::sqrt(static_cast<double>(dK));
    case ScaleMode::None:
        return 1.0;
    case ScaleMode::Custom:
        return scale.divisor;
    }
    return 1.0;
}

namespace {

/// y = x W + b into preallocated @p y, or y = x for identity projections.
void project(const Eigen::Ref<const Eigen::MatrixXd> &x, const Projections &p,
    const Eigen::MatrixXd &w, const Eigen::RowVectorXd &b, Eigen::MatrixXd &y)
{
    if (p.mode == ProjectionMode::Identity) {
        y = x;
        return;
    }
    y.resize(x.rows(), w.cols());
    y.noalias() = x * w;
    y.rowwise() += b;
}

/// Rows per block of the per-head work: the block's three scratch matrices (about 64 K
/// doubles each) stay in the core's cache while a head is finished.
Eigen::Index rowBlockFor(Eigen::Index lq, Eigen::Index lk)
{
    const Eigen::Index rows
        = std::max<Eigen::Index>(8, (Eigen::Index(1) << 16) / std::max<Eigen::Index>(lk, 1));
    return std::min(lq, rows);
}

} // namespace

AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections)
{
    AttentionResult r;
    computeAttention(xq, xkv, keyPadding, config, projections, r);
    return r;
}

void computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections, AttentionResult &r)
{
    assert(config.heads > 0 && config.dModel % config.heads == 0);
    assert(projections.mode != ProjectionMode::Random);
    const Eigen::Index lq = xq.rows();
    const Eigen::Index lk = xkv.rows();
    const int h = config.heads;

    r.dK = headWidth(config);
    r.scale = scaleDivisor(config.scale, r.dK);
    project(xq, projections, projections.wq, projections.bq, r.q);
    project(xkv, projections, projections.wk, projections.bk, r.k);
    project(xkv, projections, projections.wv, projections.bv, r.v);
    r.visible = buildVisibilityMask(int(lq), int(lk), config.causal, keyPadding);
    // An empty mask tells the softmax that every key is visible.
    const bool masked = lk == 0 || !r.visible.all();
    const BoolMatrix noMask;

    // resize() keeps the storage when the shapes repeat, so a caller that reuses the result
    // allocates nothing here.
    r.concat.resize(lq, config.dModel);
    r.meanWeights.resize(lq, lk);
    r.meanEntropy.resize(lq);
    r.heads.resize(static_cast<size_t>(h));
    for (HeadResult &head : r.heads) {
        head.dotProducts.resize(lq, lk);
        head.scores.resize(lq, lk);
        head.weights.resize(lq, lk);
        head.entropy.resize(lq);
    }
    const double invHeads = 1.0 / static_cast<double>(h);
    const Eigen::Index block = rowBlockFor(lq, lk);
    // The block's work happens in contiguous scratch matrices: blocks of the result matrices
    // stride by Lq, and a power-of-two stride maps every column to the same cache sets.
    std::vector<double> scratch(static_cast<size_t>(3 * block * lk));
    for (Eigen::Index r0 = 0; r0 < lq; r0 += block) {
        const Eigen::Index n = std::min(block, lq - r0);
        Eigen::Map<Eigen::MatrixXd> logits(scratch.data(), n, lk);
        Eigen::Map<Eigen::MatrixXd> weights(scratch.data() + block * lk, n, lk);
        Eigen::Map<Eigen::MatrixXd> mean(scratch.data() + 2 * block * lk, n, lk);
        for (int i = 0; i < h; ++i) {
            HeadResult &head = r.heads[static_cast<size_t>(i)];
            const Eigen::Index c0 = Eigen::Index(i) * r.dK;
            logits.noalias() = r.q.block(r0, c0, n, r.dK) * r.k.middleCols(c0, r.dK).transpose();
            head.dotProducts.middleRows(r0, n) = logits;
            logits /= r.scale;
            head.scores.middleRows(r0, n) = logits;
            if (masked)
                softmaxRowsWithEntropy(
                    logits, r.visible.middleRows(r0, n), weights, head.entropy.segment(r0, n));
            else
                softmaxRowsWithEntropy(logits, noMask, weights, head.entropy.segment(r0, n));
            head.weights.middleRows(r0, n) = weights;
            r.concat.block(r0, c0, n, r.dK).noalias() = weights * r.v.middleCols(c0, r.dK);
            if (i == 0)
                mean = weights * invHeads;
            else
                mean += weights * invHeads;
        }
        r.meanWeights.middleRows(r0, n) = mean;
        r.meanEntropy.segment(r0, n) = rowEntropy(mean);
    }
    for (int i = 0; i < h; ++i)
        r.heads[static_cast<size_t>(i)].output = r.concat.middleCols(Eigen::Index(i) * r.dK, r.dK);

    if (projections.mode == ProjectionMode::Identity) {
        r.output = r.concat;
    } else {
        r.output.resize(lq, projections.wo.cols());
        r.output.noalias() = r.concat * projections.wo;
        r.output.rowwise() += projections.bo;
    }
    // A fully masked row has zero weights, so its concat row is 0 and its output is b_o, as
    // the spec's "its head outputs are 0" asks; the row is listed for the views.
    r.fullyMaskedRows.clear();
    if (masked) {
        for (Eigen::Index i = 0; i < lq; ++i) {
            if (!r.visible.row(i).any())
                r.fullyMaskedRows.push_back(int(i));
        }
    }
}

} // namespace ae
