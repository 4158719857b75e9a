#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install what is missing, build, and run every test suite:
#   1. the Release build and all its Qt Test suites (core, ui offscreen, command line);
#   2. a second build of the core and its suites with AddressSanitizer and UBSan;
#   3. a one-pass smoke run of the benchmarks (figures are not judged here).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
bash "$root/scripts/install-deps.sh"

echo "== Release build and tests"
bash "$root/scripts/build.sh"
export QT_QPA_PLATFORM=offscreen
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" | tee "$logs/release.txt"

echo "== Sanitized core build (ASan + UBSan) and tests"
asan="$root/build-asan"
if [[ ! -f "$asan/build.ninja" ]]; then
    cmake -S "$root" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAE_SANITIZE=ON \
        -DAE_BUILD_GUI=OFF -DAE_BUILD_BENCHMARKS=OFF
fi
cmake --build "$asan" -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$asan" --output-on-failure -j "$jobs" | tee "$logs/asan.txt"

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
