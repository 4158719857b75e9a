// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file platformnotices.h
/// Qt's notices about the platform that tell the person at the terminal nothing they can act
/// on ("QStandardPaths: XDG_RUNTIME_DIR not set", "This plugin does not support raise()" under
/// the offscreen platform) are kept off stderr; every other message of Qt's still shows. The
/// window and every subcommand install the same filter.

#include <QString>

namespace ae {

/// True for one of the known platform notices the filter drops.
bool isKnownPlatformNotice(const QString &message);

/// Installs the message handler that drops the known platform notices and writes every other
/// message as Qt's own handler would; AE_DEBUG=1 lets the notices through too. Call it before
/// the application object is made.
void installPlatformNoticeFilter();

} // namespace ae
