#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Opens the class answers' students' page in headless chromium (Debian's chromium, driven by
# puppeteer-core from the npm registry, installed into a cache folder outside the repository)
# and walks it like a student: tests/browser/classroompage.js. Talks to 127.0.0.1 only.
#   bash scripts/check-classroom-page.sh [BUILD_DIR] [OUT_DIR]
#   bash scripts/check-classroom-page.sh --install    (fetches puppeteer-core only)
# BUILD_DIR defaults to build; the phone screenshots (360x740) go to OUT_DIR (default: a new
# temporary folder, printed). Exits 77 when chromium, node or (under CTest) puppeteer-core is
# missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-build}
[[ "$build" = /* ]] || build="$root/$build"
out=${2:-$(mktemp -d "${TMPDIR:-/tmp}/ae-classroom-page.XXXXXX")}
mkdir -p "$out"
# Exit 77 (CTest's "skipped") when something it needs is missing; under CI (CI=true) a
# missing tool is a failure, since a skip there would hide the gap on a fresh machine.
missing() {
    echo "check-classroom-page: $1" >&2
    [[ ${CI:-} != true ]] || exit 1
    exit 77
}
command -v chromium >/dev/null || missing "needs chromium (apt install chromium)"
command -v node >/dev/null || missing "needs node and npm (apt install npm)"
modules=${AE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/attention-explorer-node}
if [[ ! -d "$modules/node_modules/puppeteer-core" ]]; then
    # CTest never downloads: it sets AE_NO_NPM_INSTALL and skips instead.
    [[ -z ${AE_NO_NPM_INSTALL:-} ]] || missing "puppeteer-core is not in $modules; run scripts/check-classroom-page.sh --install once"
    # From inside the folder rather than with --prefix: --prefix also moves npm's global
    # configuration (and the certificate authorities it names) to PREFIX/etc/npmrc.
    mkdir -p "$modules/node_modules"
    (cd "$modules" && npm install --no-save --no-audit --no-fund puppeteer-core@21 >/dev/null)
fi
# --install: only fetch puppeteer-core into the cache (scripts/test.sh, before the suites).
[[ $build != */--install ]] || exit 0
NODE_PATH="$modules/node_modules" timeout 180 node "$root/tests/browser/classroompage.js" \
    "$build/bin/attention-explorer" "$out"
