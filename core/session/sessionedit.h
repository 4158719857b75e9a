// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionedit.h
/// The arithmetic behind editing a session: reshaping vectors when tokens or widths change,
/// keeping padding flags with their tokens, and keeping explicit projections in shape.
/// Every function is pure: it reads its arguments and returns the new value.

#include "session/session.h"

#include <Eigen/Core>
#include <QStringList>
#include <vector>

namespace ae {

/// One of the explicit projection matrices or bias vectors.
enum class ProjectionPart { Wq, Wk, Wv, Wo, Bq, Bk, Bv, Bo };

/// True when a sequence of @p length tokens and @p width numbers per vector is within the
/// limits, i.e. when it may be allocated (the validator reports anything larger).
bool sequenceSizeFits(int length, int width);

/// @p m resized to @p rows x @p cols: the top-left block is kept, new entries are 0.
Eigen::MatrixXd resizedKeeping(
    const Eigen::Ref<const Eigen::MatrixXd> &m, Eigen::Index rows, Eigen::Index cols);

/// True for the conventional names of a padding token ("<pad>", "[PAD]", any letter case),
/// which start out marked as padding.
bool isPaddingToken(const QString &token);

/// The vectors of @p sequence reshaped to @p tokens (tokens.size() x @p width). Manual vectors
/// are matched to tokens by position; when the recipe adds positions, the positional part is
/// taken off first and put back for the new shape. Generated vectors are generated again
/// (zeros when a one-hot vocabulary does not fit: validateSession() reports that).
/// @pre sequenceSizeFits(tokens.size(), width)
Eigen::MatrixXd reshapedEmbeddings(
    const SequenceData &sequence, const QStringList &tokens, int width);

/// The rows of a hand-typed sequence that hold no vector of their own: all zero apart from the
/// positional part, and not padding (a token added to a hand-typed table gets such a row).
/// Empty unless the recipe is Manual.
std::vector<int> blankEmbeddingRows(const SequenceData &sequence);

/// @p sequence with rows @p rows set to the hashed generator's vectors of their tokens (the
/// recipe's seed, plus the positional part when the recipe adds positions). The recipe stays
/// as it is; rows out of range are ignored.
SequenceData withHashedRows(SequenceData sequence, const std::vector<int> &rows);

/// Padding flags for @p tokens, following @p base: a flag stays where its token is unchanged;
/// a new or changed token is padding only when isPaddingToken(). Empty when no flag is set,
/// except that unchanged tokens keep base.padding exactly (a file may list all flags false).
std::vector<bool> followedPadding(const SequenceData &base, const QStringList &tokens);

/// @p flags (empty, or one per token of a sequence of @p length) with token @p index set to
/// @p padded; empty again when no flag is left set.
/// @pre 0 <= index < length
std::vector<bool> withPaddingFlag(std::vector<bool> flags, int length, int index, bool padded);

/// @p sequence made with @p recipe. Switching to Manual keeps the vectors as they are (only
/// the positional part is added or taken off); any other recipe generates them again.
SequenceData withRecipe(SequenceData sequence, const EmbeddingRecipe &recipe);

/// The explicit matrices equal to what @p session uses now: its random matrices, or identity
/// where the shapes allow and zeros elsewhere. Sizes past the limits give matrices left empty
/// (for the validator to report; nothing that big is allocated).
Projections explicitProjectionsFor(const Session &session);

/// @p projections reshaped to the widths and d_model of @p session with resizedKeeping();
/// a bias that is empty (zero) stays empty. Unchanged when a size is past the limits.
Projections fittedProjections(const Session &session, const Projections &projections);

/// Sets entry (@p row, @p column) of @p part in @p projections; a bias is one row of
/// @p dModel numbers and is created (zeros) when empty.
/// @return false, changing nothing, when the position is outside the matrix.
bool setProjectionEntry(
    Projections &projections, ProjectionPart part, int row, int column, double value, int dModel);

} // namespace ae
