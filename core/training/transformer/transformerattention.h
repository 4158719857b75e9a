// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerattention.h
/// One torch.nn.MultiheadAttention (batch_first, no dropout) with a selectable score divisor,
/// forward and backward, over a batch of stacked examples.

#include "attention/attentionresult.h"
#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>

namespace ae {

/// The sizes and masks of one attention call. The queries of example b are rows
/// b Lq .. b Lq + Lq - 1 of the query matrix, its keys and values rows b Lk .. of the other.
struct AttentionShape
{
    int batch = 1; ///< B
    int queryLength = 1; ///< Lq
    int keyLength = 1; ///< Lk
    int heads = 1; ///< h, divides d
    double divisor = 1.0; ///< the scores are dot products times 1 / divisor
    bool causal = false; ///< query i sees keys 0..i only (needs Lq == Lk)
    /// B x Lk, true where a key is padding (hidden from every query, as torch's
    /// key_padding_mask); empty when nothing is padded.
    BoolMatrix keyPadding;
};

/// The attention with its intermediates kept between forward() and backward(). With
/// d = d_model and d_k = d / h, head i uses columns i d_k .. i d_k + d_k - 1 of Q, K and V:
///     Q = query W_q^T + b_q,  K = keyValue W_k^T + b_k,  V = keyValue W_v^T + b_v
///     A = softmax_row(Q_i K_i^T / divisor, hidden entries -inf),  O_i = A V_i
///     out = concat_i(O_i) W_o^T + b_o
/// A row whose every key is hidden gets weights 0 (torch would give NaN).
class TransformerAttention
{
public:
    /// @param query (B Lq) x d @param keyValue (B Lk) x d: the same object for
    /// self-attention (then Q, K and V come from one product) @param[out] out (B Lq) x d
    void forward(const AttentionParameters &p, const Eigen::MatrixXd &query,
        const Eigen::MatrixXd &keyValue, const AttentionShape &shape, Eigen::MatrixXd &out);

    /// From dL/dout ((B Lq) x d): the four gradients into @p grads, dL/dquery into
    /// @p dQuery and dL/dkeyValue into @p dKeyValue (for self-attention the caller adds them).
    void backward(const AttentionParameters &p, const Eigen::MatrixXd &dOut,
        AttentionParameters &grads, Eigen::MatrixXd &dQuery, Eigen::MatrixXd &dKeyValue);
    /// backward() for self-attention, with dL/dx = dL/dquery + dL/dkeyValue summed into
    /// @p dInput by one product. @pre the last forward() was given one matrix as both inputs.
    void backwardSelf(const AttentionParameters &p, const Eigen::MatrixXd &dOut,
        AttentionParameters &grads, Eigen::MatrixXd &dInput);

    /// Head @p head's weights for example @p example after the last forward(): Lq x Lk.
    Eigen::Block<const Eigen::MatrixXd> weights(int example, int head) const;
    /// The inputs of the last forward(): the queries' rows ((B Lq) x d) and the keys' and
    /// values' ((B Lk) x d), example b's from b Lq (b Lk).
    const Eigen::MatrixXd &queryInput() const { return m_query; }
    const Eigen::MatrixXd &keyValueInput() const { return m_self ? m_query : m_keyValue; }

private:
    /// The gradients of the parameters and of Q, K and V (into m_dqkv and m_dkv).
    void backwardHeads(
        const AttentionParameters &p, const Eigen::MatrixXd &dOut, AttentionParameters &grads);

    AttentionShape m_shape;
    int m_dK = 1;
    bool m_self = false; ///< the last forward() was a self-attention
    /// The inputs, (B Lq) x d and (B Lk) x d; m_keyValue is empty for self-attention.
    Eigen::MatrixXd m_query, m_keyValue;
    /// Self-attention: [Q K V], (B Lq) x 3d, and m_kv empty. Cross-attention: Q, (B Lq) x d,
    /// and m_kv = [K V], (B Lk) x 2d.
    Eigen::MatrixXd m_qkv, m_kv;
    /// (h B Lq) x Lk dot products and weights: head i of example b at rows (i B + b) Lq
    Eigen::MatrixXd m_dots, m_weights;
    BoolMatrix m_visible; ///< shaped as m_weights, or empty when every key is visible
    Eigen::VectorXd m_entropy; ///< h B Lq, each row's entropy (computed by the softmax)
    Eigen::MatrixXd m_concat; ///< (B Lq) x d
    // backward workspace
    Eigen::MatrixXd m_dConcat, m_dqkv, m_dkv, m_dWeights; ///< m_dqkv, m_dkv as m_qkv, m_kv
    Eigen::VectorXd m_rowDot; ///< Lq
    Eigen::MatrixXd m_transposed; ///< Lk x Lq, a head's weights or their gradient transposed
};

} // namespace ae
