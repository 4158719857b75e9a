#pragma once

/// @file softmax.h
/// Numerically stable masked softmax and Shannon entropy over matrix rows.

#include "attentionresult.h"

#include <Eigen/Core>

namespace ae {

/// Row-wise softmax of @p logits (R x C) over the entries where @p visible (R x C) is true.
/// Hidden entries get weight 0; a row with no visible entry is all 0 and reported through the
/// return value. Stable for any finite logits (the row maximum is subtracted first) and for
/// +/- infinity: the result never holds NaN or infinity.
/// @param[out] weights resized to R x C.
/// @return for each row, true when it had no visible entry.
std::vector<bool> maskedSoftmaxRows(const Eigen::Ref<const Eigen::MatrixXd> &logits,
    const Eigen::Ref<const BoolMatrix> &visible, Eigen::MatrixXd &weights);

/// Row-wise softmax with every entry visible. @p weights is resized to match @p logits.
void softmaxRows(const Eigen::Ref<const Eigen::MatrixXd> &logits, Eigen::MatrixXd &weights);

/// Shannon entropy in nats of each row of @p probabilities (R x C), with 0 ln 0 = 0.
/// @return a vector of R entropies.
Eigen::VectorXd rowEntropy(const Eigen::Ref<const Eigen::MatrixXd> &probabilities);

/// The largest entropy a row over @p outcomes entries can have, ln(outcomes) nats (the
/// uniform row): the ceiling of the scaling plot, where outcomes is the number of keys.
/// 0 for fewer than two outcomes.
double entropyCeiling(int outcomes);

} // namespace ae
