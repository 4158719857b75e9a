// SPDX-License-Identifier: GPL-3.0-or-later
#include "softmax.h"

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
    Eigen::Ref<Eigen::VectorXd> entropy)
{
    const Eigen::Index rows = logits.rows();
    if (logits.cols() == 0) {
        // No key at all: every row is fully masked.
        entropy.setZero();
        return;
    }
    const bool masked = visible.size() != 0 && !visible.all();
    constexpr double minusInf = -std::numeric_limits<double>::infinity();
    const double minLog = std::log(std::numeric_limits<double>::min());
    const Eigen::Index cols = logits.cols();
    // Column by column: the matrices are column-major, so every step below walks contiguous
    // memory and vectorises (a row-by-row loop would stride by the matrix height).
    Eigen::ArrayXd rowMax = Eigen::ArrayXd::Constant(rows, minusInf);
    for (Eigen::Index j = 0; j < cols; ++j) {
        if (masked)
            rowMax = rowMax.max(visible.col(j).select(logits.col(j), minusInf).array());
        else
            rowMax = rowMax.max(logits.col(j).array());
    }
    // A fully masked row keeps maximum -inf; shift it by 0 so no inf - inf appears.
    const Eigen::ArrayXd shift = (rowMax == minusInf).select(0.0, rowMax);
    Eigen::ArrayXd sum = Eigen::ArrayXd::Zero(rows);
    Eigen::ArrayXd weighted = Eigen::ArrayXd::Zero(rows);
    Eigen::ArrayXd shifted(rows);
    for (Eigen::Index j = 0; j < cols; ++j) {
        shifted = logits.col(j).array() - shift;
        auto e = weights.col(j).array();
        // Eigen's vectorised exp never goes below about 5.6e-309 (it clamps its argument near
        // ln DBL_MIN), so a logit 1e300 below the maximum would weigh that instead of 0 and
        // add 5.6e-309 * -1e300 to the entropy. Below ln DBL_MIN the weight is taken as 0.
        const auto exps = (shifted < minLog).select(0.0, shifted.exp());
        if (masked)
            e = visible.col(j).array().select(exps, 0.0);
        else
            e = exps;
        sum += e;
        // e is 0 wherever the entry is hidden, and shifted is finite, so no mask is needed.
        weighted += e * shifted;
    }
    if (!sum.allFinite() || !weighted.allFinite()) {
        // Only an infinite or NaN logit gets here: redo the block with the rules of
        // softmaxRow(). Checking the row sums is cheaper than checking every logit first.
        if (masked)
            careful(logits, visible, weights, entropy);
        else
            careful(logits, BoolMatrix(), weights, entropy);
        return;
    }
    // sum >= 1 for any row with a visible entry (its maximum contributes e^0 = 1).
    const Eigen::ArrayXd inverse = (sum > 0.0).select(sum.inverse(), 0.0);
    for (Eigen::Index j = 0; j < cols; ++j)
        weights.col(j).array() *= inverse;
    entropy.array() = (sum > 0.0).select(sum.log() - weighted * inverse, 0.0).max(0.0);
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
    // Column-major friendly and vectorised; the select keeps 0 ln 0 = 0 (and skips NaN).
    const auto p = probabilities.array();
    Eigen::VectorXd h = -(p > 0.0).select(p * p.log(), 0.0).rowwise().sum().matrix();
    // Rounding can leave -0 or a value a hair below 0 for a one-hot row.
    return h.cwiseMax(0.0);
}

double entropyCeiling(int outcomes)
{
    return outcomes > 1 ? std::log(static_cast<double>(outcomes)) : 0.0;
}

} // namespace ae
