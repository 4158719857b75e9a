#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install what is missing, build, and run every test suite:
#   1. the Release build and all its Qt Test suites (core, ui offscreen, command line) and the
#      desktop files' checks (AppStream, desktop file, manual page, completions, versions);
#   1b. the Debian package packed from that build (no second compile), checked by lintian,
#      unpacked, and its installed program run;
#   2. a second build of everything with Clang, AddressSanitizer and UBSan (and the libFuzzer
#      harnesses), and the whole suite again in it, leaks included;
#   3. a short run of every fuzz harness on its seed corpus;
#   4. a one-pass smoke run of the benchmarks (figures are not judged here).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
bash "$root/scripts/install-deps.sh"
export CCACHE_BASEDIR="$root"
# Debug builds hash no folder, so a fresh clone elsewhere reuses the compiler cache.
export CCACHE_NOHASHDIR=true
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

echo "== Release build and tests"
bash "$root/scripts/build.sh" "${launcher[@]}"
export QT_QPA_PLATFORM=offscreen
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -LE packaging | tee "$logs/release.txt"

echo "== Packaging: the .deb from the Release build, lintian, the unpacked program"
ctest --test-dir "$root/build" --output-on-failure -L packaging | tee "$logs/packaging.txt"

echo "== Sanitized build (Clang, ASan + UBSan) and the whole suite in it"
san="$root/build-sanitize"
if [[ ! -f "$san/build.ninja" ]]; then
    CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$san" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DAE_SANITIZE=ON -DAE_FUZZ=ON -DAE_BUILD_BENCHMARKS=OFF "${launcher[@]}"
fi
cmake --build "$san" -j "$jobs"
source "$root/tests/sanitizers/environment.sh"
ctest --test-dir "$san" --output-on-failure -j "$jobs" | tee "$logs/sanitized.txt"

echo "== Fuzzing, a short run of every harness"
bash "$root/scripts/fuzz.sh" 15 "$san"

echo "== Benchmark smoke run"
if [[ -x "$root/build/tests/bench/attention-bench" ]]; then
    "$root/build/tests/bench/attention-bench" --benchmark_min_time=0.01 >/dev/null
    echo "attention-bench ran"
fi

# One closing line for both runs (ctest stops the script above on any failure).
total=0
for log in "$logs"/*.txt; do
    n=$(sed -n 's/.*tests failed out of \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    total=$((total + ${n:-0}))
done
echo "all suites: $total passed, 0 failed"
