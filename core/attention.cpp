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

/// x W + b, or x itself for identity projections.
Eigen::MatrixXd project(const Eigen::Ref<const Eigen::MatrixXd> &x, const Projections &p,
    const Eigen::MatrixXd &w, const Eigen::RowVectorXd &b)
{
    if (p.mode == ProjectionMode::Identity)
        return x;
    Eigen::MatrixXd y = x * w;
    y.rowwise() += b;
    return y;
}

} // namespace

AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections)
{
    assert(config.heads > 0 && config.dModel % config.heads == 0);
    assert(projections.mode != ProjectionMode::Random);
    const int lq = static_cast<int>(xq.rows());
    const int lk = static_cast<int>(xkv.rows());
    const int h = config.heads;

    AttentionResult r;
    r.dK = headWidth(config);
    r.scale = scaleDivisor(config.scale, r.dK);
    r.q = project(xq, projections, projections.wq, projections.bq);
    r.k = project(xkv, projections, projections.wk, projections.bk);
    r.v = project(xkv, projections, projections.wv, projections.bv);
    r.visible = buildVisibilityMask(lq, lk, config.causal, keyPadding);

    r.concat.resize(lq, config.dModel);
    r.meanWeights = Eigen::MatrixXd::Zero(lq, lk);
    r.heads.resize(static_cast<size_t>(h));
    std::vector<bool> fullyMasked(static_cast<size_t>(lq), false);
    for (int i = 0; i < h; ++i) {
        HeadResult &head = r.heads[static_cast<size_t>(i)];
        const auto qi = r.q.middleCols(i * r.dK, r.dK);
        const auto ki = r.k.middleCols(i * r.dK, r.dK);
        const auto vi = r.v.middleCols(i * r.dK, r.dK);
        head.dotProducts.noalias() = qi * ki.transpose();
        head.scores = head.dotProducts / r.scale;
        fullyMasked = maskedSoftmaxRows(head.scores, r.visible, head.weights);
        head.output.noalias() = head.weights * vi;
        head.entropy = rowEntropy(head.weights);
        r.concat.middleCols(i * r.dK, r.dK) = head.output;
        r.meanWeights += head.weights;
    }
    r.meanWeights /= static_cast<double>(h);
    r.meanEntropy = rowEntropy(r.meanWeights);

    if (projections.mode == ProjectionMode::Identity) {
        r.output = r.concat;
    } else {
        r.output.noalias() = r.concat * projections.wo;
        r.output.rowwise() += projections.bo;
    }
    // A fully masked row has zero weights, so its concat row is 0 and its output is b_o, as
    // the spec's "its head outputs are 0" asks; the row is listed for the views.
    for (int i = 0; i < lq; ++i) {
        if (fullyMasked[static_cast<size_t>(i)])
            r.fullyMaskedRows.push_back(i);
    }
    return r;
}

} // namespace ae
