// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file traininglimits.h
/// Documented limits of a training run, checked by checkRunConfig() and the replay reader
/// (the window's spin boxes take their ranges from here too).

#include <cstdint>

namespace ae::limits {

/// Shortest and longest task sequence.
constexpr int minTrainLength = 2;
constexpr int maxTrainLength = 64;
/// Fewest and most source tokens of a synthetic task.
constexpr int minTrainVocab = 2;
constexpr int maxTrainVocab = 1000;
/// Largest d_model of a trained model (the session's own limit).
constexpr int maxTrainModelDim = 1024;
/// Most heads (the session's own limit).
constexpr int maxTrainHeads = 64;
/// Largest batch.
constexpr int maxTrainBatch = 4096;
/// Most steps of one run.
constexpr int maxTrainSteps = 1000000;
/// Largest learning rate (past it every run diverges at once).
constexpr double maxTrainLearningRate = 1e6;
/// Largest Adam epsilon (the denominator's floor; above 1 it swamps every gradient).
constexpr double maxTrainEpsilon = 1.0;
/// Largest product batch x length x d_model (bounds a step's memory: a few such matrices).
constexpr double maxTrainActivations = 5e7;
/// Most encoder layers and most decoder layers of a transformer.
constexpr int maxTransformerLayers = 24;
/// Largest dim_feedforward of a transformer.
constexpr int maxTransformerFeedforward = 8192;
/// Most steps in a replay file.
constexpr int maxReplaySteps = 100000;
/// Largest replay file read, in bytes.
constexpr std::int64_t maxReplayFileBytes = 256 * 1024 * 1024;

} // namespace ae::limits
