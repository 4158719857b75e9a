// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file handcheck.h
/// The one rule for numbers meant for checking by hand (README, "Numbers you can check by
/// hand"): every operand is written rounded to the chosen decimals, and every written result is
/// worked out from the written operands, so that the arithmetic on the page adds up to the last
/// digit. Where the exact value rounds to something else, it is written beside the result.
/// The drill-down, `explain` (Markdown, LaTeX) and the worksheet answer keys all use it.

#include "explain/explain.h"

#include <QString>
#include <optional>
#include <vector>

namespace ae {

/// @p value as it is written with @p decimals decimals.
double shownValue(double value, int decimals);

/// One result written for checking by hand.
struct HandResult
{
    double shown = 0.0; ///< worked out from the written operands, then rounded: what is written
                        ///< and what the next step uses
    double exact = 0.0; ///< the program's own value
    int decimals = 4;

    /// #shown as written.
    QString text() const;
    /// #exact as written, or empty when it reads the same as #shown.
    QString exactText() const;
    /// True when #exact rounds to another number than #shown.
    bool differs() const { return !exactText().isEmpty(); }
};

/// The result of a step: @p fromShown (worked out from written operands) rounded, beside the
/// @p exact value.
HandResult handResult(double fromShown, double exact, int decimals);

/// A sum as written by hand: the written @p terms (each already rounded) added, beside
/// @p exactSum.
HandResult handSum(const std::vector<double> &terms, double exactSum, int decimals);

/// Every written number of one head's weight derivation, worked out by the rule above.
/// Vectors have the lengths of the derivation's (d_k for the products, Lk for the row); a
/// masked entry is 0 and takes no part.
struct HandWeightSteps
{
    std::vector<HandResult> products; ///< d_k, q_m k_m from the written q_m and k_m
    HandResult dot; ///< the sum of the written products
    HandResult scale; ///< the divisor s, an operand (shown == exact rounded)
    std::optional<HandResult> score; ///< written dot / written s; empty when masked
    std::vector<HandResult> rowScores; ///< Lk; the key's is #score, the others are operands
    std::optional<HandResult> rowMax; ///< the largest written visible score
    std::vector<HandResult> rowExp; ///< Lk, exp(written score - written max)
    HandResult rowSum; ///< the sum of the written exponentials
    std::vector<HandResult> rowWeights; ///< Lk, written exp / written sum
    HandResult weight; ///< rowWeights[key], or 0 when masked or the row is fully masked
};

/// Works out @p d (a derivation of @p e) by hand with @p decimals decimals.
HandWeightSteps handWeightSteps(
    const WeightExplanation &e, const HeadWeightDerivation &d, int decimals);

/// The written mean of the heads' written weights, beside the exact mean.
HandResult handMean(const std::vector<HandWeightSteps> &heads, double exactMean, int decimals);

/// How far an answer may be from the exact value and still be right when worked by hand with
/// @p hand's decimals: the drift of the written arithmetic, |shown - exact|, plus one unit of
/// the last decimal for the rounding of the answer itself, rounded up to those decimals.
double handTolerance(const HandResult &hand);

} // namespace ae
