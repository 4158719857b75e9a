#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the Debian package build/package/attention-explorer_VERSION_ARCH.deb: installs what is
# missing, brings the Release build up to date (scripts/build.sh, nothing compiled again when it
# is) and packs what `cmake --install` would install with CPack (dpkg-shlibdeps computes the
# library dependencies). Install it with `apt-get install ./build/package/attention-explorer_*.deb`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${AE_BUILD_DIR:-$root/build}
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
(cd "$build" && cpack --config CPackConfig.cmake)
ls "$build"/package/attention-explorer_*.deb
