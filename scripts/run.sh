#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install what is missing, build, and open Attention Explorer on its built-in
# example (or on the session file given as the first argument).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
app="${AE_BUILD_DIR:-$root/build}/bin/attention-explorer"
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    echo "run: no display found (DISPLAY is not set)." >&2
    echo "run: the app is built at $app; start it from a desktop session," >&2
    echo "run: or try it headless: $app compute resources/examples/cross-attention-2heads.json" >&2
    exit 1
fi
exec "$app" "$@"
