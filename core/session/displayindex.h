// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file displayindex.h
/// The one convention for indices (README, "Indices"): JSON files and the command line's
/// options count heads, tokens, rows, columns and dimensions from 0; everything people read
/// (tables, dialogs, tooltips, titles, handouts, messages) counts them from 1.

#include <QString>

namespace ae {

/// The number people read for the 0-based @p index.
constexpr int displayIndex(int index)
{
    return index + 1;
}

/// displayIndex() as text.
inline QString displayNumber(int index)
{
    return QString::number(displayIndex(index));
}

} // namespace ae
