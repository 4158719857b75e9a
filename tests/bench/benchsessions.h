// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file benchsessions.h
/// Inputs shared by the benchmark programs: seeded random matrices and sessions of a given
/// shape, so that every program measures the same work under the same name.

#include "attention/attentionconfig.h"
#include "session/session.h"

#include <Eigen/Core>
#include <cstdint>

namespace ae::bench {

/// A benchmark shape: Lq x Lk x d_model x heads.
struct Shape
{
    int queries = 0;
    int keys = 0;
    int dModel = 0;
    int heads = 1;
};

/// Multiply-adds counted twice (one multiplication, one addition) for one forward pass:
/// the four projections 2 d^2 (2 Lq + 2 Lk), then Q K^T and A V in every head 2 Lq Lk d each.
/// Softmax, entropy and bias additions are not counted.
double forwardFlops(const Shape &shape);

/// rows x cols standard normal numbers from @p seed.
Eigen::MatrixXd normalMatrix(int rows, int cols, std::uint64_t seed);

/// Explicit projections of width d_model with random weights and random biases (as a trained
/// layer has), inputs of width d_model.
Projections randomProjections(int dModel, std::uint64_t seed);

/// A session of @p shape: queries from the target, keys and values from the source,
/// embeddings and explicit projections (with biases) random, no mask.
Session makeSession(const Shape &shape, std::uint64_t seed);

/// "64x64x256x8" and so on.
QString shapeName(const Shape &shape);

} // namespace ae::bench
