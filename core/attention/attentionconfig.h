// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file attentionconfig.h
/// Plain configuration structs for one multi-head attention computation.

#include <Eigen/Core>
#include <cstdint>

namespace ae {

/// Which of the two sequences a role (queries, or keys and values) is taken from.
enum class SequenceRole { Source, Target };

/// How scores are divided before the softmax.
enum class ScaleMode {
    SqrtDk, ///< divide by sqrt(d_k), the default
    None, ///< divide by 1
    Custom ///< divide by AttentionConfig::scale.divisor
};

/// How the four projection matrices are obtained.
enum class ProjectionMode {
    Identity, ///< W = I, b = 0; needs query width = key/value width = d_model
    Random, ///< Xavier-uniform matrices from a seed, biases 0; identical on every platform
    Explicit ///< matrices (and optional biases) given by the user
};

/// The divisor applied to Q K^T.
struct ScaleSpec
{
    ScaleMode mode = ScaleMode::SqrtDk;
    double divisor = 1.0; ///< used only when mode == Custom; positive and finite
};

/// The four projections. Matrices multiply row vectors from the right (x W + b), so
/// w_q is dq x d_model, w_k and w_v are dkv x d_model, w_o is d_model x d_model.
/// Bias vectors may be empty, meaning zero.
struct Projections
{
    ProjectionMode mode = ProjectionMode::Identity;
    std::uint64_t seed = 0; ///< used only when mode == Random
    Eigen::MatrixXd wq, wk, wv, wo;
    Eigen::RowVectorXd bq, bk, bv, bo;
};

/// Everything the attention math needs besides the two input matrices.
struct AttentionConfig
{
    int dModel = 4; ///< width of Q, K, V and the output
    int heads = 1; ///< must divide dModel; d_k = dModel / heads
    ScaleSpec scale;
    bool causal = false; ///< query i sees key j only where j <= i (top-left aligned)
};

/// The divisor s that a config and a head width d_k give (sqrt(d_k), 1, or the custom value).
double scaleDivisor(const ScaleSpec &scale, int dK);

/// The width of one head, d_k = d_model / heads; 0 when heads does not divide d_model (or
/// either is not positive), which validateSession() reports.
int headWidth(int dModel, int heads);
/// headWidth() of @p config.
int headWidth(const AttentionConfig &config);

/// True when @p a and @p b have the same shape and the same entries (Eigen's own == asserts
/// equal shapes).
template <typename A, typename B>
bool sameEntries(const Eigen::MatrixBase<A> &a, const Eigen::MatrixBase<B> &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.size() == 0 || a == b);
}

/// @name Equality of every field.
/// @{
bool operator==(const ScaleSpec &a, const ScaleSpec &b);
bool operator!=(const ScaleSpec &a, const ScaleSpec &b);
bool operator==(const Projections &a, const Projections &b);
bool operator!=(const Projections &a, const Projections &b);
bool operator==(const AttentionConfig &a, const AttentionConfig &b);
bool operator!=(const AttentionConfig &a, const AttentionConfig &b);
/// @}

} // namespace ae
