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
    if (!logits.allFinite()) {
        // Infinite or NaN scores need the row-by-row rules of softmaxRow().
        const auto allVisible = BoolMatrix::Constant(1, logits.cols(), true);
        for (Eigen::Index i = 0; i < rows; ++i) {
            if (masked)
                softmaxRow(logits.row(i), visible.row(i), weights.row(i));
            else
                softmaxRow(logits.row(i), allVisible.row(0), weights.row(i));
            entropy(i) = entropyOfRow(weights.row(i));
        }
        return;
    }
    constexpr double minusInf = -std::numeric_limits<double>::infinity();
    // Whole-block array expressions: the matrices are column-major, so each step walks
    // contiguous columns and vectorises, where a row-by-row loop would stride.
    Eigen::ArrayXd rowMax;
    if (masked)
        rowMax = visible.select(logits, minusInf).rowwise().maxCoeff().array();
    else
        rowMax = logits.rowwise().maxCoeff().array();
    // A fully masked row keeps maximum -inf; shift it by 0 so no inf - inf appears.
    const Eigen::ArrayXd shift = (rowMax == minusInf).select(0.0, rowMax);
    auto shifted = logits.array().colwise() - shift;
    if (masked)
        weights.array() = visible.select(shifted.matrix(), minusInf).array().exp();
    else
        weights.array() = shifted.exp();
    const Eigen::ArrayXd sum = weights.array().rowwise().sum();
    // weights is 0 wherever the shifted logit is hidden, so the product needs no mask.
    const Eigen::ArrayXd weighted = (weights.array() * shifted).rowwise().sum();
    // sum >= 1 for any row with a visible entry (its maximum contributes e^0 = 1).
    const Eigen::ArrayXd inverse = (sum > 0.0).select(sum.inverse(), 0.0);
    weights.array().colwise() *= inverse;
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

} // namespace ae
