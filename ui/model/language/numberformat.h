// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file numberformat.h
/// How the panels show and read numbers (always with a decimal point, whatever the locale).

#include <QString>
#include <optional>

namespace ae {

/// Number text for tables and editors.
class NumberFormat
{
public:
    /// A short form for a table cell: up to three decimals ("0.841", "-1.2", "3"), or three
    /// significant digits for magnitudes below 0.001 or from 10000 ("1e-07", "1.23e+04").
    static QString display(double value);
    /// The shortest text that reads back to exactly @p value (editors, tooltips, copies).
    static QString exact(double value);
    /// Reads a finite number written with a decimal point ("1.5", "-2", "3e-4", "−0.5" with a
    /// typographic minus); nothing for anything else, including "1,5", "inf" and "".
    static std::optional<double> parse(const QString &text);
};

} // namespace ae
