// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingmodel.h
/// The training model's forward pass and its hand-written backward pass over a whole batch.
/// The window does not need this class directly (Trainer owns one); tests and the replay use it.
///
/// Shapes, with B examples, source length Ls, target length Lt, d = d_model, h heads,
/// d_k = d / h: the examples are stacked, so Q and the attention output are (B Lt) x d, K and
/// V are (B Ls) x d, and W_o and the output layer are single matrix products over the whole
/// batch. Since X = E_s[x] + PE, the input projections are computed per vocabulary entry and
/// per position and gathered (and their gradients summed the same way), which costs
/// (V + L) d^2 instead of B L d^2; when Vt < B Lt, W_o and the output layer are applied as
/// one d x Vt matrix. Only the h B small Lt x Ls score blocks are per example.

#include "training/trainingbatch.h"
#include "training/trainingconfig.h"
#include "training/trainingmetrics.h"
#include "training/trainingparameters.h"

#include <Eigen/Core>

namespace ae {

/// Forward and backward passes with their intermediates kept between calls (the workspace
/// keeps its storage when the batch shape repeats, so a run allocates on its first step only).
class TrainingModel
{
public:
    explicit TrainingModel(const TrainingModelSpec &spec);

    const TrainingModelSpec &spec() const { return m_spec; }

    /// Forward pass only: loss, accuracy and the attention metrics (grad norms 0).
    /// @pre params.fits(spec()); batch ids within the vocabularies.
    StepMetrics forward(const TrainingParameters &params, const TrainingBatch &batch);

    /// Forward and backward pass: the metrics of forward() plus the gradient of the batch's
    /// mean loss with respect to every parameter, written into @p grads (reshaped as needed).
    StepMetrics forwardBackward(
        const TrainingParameters &params, const TrainingBatch &batch, TrainingParameters &grads);

    /// Head @p head's weights for example @p example after the last pass: Lt x Ls.
    Eigen::Block<const Eigen::MatrixXd> weights(int example, int head) const;
    /// The logits of the last pass: (B Lt) x Vt, example b's rows from b Lt.
    const Eigen::MatrixXd &logits() const { return m_logits; }

private:
    void runForward(const TrainingParameters &params, const TrainingBatch &batch);
    StepMetrics measure(const TrainingBatch &batch) const;

    TrainingModelSpec m_spec;
    int m_dK = 1;
    double m_scale = 1.0;
    int m_batch = 0, m_ls = 0, m_lt = 0;
    Eigen::MatrixXd m_sourcePositions, m_targetPositions; ///< Ls x d, Lt x d
    /// E_s W_k, E_s W_v (Vs x d), E_t W_q (Vt x d): the projections of every vocabulary entry
    Eigen::MatrixXd m_sourceK, m_sourceV, m_targetQ;
    /// PE W_k + b_k, PE W_v + b_v (Ls x d), PE W_q + b_q (Lt x d): of every position
    Eigen::MatrixXd m_positionK, m_positionV, m_positionQ;
    Eigen::MatrixXd m_q, m_k, m_v; ///< (B Lt) x d, (B Ls) x d, (B Ls) x d
    /// (h B Lt) x Ls scores and weights: head i of example b at rows (i B + b) Lt .. + Lt
    Eigen::MatrixXd m_scores, m_weights;
    Eigen::VectorXd m_rowEntropy; ///< h B Lt, each weight row's entropy
    Eigen::ArrayXd m_rowLoss; ///< B Lt, each position's cross-entropy
    Eigen::MatrixXd m_concat, m_output; ///< (B Lt) x d (m_output only when not folded)
    bool m_folded = false; ///< W_o and W_out applied as one matrix (Vt < B Lt)
    Eigen::MatrixXd m_foldedW; ///< d x Vt, W_o W_out
    Eigen::RowVectorXd m_foldedB; ///< Vt, b_o W_out + b_out
    Eigen::MatrixXd m_concatTdLogits; ///< d x Vt, concat^T dLogits
    Eigen::MatrixXd m_logits, m_probabilities; ///< (B Lt) x Vt
    IdMatrix m_targetIn; ///< B x Lt, the decoder input [0, y_0, ..., y_{Lt-2}]
    // backward workspace
    Eigen::MatrixXd m_dLogits, m_dOutput, m_dConcat; ///< (B Lt) x Vt, (B Lt) x d, (B Lt) x d
    Eigen::MatrixXd m_dQ, m_dKey, m_dV; ///< shaped as Q, K, V
    /// dQ, dK, dV summed by vocabulary entry (Vt x d, Vs x d, Vs x d) and by position
    Eigen::MatrixXd m_tokenQ, m_tokenK, m_tokenV, m_posQ, m_posK, m_posV;
    Eigen::MatrixXd m_dWeights; ///< Lt x Ls, one head's dA then dS
    Eigen::VectorXd m_rowDot; ///< Lt, rowsum(A o dA)
};

} // namespace ae
