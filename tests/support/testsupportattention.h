// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportattention.h
/// Helpers for the window and panel suites: attention worked out by hand (plain loops, no
/// core code), the shared reference numbers, and user-like driving of Qt widgets.

#include <Eigen/Core>
#include <QString>
#include <QVariant>
#include <vector>

class QAbstractItemView;
class QCheckBox;
class QComboBox;
class QModelIndex;
class QSpinBox;
class QWidget;

namespace ae {

/// Expected numbers and widget driving for the UI suites.
class AttentionTestSupport
{
public:
    /// Softmax attention weights of one head, from first principles: scores q_i·k_j over the
    /// head's columns [head*dK, (head+1)*dK) divided by @p scale; hidden keys (causal j > i, or
    /// padded) get weight 0; a row that sees nothing is all 0.
    static Eigen::MatrixXd headWeights(const Eigen::MatrixXd &q, const Eigen::MatrixXd &k, int head,
        int dK, double scale, bool causal, const std::vector<bool> &keyPadding = {});
    /// The mean over @p heads heads of headWeights() with identity projections (Q = Xq, K = Xkv)
    /// and the scale sqrt(d_k) unless @p scale is given (> 0).
    static Eigen::MatrixXd meanWeights(const Eigen::MatrixXd &xq, const Eigen::MatrixXd &xkv,
        int heads, bool causal, const std::vector<bool> &keyPadding = {}, double scale = -1.0);
    /// PE(pos, 2i) = sin(pos / 10000^(2i/width)), PE(pos, 2i+1) = cos(...), by hand.
    static double sinusoid(int pos, int column, int width);
    /// A matrix of the shared reference case @p caseName's expected result: "mean_weights", or
    /// "heads[N].weights" / "heads[N].scores" / "heads[N].output". Empty when missing.
    static Eigen::MatrixXd referenceMatrix(const QString &caseName, const QString &what);
    /// Points QSettings at a private store for the running suite, emptied unless @p keep (a
    /// sub-process of the suite continuing what an earlier one saved).
    static void isolateSettings(const QString &suiteName, bool keep = false);

    /// Selects all text in a spin box, types @p value and presses Enter.
    static void typeIntoSpinBox(QSpinBox *spin, int value);
    /// Opens a combo box's list and picks the item with @p data, as a mouse user does (no
    /// item in between becomes current).
    static bool chooseComboData(QComboBox *combo, const QVariant &data);
    /// Types @p text into @p widget: key presses for ASCII, input-method commits (as a Chinese
    /// or Japanese input method sends them) for everything else.
    static void typeText(QWidget *widget, const QString &text);
    /// Toggles a check box with the space bar.
    static void toggleCheckBox(QCheckBox *check);
    /// Opens the editor of @p index, replaces its text with @p text, and presses Enter.
    static bool typeIntoCell(
        QAbstractItemView *view, const QModelIndex &index, const QString &text);
};

} // namespace ae
