#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Configures (once) and builds Attention Explorer in build/ (Release). Incremental: a second
# run with nothing changed only checks timestamps. Clang 14 and ccache where they are installed
# (scripts/compiler-env.sh); a folder configured before keeps its compiler.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${AE_BUILD_DIR:-$root/build}
source "$root/scripts/compiler-env.sh"
if [[ ! -f "$build/build.ninja" ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${cmake_options[@]}" "$@"
fi
cmake --build "$build" -j "$(nproc)"
