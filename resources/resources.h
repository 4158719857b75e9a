// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file resources.h
/// What the resources library compiles in, by name.

#include <QString>

namespace ae {

/// The application icon (SVG, drawn at any size by Qt's SVG image plugin).
QString applicationIconPath();

} // namespace ae
