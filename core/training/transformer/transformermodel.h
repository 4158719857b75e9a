// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformermodel.h
/// The transformer's forward pass and its hand-written backward pass over a whole batch
/// (spec training.md, section 5).
///
/// Shapes, with B examples, source length Ls, target length Lt, d = d_model, h heads: the
/// examples are stacked, so the encoder's activations are (B Ls) x d and the decoder's
/// (B Lt) x d, example b's rows from b Ls (b Lt). Then
///     X = source_embedding[x] + PE(Ls, d)             (B Ls) x d
///     Y = target_embedding[y_in] + PE(Lt, d)          (B Lt) x d, y_in = [0, y_0 .. y_{Lt-2}]
///     M = encoder.norm(encoder layers(X))             the memory
///     H = decoder.norm(decoder layers(Y, M))          causal self-attention, cross to M
///     logits = H w_out + b_out                        (B Lt) x Vt
///     loss = mean over the unpadded positions of -log softmax(logits)[y]

#include "training/transformer/transformerbatch.h"
#include "training/transformer/transformerdecoderlayer.h"
#include "training/transformer/transformerencoderlayer.h"
#include "training/transformer/transformerparameters.h"

#include <Eigen/Core>
#include <vector>

namespace ae {

/// The loss and token accuracy of one pass.
struct TransformerStepResult
{
    double loss = 0.0; ///< mean cross-entropy over the unpadded target positions (0 if none)
    double accuracy = 0.0; ///< share of those positions whose argmax logit is the target
    int tokens = 0; ///< the unpadded target positions
};

/// Forward and backward passes with every layer's intermediates kept between calls.
class TransformerModel
{
public:
    explicit TransformerModel(const TransformerSpec &spec);

    const TransformerSpec &spec() const { return m_spec; }

    /// Forward pass only.
    /// @pre params.fits(spec()); ids within the vocabularies; padding empty or B x L.
    TransformerStepResult forward(
        const TransformerParameters &params, const TransformerBatch &batch);

    /// Forward and backward pass: the result of forward() plus the gradient of the loss with
    /// respect to every parameter, written into @p grads (reshaped as needed).
    TransformerStepResult forwardBackward(const TransformerParameters &params,
        const TransformerBatch &batch, TransformerParameters &grads);

    /// @name The weights of the last pass, Lq x Lk, for layer @p layer, example @p example
    /// and head @p head: the encoder's self-attention (Ls x Ls), the decoder's causal
    /// self-attention (Lt x Lt) and its cross-attention (Lt x Ls).
    /// @{
    Eigen::Block<const Eigen::MatrixXd> encoderSelfWeights(int layer, int example, int head) const;
    Eigen::Block<const Eigen::MatrixXd> decoderSelfWeights(int layer, int example, int head) const;
    Eigen::Block<const Eigen::MatrixXd> crossWeights(int layer, int example, int head) const;
    /// @}
    /// @name The attentions themselves (their inputs and weights) after the last pass.
    /// @{
    const TransformerAttention &encoderSelfAttention(int layer) const
    {
        return m_encoder[size_t(layer)].selfAttention();
    }
    const TransformerAttention &decoderSelfAttention(int layer) const
    {
        return m_decoder[size_t(layer)].selfAttention();
    }
    const TransformerAttention &crossAttention(int layer) const
    {
        return m_decoder[size_t(layer)].crossAttention();
    }
    /// @}
    /// The logits of the last pass: (B Lt) x Vt.
    const Eigen::MatrixXd &logits() const { return m_logits; }

private:
    void runForward(const TransformerParameters &p, const TransformerBatch &batch);
    void runBackward(const TransformerParameters &p, const TransformerBatch &batch,
        TransformerParameters &grads);

    TransformerSpec m_spec;
    double m_divisor = 1.0;
    int m_batch = 0, m_ls = 0, m_lt = 0;
    Eigen::MatrixXd m_sourcePositions, m_targetPositions; ///< Ls x d, Lt x d
    std::vector<TransformerEncoderLayer> m_encoder;
    std::vector<TransformerDecoderLayer> m_decoder;
    TransformerLayerNorm m_encoderNorm, m_decoderNorm;
    IdMatrix m_targetIn; ///< B x Lt, the decoder input
    Eigen::MatrixXd m_current, m_next; ///< the activations between layers
    Eigen::MatrixXd m_memory; ///< (B Ls) x d, the encoder's normalised output
    Eigen::MatrixXd m_decoded; ///< (B Lt) x d, H
    Eigen::MatrixXd m_logits, m_probabilities; ///< (B Lt) x Vt
    Eigen::ArrayXd m_rowLoss; ///< B Lt, each position's cross-entropy
    Eigen::ArrayXd m_rowWeight; ///< B Lt, 1 for a counted position, 0 for padding
    int m_tokens = 0;
    // backward workspace
    Eigen::MatrixXd m_dLogits, m_dMemory, m_dMemoryPart;
};

} // namespace ae
