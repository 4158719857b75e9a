// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file stackedlabels.h
/// The rule for a heatmap's column labels that are short CJK words: stacked upright, one
/// character under the other as in vertical Chinese, rather than turned on their side.

#include <QString>
#include <QStringList>

namespace ae {

/// Longest token, in characters, that is stacked upright rather than turned on its side.
constexpr int maxStackedChars = 4;

/// True when every label of @p labels is short CJK text (Han, kana, Hangul, CJK punctuation,
/// at most maxStackedChars characters), which reads best stacked upright.
bool stackUpright(const QStringList &labels);

/// @p label with a line break after each character.
QString stackedLabel(const QString &label);

} // namespace ae
