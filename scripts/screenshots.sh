#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the screenshots the README and the AppStream metainfo show, from the real window: starts
# the built program on a private X server (Xvfb, nothing appears on screen) on a built-in
# example, once in English and once in Chinese, and writes docs/screenshots/main-en.png and
# main-zh.png. Needs a build (scripts/build.sh); settings and autosaves go to a throw-away
# folder, so the user's own are not touched.
#   scripts/screenshots.sh [PROGRAM]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
program=${1:-$root/build/bin/attention-explorer}
example=$root/resources/examples/cross-attention-2heads.json
out=$root/docs/screenshots
width=1280 height=800
[[ -x $program ]] || { echo "screenshots: no program at $program (run scripts/build.sh)" >&2; exit 1; }
for tool in Xvfb xdotool import; do
    command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (scripts/install-deps.sh)" >&2; exit 1; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
xvfb=''
app=''
cleanup() {
    if [[ -n $app ]]; then kill "$app" 2>/dev/null || true; fi
    if [[ -n $xvfb ]]; then kill "$xvfb" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT

# A free display number, chosen by the server itself.
Xvfb -displayfd 5 -screen 0 "${width}x${height}x24" -nolisten tcp 5>"$tmp/display" 2>/dev/null &
xvfb=$!
for _ in $(seq 50); do [[ -s $tmp/display ]] && break; sleep 0.1; done
[[ -s $tmp/display ]] || { echo "screenshots: Xvfb did not start" >&2; exit 1; }
export DISPLAY=:$(cat "$tmp/display")

for lang in en zh_CN; do
    home=$tmp/home-$lang
    mkdir -p "$home/config/AttentionExplorer"
    printf '[ui]\nlanguage=%s\n' "$lang" >"$home/config/AttentionExplorer/Attention Explorer.conf"
    HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
        LC_ALL=C.UTF-8 "$program" "$example" >/dev/null 2>&1 &
    app=$!
    window=$(xdotool search --sync --onlyvisible --classname attention-explorer | head -n 1)
    # No window manager: place and size the window by hand, then let the plots settle.
    xdotool windowmove "$window" 0 0 windowsize "$window" "$width" "$height"
    sleep 3
    file=$out/main-${lang%%_*}.png
    import -window "$window" "$file"
    kill "$app"
    wait "$app" 2>/dev/null || true
    app=''
    echo "wrote $file ($(stat -c %s "$file") bytes)"
done
