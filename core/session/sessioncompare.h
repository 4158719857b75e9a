// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessioncompare.h
/// Two configurations of one session side by side: the session as it is (A) and a copy with
/// exactly one field changed (B), their weights and the difference A − B. Causal vs not causal
/// is the exception: A is always the causal side.

#include "attention/attentionresult.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <Eigen/Core>
#include <optional>

namespace ae {

/// The one field that differs between the two sides of a comparison.
enum class CompareKind {
    Scaling, ///< attention.scale: B divides by 1 when A scales, by sqrt(d_k) when A does not
    CrossDirection, ///< attention.query_from and key_value_from swapped: (Y, X) vs (X, Y)
    Heads, ///< the same session, head headA on side A against head headB on side B
    Causal ///< attention.causal switched
};

/// What to compare.
struct CompareSpec
{
    CompareKind kind = CompareKind::Scaling;
    int view = -1; ///< the view of both sides (-1 the mean, else a head); not used by Heads
    int headA = 0; ///< Heads only: side A's head (0-based)
    int headB = 1; ///< Heads only: side B's head (0-based)
};

/// Both sides computed. Lq and Lk are side A's query and key counts.
struct CompareResult
{
    /// The session as given; for Causal the causal one of the pair (the variant when the
    /// session has no causal mask).
    Session sessionA;
    Session sessionB; ///< sessionA with one field changed (equal to it for Heads)
    AttentionResult resultA;
    AttentionResult resultB;
    int viewA = -1; ///< the view shown of side A (-1 the mean, else a head)
    int viewB = -1; ///< the view shown of side B
    /// True when side B's weights are Lk x Lq (CrossDirection swaps queries and keys):
    /// differenceWeightsB then holds their transpose so that a cell means the same token pair.
    bool transposed = false;
    Eigen::MatrixXd weightsA; ///< Lq x Lk, side A's shown weights
    Eigen::MatrixXd weightsB; ///< side B's shown weights as computed (Lk x Lq when transposed)
    Eigen::MatrixXd differenceWeightsB; ///< Lq x Lk, weightsB (transposed when needed)
    Eigen::MatrixXd difference; ///< Lq x Lk, weightsA − differenceWeightsB
    BoolMatrix differenceVisible; ///< Lq x Lk, true where both sides' cells are unmasked
};

/// The copy of @p session that side B of @p kind computes: exactly one field changed
/// (none for Heads, whose sides differ in the head shown, not in the session).
Session compareVariant(const Session &session, CompareKind kind);

/// Why @p spec cannot be compared on @p session (a head out of range, a self-attention session
/// whose direction cannot be swapped, or a variant that breaks a rule), or nothing.
/// @pre validateSession(session) found nothing.
std::optional<SessionError> compareProblem(const Session &session, const CompareSpec &spec);

/// Computes both sides and their difference.
/// @pre compareProblem(session, spec) found nothing.
CompareResult compareSessions(const Session &session, const CompareSpec &spec);

/// The stable key of @p kind: "scaling", "direction", "heads" or "causal".
QString compareKindKey(CompareKind kind);
/// The kind whose compareKindKey() is @p key, or nothing.
std::optional<CompareKind> compareKindFromKey(const QString &key);

} // namespace ae
