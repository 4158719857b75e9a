// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file attentionresult.h
/// Everything one attention computation produces, every intermediate a teacher may show.

#include <Eigen/Core>
#include <vector>

namespace ae {

/// Boolean matrix (Eigen's default column-major storage); true where a query may see a key.
using BoolMatrix = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>;

/// One head's intermediates. Lq = query count, Lk = key count, d_k = d_model / heads.
/// Its q·k dot products are not kept: AttentionResult::dotProducts() derives them on request.
struct HeadResult
{
    Eigen::MatrixXd weights; ///< Lq x Lk, softmax rows; hidden entries and fully masked rows are 0
    Eigen::MatrixXd output; ///< Lq x d_k, weights * V_i
    Eigen::VectorXd
        entropy; ///< Lq, Shannon entropy in nats of each weight row (0 when fully masked)
};

/// The result of computeAttention(). Never contains NaN or infinity.
struct AttentionResult
{
    int dK = 0; ///< head width
    double scale = 1.0; ///< the divisor used
    Eigen::MatrixXd q; ///< Lq x d_model
    Eigen::MatrixXd k; ///< Lk x d_model
    Eigen::MatrixXd v; ///< Lk x d_model
    BoolMatrix visible; ///< Lq x Lk, the combined mask (causal AND padding)
    std::vector<HeadResult> heads; ///< one per head
    Eigen::MatrixXd concat; ///< Lq x d_model, [O_1 ... O_h]
    Eigen::MatrixXd output; ///< Lq x d_model, concat * W_o + b_o
    Eigen::MatrixXd meanWeights; ///< Lq x Lk, average of the heads' weights
    Eigen::VectorXd meanEntropy; ///< Lq, entropy of each row of meanWeights
    std::vector<int> fullyMaskedRows; ///< query rows that see no key, ascending

    /// Query rows per block of the per-head work in computeAttention(); the dot products are
    /// derived block by block like that, so they come out as the very bits it computed.
    Eigen::Index rowBlock = 1;

    /// Lq x Lk, head @p head's Q_i K_i^T before scaling (values under the mask are kept; use
    /// visible to tell them apart). Worked out again on request, by the same products the
    /// computation ran: at a large shape, keeping them would cost more time than the rest of
    /// the softmax, and only a view of the scores reads them.
    Eigen::MatrixXd dotProducts(int head) const;
    /// Row @p query of dotProducts(@p head) (1 x Lk), from that row's block alone.
    Eigen::RowVectorXd dotProductRow(int head, Eigen::Index query) const;

    /// Lq x Lk, head @p head's scores after scaling, dotProducts * (1 / scale): the very values
    /// the softmax was given (values under the mask are kept; use visible to tell them apart).
    Eigen::MatrixXd scores(int head) const;
    /// Row @p query of scores(@p head) (1 x Lk).
    Eigen::RowVectorXd scoreRow(int head, Eigen::Index query) const;
    /// One score after scaling, as the softmax was given it: dot * (1 / scale).
    double scaled(double dot) const { return dot * (1.0 / scale); }
};

} // namespace ae
