// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmaxcrossentropy.h
/// The output layer's softmax and cross-entropy per row, shared by the one-layer model and the
/// transformer.

#include "training/trainingbatch.h"

#include <Eigen/Core>

namespace ae {

/// Rows of @p logits (R x C) to probabilities (written to @p probabilities) and the
/// cross-entropy of each row against its target (written to @p loss) computed as
/// log-sum-exp minus the target's logit, so a confident wrong answer gives a large finite
/// loss instead of -log 0. Column by column, since the matrices are column-major.
/// @param target B x Lt with B Lt = R: its row-major storage lists the R targets in order
void softmaxCrossEntropy(const Eigen::MatrixXd &logits, const IdMatrix &target,
    Eigen::MatrixXd &probabilities, Eigen::ArrayXd &loss);

} // namespace ae
