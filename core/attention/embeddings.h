// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file embeddings.h
/// Embedding generators for sequences typed by the user.

#include <Eigen/Core>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace ae {

/// How a sequence's embedding vectors are made.
enum class EmbeddingMode {
    Manual, ///< typed or pasted by the user
    Hashed, ///< a deterministic pseudo-random vector per distinct token
    OneHot ///< one-hot over the sequence's vocabulary, in order of first appearance
};

/// The generator settings stored with a sequence.
struct EmbeddingRecipe
{
    EmbeddingMode mode = EmbeddingMode::Manual;
    std::uint64_t seed = 0; ///< used by Hashed
    bool positional = false; ///< add sinusoidal positional encoding

    bool operator==(const EmbeddingRecipe &o) const
    {
        return mode == o.mode && seed == o.seed && positional == o.positional;
    }
    bool operator!=(const EmbeddingRecipe &o) const { return !(*this == o); }
};

/// One vector of @p width numbers for @p token: uniform in [-1, 1], rounded to two decimals so
/// that a class can follow the arithmetic by hand. The same token and seed always give the
/// same vector, on every platform.
Eigen::RowVectorXd hashedEmbedding(const QString &token, int width, std::uint64_t seed);

/// Hashed embeddings for every token: tokens.size() x width.
Eigen::MatrixXd hashedEmbeddings(const QStringList &tokens, int width, std::uint64_t seed);

/// One-hot rows over the vocabulary (distinct tokens in order of first appearance):
/// tokens.size() x width. Returns nothing when the vocabulary is larger than @p width.
std::optional<Eigen::MatrixXd> oneHotEmbeddings(const QStringList &tokens, int width);

/// Number of distinct tokens.
int vocabularySize(const QStringList &tokens);

/// Sinusoidal positional encoding (Vaswani et al.): length x width, with
/// PE(pos, 2i) = sin(pos / 10000^(2i/width)) and PE(pos, 2i+1) = cos(pos / 10000^(2i/width)).
Eigen::MatrixXd sinusoidalPositions(int length, int width);

/// The embeddings a recipe gives (Manual returns @p manual unchanged, resized to fit, with
/// new cells 0). Positional encoding is added when the recipe asks for it, to any mode
/// but Manual.
/// @return nothing when a one-hot vocabulary does not fit @p width.
std::optional<Eigen::MatrixXd> generateEmbeddings(const EmbeddingRecipe &recipe,
    const QStringList &tokens, int width, const Eigen::MatrixXd &manual = {});

} // namespace ae
