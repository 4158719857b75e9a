// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file transformerparameters.h
/// The parameters of the transformer (spec training.md, section 5) in torch's own names and
/// layouts, also used for their gradients and the optimiser's moments. A plain value.
///
/// torch's linear layers hold their weight as out x in and compute x W^T + b; the tensors
/// here keep that layout (in_proj_weight is 3d x d with the rows of W_q, W_k, W_v in turn).
/// The embeddings and the output layer follow section 1 instead: w_out is d x Vt, applied as
/// H w_out + b_out.

#include "training/transformer/transformerspec.h"

#include <Eigen/Core>
#include <QString>
#include <cstdint>
#include <vector>

namespace ae {

/// One torch.nn.MultiheadAttention (d = d_model).
struct AttentionParameters
{
    Eigen::MatrixXd inProjWeight; ///< 3d x d: rows 0..d-1 W_q, d..2d-1 W_k, 2d..3d-1 W_v
    Eigen::RowVectorXd inProjBias; ///< 3d: b_q, b_k, b_v
    Eigen::MatrixXd outProjWeight; ///< d x d
    Eigen::RowVectorXd outProjBias; ///< d
};

/// One torch.nn.LayerNorm over d features.
struct LayerNormParameters
{
    Eigen::RowVectorXd weight; ///< d
    Eigen::RowVectorXd bias; ///< d
};

/// The feed-forward block linear2(relu(linear1(x))).
struct FeedForwardParameters
{
    Eigen::MatrixXd linear1Weight; ///< d_ff x d
    Eigen::RowVectorXd linear1Bias; ///< d_ff
    Eigen::MatrixXd linear2Weight; ///< d x d_ff
    Eigen::RowVectorXd linear2Bias; ///< d
};

/// One torch.nn.TransformerEncoderLayer (post-norm).
struct EncoderLayerParameters
{
    AttentionParameters selfAttn;
    FeedForwardParameters feedForward;
    LayerNormParameters norm1, norm2;
};

/// One torch.nn.TransformerDecoderLayer (post-norm).
struct DecoderLayerParameters
{
    AttentionParameters selfAttn;
    AttentionParameters multiheadAttn; ///< cross-attention: queries from the decoder
    FeedForwardParameters feedForward;
    LayerNormParameters norm1, norm2, norm3;
};

/// A view of one tensor for code that walks them all alike (the optimiser, the JSON).
struct TransformerTensor
{
    QString name; ///< the reference file's name ("encoder.layers.0.norm1.weight")
    double *data; ///< column-major storage
    Eigen::Index rows, cols; ///< a vector has 1 row
    bool vector; ///< written as a flat array in JSON
    Eigen::Map<Eigen::VectorXd> flat() const { return { data, rows * cols }; }
};

/// Every parameter of the model. With Vs source words, Vt target words and d = d_model:
struct TransformerParameters
{
    Eigen::MatrixXd sourceEmbedding; ///< Vs x d
    Eigen::MatrixXd targetEmbedding; ///< Vt x d
    Eigen::MatrixXd wOut; ///< d x Vt
    Eigen::RowVectorXd bOut; ///< Vt
    std::vector<EncoderLayerParameters> encoder; ///< encoder.layers.N
    LayerNormParameters encoderNorm; ///< encoder.norm
    std::vector<DecoderLayerParameters> decoder; ///< decoder.layers.N
    LayerNormParameters decoderNorm; ///< decoder.norm

    /// Every tensor in the reference files' order: source_embedding, target_embedding,
    /// w_out, b_out, then each encoder layer (self_attn.in_proj_weight, in_proj_bias,
    /// out_proj.weight, out_proj.bias, linear1.weight, linear1.bias, linear2.weight,
    /// linear2.bias, norm1.weight, norm1.bias, norm2.weight, norm2.bias), encoder.norm,
    /// each decoder layer (self_attn, multihead_attn, linear1, linear2, norm1..3), decoder.norm.
    /// The views point into this object: they are valid while it lives and keeps its shape.
    std::vector<TransformerTensor> tensors();
    /// The same views for reading (the data pointers must not be written through).
    std::vector<TransformerTensor> tensors() const;

    /// All tensors zero, shaped for @p spec.
    static TransformerParameters zeros(const TransformerSpec &spec);
    /// The default initialisation drawn from @p seed: torch's own for the transformer (every
    /// matrix Xavier uniform as nn.Transformer._reset_parameters, in_proj_bias and
    /// out_proj.bias 0, linear biases U(-1/sqrt(fan_in), 1/sqrt(fan_in)) as nn.Linear,
    /// LayerNorm weights 1 and biases 0) and section 1's for the embeddings (N(0, 1)), w_out
    /// (Xavier uniform) and b_out (0). The same seed gives the same numbers everywhere.
    static TransformerParameters initial(const TransformerSpec &spec, std::uint64_t seed);

    /// True when every tensor has the shape @p spec asks for.
    bool fits(const TransformerSpec &spec) const;
    /// True when every entry is finite.
    bool allFinite() const;
    /// sqrt of the sum of every entry squared (the global norm of gradient clipping).
    double globalNorm() const;
};

} // namespace ae
