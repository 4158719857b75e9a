// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file headtint.h
/// The background that marks every other head's columns, shared by the projection editor and
/// the computation view so that a head has the same look in both.

#include <QColor>

namespace ae {

/// The tint of head @p head's columns (0-based): a light blend of the palette's base and
/// highlight colours for odd heads, an invalid colour (no tint) for even ones.
QColor headTint(int head);

} // namespace ae
