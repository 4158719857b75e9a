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

} // namespace

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
    Eigen::VectorXd h(probabilities.rows());
    for (Eigen::Index i = 0; i < probabilities.rows(); ++i) {
        double sum = 0.0;
        for (Eigen::Index j = 0; j < probabilities.cols(); ++j) {
            const double p = probabilities(i, j);
            if (p > 0.0)
                sum -= p * std::log(p);
        }
        // Rounding can leave -0 or a value a hair below 0 for a one-hot row.
        h(i) = std::max(0.0, sum);
    }
    return h;
}

double entropyCeiling(int outcomes)
{
    return outcomes > 1 ? std::log(static_cast<double>(outcomes)) : 0.0;
}

} // namespace ae
