// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file curvesmoothing.h
/// The running mean the training curves offer against noisy batch values: an exponential
/// moving average with TensorBoard's debiasing, so the first points are not pulled to 0.

#include <vector>

namespace ae {

/// The smoothed curve of @p values with weight @p weight (0: the values themselves; close
/// to 1: very smooth; clamped to 0 ... 0.999). Point i is the debiased exponential mean of
/// the finite values up to i: m_i = w m_{i-1} + (1 - w) v_i, divided by 1 - w^n where n
/// counts the finite values so far. A non-finite value is kept as it is and does not enter
/// the mean.
std::vector<double> smoothedCurve(const std::vector<double> &values, double weight);

} // namespace ae
