// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingdims.h
/// The text form of the scaling experiment's list of d_k values: a range of powers of two
/// ("8..512") or a list ("8, 32, 128, 512"), or both mixed ("4..16, 100").

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ae {

/// Parses and writes lists of dimensions.
class ScalingDims
{
    Q_DECLARE_TR_FUNCTIONS(ScalingDims)
public:
    /// The dimensions @p text describes, in the order written; entries are separated by commas
    /// (also "，" and "、"), semicolons or spaces, and "a..b" stands for every power of two from
    /// a to b. On failure returns nothing and sets @p error to what is wrong and where.
    static std::optional<std::vector<int>> parse(const QString &text, QString *error = nullptr);
    /// @p dims as text: "a..b" for three or more consecutive powers of two, else a list.
    static QString format(const std::vector<int> &dims);
};

} // namespace ae
