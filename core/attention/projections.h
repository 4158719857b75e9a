// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file projections.h
/// Turning a projection spec into the concrete matrices the attention math uses.

#include "attention/attentionconfig.h"

#include <memory>

namespace ae {

/// Returns projections ready for computeAttention(): Identity stays Identity (no matrices);
/// Random becomes Explicit with Xavier-uniform matrices drawn from the seed (w_q, w_k, w_v,
/// w_o in that order, each from its own stream) and zero biases; Explicit gets zero biases
/// where they were empty.
/// @param dq width of the query sequence's embeddings
/// @param dkv width of the key/value sequence's embeddings
Projections materializeProjections(const Projections &spec, int dq, int dkv, int dModel);

/// Projections concreteProjections() made or shared for one computation.
using MadeProjections = std::shared_ptr<const Projections>;

/// What materializeProjections() returns for @p spec, without copying or drawing what needs
/// nothing new: @p spec itself when it is Identity, or Explicit with all four biases; otherwise
/// the made projections, held by @p made (the reference lives as long as @p spec and @p made).
/// A computation reads explicit matrices in place (at d_model 1024 a copy is 32 MB), and
/// Random ones are drawn once for each seed, pair of widths and d_model among the program's
/// last keptRandomDraws and shared (thread-safe): an edit that keeps them (a token, the scale,
/// a mask, an undo) draws nothing (at d_model 1024 a draw is four million numbers).
const Projections &concreteProjections(
    const Projections &spec, int dq, int dkv, int dModel, MadeProjections &made);

/// How many draws of random projections concreteProjections() keeps for sharing: two, so
/// that an undo and redo across a change of d_model or a width draw neither side again.
constexpr int keptRandomDraws = 2;

/// Xavier-uniform rows x cols matrix, U(-a, a) with a = sqrt(6 / (rows + cols)), from @p seed.
Eigen::MatrixXd xavierUniform(int rows, int cols, std::uint64_t seed);

} // namespace ae
