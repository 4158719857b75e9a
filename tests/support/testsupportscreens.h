// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportscreens.h
/// Suites that need a screen of a given size run on the offscreen platform with the screens of
/// a file in tests/data/screens (a 1024×768 projector, a desk and a projector, ...).

#include <QByteArray>

namespace ae::test {

/// Puts the suite on the offscreen screens that tests/data/screens/@p file describes. Call it
/// from a static initialiser, before the application object exists; returns true.
inline bool useOffscreenScreens(const char *file)
{
    qputenv("QT_QPA_PLATFORM",
        QByteArray("offscreen:configfile=" AE_TEST_DATA_DIR "/screens/") + QByteArray(file));
    return true;
}

} // namespace ae::test
