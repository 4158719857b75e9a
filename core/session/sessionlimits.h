// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionlimits.h
/// Documented limits of the compute core and of session files. A session past any of these is
/// refused with a message naming the field, before anything of the requested size is allocated.

#include <cmath>
#include <cstdint>

namespace ae::limits {

/// Largest session file read, in bytes (checked before the file is read). Large enough for the
/// largest session the other limits allow as this program saves it (512 tokens of width 1024 on
/// both sides and explicit 1024 x 1024 projections: about 235 MB of indented JSON), so that
/// every session the program can save, it can open again.
constexpr std::int64_t maxSessionFileBytes = 256 * 1024 * 1024;
/// Most tokens in one sequence.
constexpr int maxTokens = 512;
/// Widest embedding vector of a sequence.
constexpr int maxEmbeddingWidth = 1024;
/// Largest d_model.
constexpr int maxModelDim = 1024;
/// Most attention heads.
constexpr int maxHeads = 64;
/// Largest magnitude of any number in a session (embeddings, weights, biases, scale). Keeps
/// every intermediate finite: even at the size limits no product can overflow a double.
constexpr double maxAbsValue = 1e12;
/// True when @p x may stand in a session: finite and at most maxAbsValue in magnitude. The
/// validator, the importers and the table's typing and pasting all ask this one question.
inline bool isAllowedValue(double x)
{
    return std::isfinite(x) && std::abs(x) <= maxAbsValue;
}
/// Smallest custom scale divisor.
constexpr double minScaleDivisor = 1e-12;
/// True when @p d may be a custom scale divisor: from minScaleDivisor to maxAbsValue. The
/// validator and the divisor field both ask this.
inline bool isAllowedDivisor(double d)
{
    return std::isfinite(d) && d >= minScaleDivisor && d <= maxAbsValue;
}
/// Longest token, in UTF-16 code units.
constexpr int maxTokenLength = 256;
/// Longest title, in UTF-16 code units.
constexpr int maxTitleLength = 1024;

/// Scaling experiment: most entries in the list of dimensions.
constexpr int maxExperimentDims = 64;
/// Scaling experiment: largest single d_k.
constexpr int maxExperimentDim = 8192;
/// Scaling experiment: most queries per draw.
constexpr int maxExperimentQueries = 65536;
/// Scaling experiment: most keys per draw.
constexpr int maxExperimentKeys = 4096;
/// Scaling experiment: most repeats.
constexpr int maxExperimentRepeats = 1000;
/// Scaling experiment: most random numbers drawn in one run (largest d_k * (queries + keys)
/// * repeats: the smaller dimensions reuse the first columns of the same draws).
constexpr double maxExperimentDraws = 5e8;
/// The memory budget: most bytes one computation may hold at once (README, "Limits"). A
/// session computed and printed by `compute`, a training run (the Training window, `train`,
/// a lesson's step) and a scaling run are estimated before they start and refused past it;
/// what is accepted stays under it (checked with /usr/bin/time -v).
constexpr double maxMemoryBytes = 1e9;
/// Scaling experiment: most bytes a run may hold at once (it streams the queries in blocks,
/// so this bounds the keys times the largest dimension): the memory budget.
constexpr double maxExperimentBytes = maxMemoryBytes;

} // namespace ae::limits
