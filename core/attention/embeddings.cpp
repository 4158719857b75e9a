// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/embeddings.h"

#include "attention/rng.h"

#include <QHash>
#include <QSet>
#include <cmath>

namespace ae {

namespace {

/// FNV-1a over the token's UTF-8 bytes: stable across runs and platforms, unlike qHash.
std::uint64_t tokenHash(const QString &token)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char byte : token.toUtf8()) {
        h ^= static_cast<unsigned char>(byte);
        h *= 0x100000001b3ULL;
    }
    return h;
}

} // namespace

Eigen::RowVectorXd hashedEmbedding(const QString &token, int width, std::uint64_t seed)
{
    Rng rng(Rng::mix(tokenHash(token) ^ Rng::mix(seed)));
    Eigen::RowVectorXd v(width);
    for (int j = 0; j < width; ++j)
        v(j) = std::round(rng.uniform(-1.0, 1.0) * 100.0) / 100.0;
    return v;
}

Eigen::MatrixXd hashedEmbeddings(const QStringList &tokens, int width, std::uint64_t seed)
{
    Eigen::MatrixXd m(tokens.size(), width);
    for (int i = 0; i < tokens.size(); ++i)
        m.row(i) = hashedEmbedding(tokens[i], width, seed);
    return m;
}

int vocabularySize(const QStringList &tokens)
{
    QSet<QString> seen(tokens.begin(), tokens.end());
    return static_cast<int>(seen.size());
}

std::optional<Eigen::MatrixXd> oneHotEmbeddings(const QStringList &tokens, int width)
{
    QHash<QString, int> index;
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(tokens.size(), width);
    for (int i = 0; i < tokens.size(); ++i) {
        auto it = index.find(tokens[i]);
        if (it == index.end())
            it = index.insert(tokens[i], static_cast<int>(index.size()));
        if (it.value() >= width)
            return std::nullopt;
        m(i, it.value()) = 1.0;
    }
    return m;
}

Eigen::MatrixXd sinusoidalPositions(int length, int width)
{
    Eigen::MatrixXd pe(length, width);
    for (int pos = 0; pos < length; ++pos) {
        for (int j = 0; j < width; ++j) {
            const int pair = j / 2;
            const double angle = pos / std::pow(10000.0, 2.0 * pair / width);
            pe(pos, j) = (j % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    }
    return pe;
}

std::optional<Eigen::MatrixXd> generateEmbeddings(const EmbeddingRecipe &recipe,
    const QStringList &tokens, int width, const Eigen::MatrixXd &manual)
{
    const int n = static_cast<int>(tokens.size());
    Eigen::MatrixXd m;
    switch (recipe.mode) {
    case EmbeddingMode::Manual: {
        // Keep what was typed wherever it still fits; new cells start at 0.
        m = Eigen::MatrixXd::Zero(n, width);
        const Eigen::Index rows = std::min<Eigen::Index>(n, manual.rows());
        const Eigen::Index cols = std::min<Eigen::Index>(width, manual.cols());
        m.topLeftCorner(rows, cols) = manual.topLeftCorner(rows, cols);
        return m;
    }
    case EmbeddingMode::Hashed:
        m = hashedEmbeddings(tokens, width, recipe.seed);
        break;
    case EmbeddingMode::OneHot: {
        auto oneHot = oneHotEmbeddings(tokens, width);
        if (!oneHot)
            return std::nullopt;
        m = std::move(*oneHot);
        break;
    }
    }
    if (recipe.positional)
        m += sinusoidalPositions(n, width);
    return m;
}

} // namespace ae
