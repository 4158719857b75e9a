// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file resources.h
/// What the resources library compiles in, by name.

#include <QString>

namespace ae {

/// The application icon (SVG, drawn at any size by Qt's SVG image plugin).
QString applicationIconPath();

/// The reverse-DNS application id (set in CMakeLists.txt): the name of the installed desktop
/// file, AppStream metainfo and icon, and QGuiApplication::desktopFileName.
QString applicationId();

/// The file name ending of session files (".aesession.json"), which the installed MIME type
/// matches; File ▸ Save As suggests it.
QString sessionFileSuffix();

} // namespace ae
