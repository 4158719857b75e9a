// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/softmax.h"

#include "simd/softmaxblock.h"

#include <cmath>
#include <limits>

namespace ae {

namespace {

/// Softmax of one row in place over the visible entries; returns false if none is visible.
template <typename RowIn, typename RowMask, typename RowOut>
bool softmaxRow(const RowIn &logits, const RowMask &visible, RowOut &&out)
{
    const Eigen::Index n = logits.size();
    double maxLogit = -std::numeric_limits<double>::infinity();
    bool any = false;
    for (Eigen::Index j = 0; j < n; ++j) {
        if (visible(j) && !std::isnan(logits(j))) {
            any = true;
            maxLogit = std::max(maxLogit, logits(j));
        }
    }
    out.setZero();
    if (!any)
        return false;
    // A row whose maximum is +inf (or -inf everywhere) shares the weight among its maxima,
    // which is the limit of the finite case and keeps the result finite.
    const bool degenerate = std::isinf(maxLogit);
    double sum = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) {
        if (!visible(j) || std::isnan(logits(j)))
            continue;
        const double e
            = degenerate ? (logits(j) == maxLogit ? 1.0 : 0.0) : std::exp(logits(j) - maxLogit);
        out(j) = e;
        sum += e;
    }
    // sum >= 1 because the maximum contributes exp(0) = 1.
    out /= sum;
    return true;
}

/// Entropy of one probability row, 0 ln 0 = 0.
template <typename Row> double entropyOfRow(const Row &p)
{
    double sum = 0.0;
    for (Eigen::Index j = 0; j < p.size(); ++j) {
        if (p(j) > 0.0)
            sum -= p(j) * std::log(p(j));
    }
    // Rounding can leave -0 or a value a hair below 0 for a one-hot row.
    return std::max(0.0, sum);
}

/// softmaxRowsWithEntropy() row by row, for logits that hold infinity or NaN.
void careful(const Eigen::Ref<const Eigen::MatrixXd> &logits,
    const Eigen::Ref<const BoolMatrix> &visible, Eigen::Ref<Eigen::MatrixXd> weights,
    Eigen::Ref<Eigen::VectorXd> entropy)
{
    const auto allVisible = BoolMatrix::Constant(1, logits.cols(), true);
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        if (visible.size() != 0)
            softmaxRow(logits.row(i), visible.row(i), weights.row(i));
        else
            softmaxRow(logits.row(i), allVisible.row(0), weights.row(i));
        entropy(i) = entropyOfRow(weights.row(i));
    }
}

} // namespace

void softmaxRowsWithEntropy(const Eigen::Ref<const Eigen::MatrixXd> &logits,
    const Eigen::Ref<const BoolMatrix> &visible, Eigen::Ref<Eigen::MatrixXd> weights,
    Eigen::Ref<Eigen::VectorXd> entropy, double divisor)
{
    const bool masked = visible.size() != 0 && !visible.all();
    SoftmaxBlock block;
    block.rows = logits.rows();
    block.cols = logits.cols();
    block.logits = logits.data();
    block.logitsStride = logits.outerStride();
    if (masked) {
        block.visible = visible.data();
        block.visibleStride = visible.outerStride();
    }
    block.divisor = divisor;
    block.weights = weights.data();
    block.weightsStride = weights.outerStride();
    block.entropy = entropy.data();
    if (softmaxBlock(block))
        return;
    // Only an infinite or NaN logit gets here: the block again with the rules of
    // softmaxRow(). Checking the row sums is cheaper than checking every logit first.
    const Eigen::MatrixXd quotients = logits * (1.0 / divisor);
    if (masked)
        careful(quotients, visible, weights, entropy);
    else
        careful(quotients, BoolMatrix(), weights, entropy);
}

std::vector<bool> maskedSoftmaxRows(const Eigen::Ref<const Eigen::MatrixXd> &logits,
    const Eigen::Ref<const BoolMatrix> &visible, Eigen::MatrixXd &weights)
{
    weights.resize(logits.rows(), logits.cols());
    std::vector<bool> fullyMasked(static_cast<size_t>(logits.rows()), false);
    for (Eigen::Index i = 0; i < logits.rows(); ++i)
        fullyMasked[static_cast<size_t>(i)]
            = !softmaxRow(logits.row(i), visible.row(i), weights.row(i));
    return fullyMasked;
}

void softmaxRows(const Eigen::Ref<const Eigen::MatrixXd> &logits, Eigen::MatrixXd &weights)
{
    weights.resize(logits.rows(), logits.cols());
    const auto allVisible = BoolMatrix::Constant(1, logits.cols(), true);
    for (Eigen::Index i = 0; i < logits.rows(); ++i)
        softmaxRow(logits.row(i), allVisible.row(0), weights.row(i));
}

Eigen::VectorXd rowEntropy(const Eigen::Ref<const Eigen::MatrixXd> &probabilities)
{
    // Column by column, contiguous and in cache: the logarithm of a plain array runs
    // vectorised; the select keeps 0 ln 0 = 0 (and skips NaN). Entries below DBL_MIN take
    // ln DBL_MIN, which changes their term p ln p (under 2e-305) by nothing a double keeps.
    const Eigen::Index rows = probabilities.rows();
    Eigen::ArrayXd sum = Eigen::ArrayXd::Zero(rows);
    Eigen::ArrayXd logs(rows);
    for (Eigen::Index j = 0; j < probabilities.cols(); ++j) {
        const auto p = probabilities.col(j).array();
        logs = p.max(std::numeric_limits<double>::min()).log();
        sum -= (p > 0.0).select(p * logs, 0.0);
    }
    // Rounding can leave -0 or a value a hair below 0 for a one-hot row.
    return sum.max(0.0).matrix();
}

double entropyCeiling(int outcomes)
{
    return outcomes > 1 ? std::log(static_cast<double>(outcomes)) : 0.0;
}

} // namespace ae
