// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmax.h
/// Numerically stable masked softmax and Shannon entropy over matrix rows.

#include "attention/attentionresult.h"

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

/// Softmax of each row of @p logits / @p divisor (R x C) over its visible entries together
/// with the Shannon entropy (nats) of each resulting row, in three sweeps over the block's
/// columns (softmaxBlock()): with x = logits * (1 / divisor), m = max_j x_j and S = sum_j e^(x_j -
/// m), the entropy is ln S - sum_j p_j (x_j - m), so only one logarithm per row is needed. Same
/// weights as maskedSoftmaxRows() of the quotients; a row with no visible entry gets weights 0 and
/// entropy 0. Non-finite quotients take the careful per-row path. This is the one function
/// that makes attention weights: computeAttention() calls it with a head's dot products and
/// the scale, and any other derivation of a weight that must agree to the last bit should
/// call it the same way.
/// @param visible R x C, or an empty matrix when every entry is visible
/// @param[out] weights R x C, already of that size (it may be a block of a larger matrix)
/// @param[out] entropy R entries, already of that size
/// @param divisor positive; the logits are multiplied by its inverse entry by entry, as
/// x * (1 / divisor) (AttentionResult::scores() computes the same quotients)
void softmaxRowsWithEntropy(const Eigen::Ref<const Eigen::MatrixXd> &logits,
    const Eigen::Ref<const BoolMatrix> &visible, Eigen::Ref<Eigen::MatrixXd> weights,
    Eigen::Ref<Eigen::VectorXd> entropy, double divisor = 1.0);

/// Shannon entropy in nats of each row of @p probabilities (R x C), with 0 ln 0 = 0.
/// @return a vector of R entropies.
Eigen::VectorXd rowEntropy(const Eigen::Ref<const Eigen::MatrixXd> &probabilities);

/// The largest entropy a row over @p outcomes entries can have, ln(outcomes) nats (the
/// uniform row): the ceiling of the scaling plot, where outcomes is the number of keys.
/// 0 for fewer than two outcomes.
double entropyCeiling(int outcomes);

} // namespace ae
