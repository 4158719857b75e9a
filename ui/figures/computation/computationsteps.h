// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file computationsteps.h
/// The steps of multi-head attention for one head, each as labelled matrices with a title and
/// a formula: what the computation view shows, copies and steps through.

#include "export/labelledmatrix.h"
#include "heatmap/heatmapdata.h"
#include "session/session.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ae {

/// One step of the forward pass, in the order a lesson walks them.
enum class ComputationStep {
    Split, ///< Q_h, K_h, V_h: the head's columns of Q, K and V
    Scores, ///< S = Q_h K_h^T
    Scaled, ///< S / s
    Masked, ///< S / s + mask (-inf where a query may not see a key)
    Softmax, ///< A_h = softmax_row(S / s + mask)
    HeadOutput, ///< O_h = A_h V_h
    Concat, ///< [O_1 ... O_h]
    OutputProjection, ///< W_o (and b_o)
    Output ///< [O_1 ... O_h] W_o + b_o
};

/// Builds the matrices, titles and formulas of the computation steps from a computed result.
class ComputationSteps
{
    Q_DECLARE_TR_FUNCTIONS(ComputationSteps)
public:
    /// Every step, in lesson order.
    static std::vector<ComputationStep> all();
    /// The number of steps.
    static int count() { return static_cast<int>(all().size()); }
    /// A short name, e.g. "Scale: S / s".
    static QString title(ComputationStep step);
    /// The formula of the step in plain Unicode, e.g. "A_h = softmax_row(S / s + mask)".
    static QString formula(ComputationStep step);
    /// The formula of the step as rich text (Qt's HTML subset): sub- and superscripts, √, and
    /// a fraction set as numerator over a rule over denominator.
    static QString formulaHtml(ComputationStep step);
    /// @p numerator over @p denominator (both HTML), preceded by @p left and followed by
    /// @p right, as a one-line table that Qt's rich text draws as a built-up fraction.
    static QString fractionHtml(const QString &left, const QString &numerator,
        const QString &denominator, const QString &right = QString());
    /// One sentence on what the step does and why.
    static QString explanation(ComputationStep step);

    /// The matrices of @p step for head @p head (0-based) of @p result, labelled with the
    /// tokens of @p session (the session the result was computed from): Split gives Q_h, K_h,
    /// V_h (Lq x d_k, Lk x d_k, Lk x d_k); Scores S (Lq x Lk, Q_h K_h^T); Scaled S / s;
    /// Masked S / s with the masked cells marked (-inf); Softmax A_h (Lq x Lk); HeadOutput O_h
    /// (Lq x d_k); Concat (Lq x d_model); OutputProjection W_o (d_model x d_model) and b_o
    /// (1 x d_model); Output (Lq x d_model). Columns of head-wide matrices are labelled with
    /// their column in Q, K or V, counting from 1.
    static std::vector<LabelledMatrix> matrices(
        const Session &session, const AttentionResult &result, int head, ComputationStep step);

    /// What the heatmap shows at @p step: the unscaled scores at Scores, the scaled scores at
    /// Scaled and Masked (before the softmax; colours span the visible scores), nothing at
    /// Split and after the softmax (the heatmap shows the weights as usual).
    static std::optional<HeatmapData> heatmapState(
        const Session &session, const AttentionResult &result, int head, ComputationStep step);

    /// True for the steps whose Lq x Lk matrix has one cell per (query, key): Scores, Scaled,
    /// Masked and Softmax. A cell there can be explained by hand.
    static bool hasWeightCells(ComputationStep step);
};

} // namespace ae
