// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file softmaxcrossentropy.h
/// The output layer's softmax and cross-entropy per row, and each row's prediction, shared by
/// the one-layer model and the transformer.

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

/// Each row's prediction: the column of the first largest entry of @p logits (R x C, C >= 1),
/// written to @p best (R), as row(r).maxCoeff(&c) gives it (a NaN never wins; a row whose first
/// entry is NaN keeps column 0). Column by column: walking a row of a column-major matrix
/// strides a whole column per entry, which at a thousand words and an evaluation set of tens
/// of thousands of rows missed the cache on every read.
void rowArgmax(const Eigen::MatrixXd &logits, Eigen::ArrayXi &best);

} // namespace ae
