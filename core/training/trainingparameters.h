// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingparameters.h
/// The parameters of the training model (spec training.md, section 1), also used for their
/// gradients and the optimiser's moments. A plain value: copying it (for a scrubber snapshot)
/// copies twelve Eigen matrices, one allocation each.

#include "training/trainingconfig.h"

#include <Eigen/Core>
#include <array>
#include <cstdint>

namespace ae {

/// The twelve parameter tensors, named as in the spec and the reference files. With Vs source
/// words, Vt target words (with "<s>") and d = d_model:
struct TrainingParameters
{
    Eigen::MatrixXd sourceEmbedding; ///< Vs x d
    Eigen::MatrixXd targetEmbedding; ///< Vt x d
    Eigen::MatrixXd wq, wk, wv, wo; ///< d x d each (row vectors times matrices: x W + b)
    Eigen::RowVectorXd bq, bk, bv, bo; ///< d each
    Eigen::MatrixXd wOut; ///< d x Vt
    Eigen::RowVectorXd bOut; ///< Vt

    /// Number of tensors.
    static constexpr int count = 12;
    /// The reference files' names, in the order of tensor(): "source_embedding",
    /// "target_embedding", "w_q", "b_q", "w_k", "b_k", "w_v", "b_v", "w_o", "b_o", "w_out",
    /// "b_out".
    static const std::array<const char *, count> &names();
    /// Tensor @p i (0 <= i < count) as one Eigen::MatrixXd or RowVectorXd, seen as a column of
    /// its storage: lets the optimiser and the JSON code walk every tensor alike.
    Eigen::Map<Eigen::VectorXd> flat(int i);
    Eigen::Map<const Eigen::VectorXd> flat(int i) const;
    /// Rows and columns of tensor @p i (a vector has 1 row).
    Eigen::Index rows(int i) const;
    Eigen::Index cols(int i) const;

    /// All tensors zero, shaped for @p spec.
    static TrainingParameters zeros(const TrainingModelSpec &spec);
    /// The spec's default initialisation drawn from @p seed: embeddings N(0, 1), the four
    /// projections and w_out Xavier uniform, biases 0. The same seed gives the same numbers on
    /// every platform.
    static TrainingParameters initial(const TrainingModelSpec &spec, std::uint64_t seed);

    /// True when every tensor has the shape @p spec asks for.
    bool fits(const TrainingModelSpec &spec) const;
    /// True when every entry is finite.
    bool allFinite() const;
};

bool operator==(const TrainingParameters &a, const TrainingParameters &b);
bool operator!=(const TrainingParameters &a, const TrainingParameters &b);

} // namespace ae
