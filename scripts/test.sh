#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start: install what is missing, build, and run every test suite:
#   1. the Release build (products on OpenBLAS, AE_BLAS=ON) and all its Qt Test suites (core,
#      ui offscreen, command line) and the desktop files' checks (AppStream, desktop file,
#      manual page, completions, versions);
#   1b. the Debian package packed from that build (no second compile), checked by lintian,
#      unpacked, and its installed program run;
#   2. a second build of everything with Clang, AddressSanitizer and UBSan (and the libFuzzer
#      harnesses) on Eigen's own products (AE_BLAS=OFF, the other configuration the build
#      offers), and every suite of step 1 again in it (but the package, the AT-SPI runs and
#      the README's tables, which check the Release build), leaks included;
#   3. a short run of every fuzz harness on its seed corpus;
#   4. a one-pass smoke run of the benchmarks (figures are not judged here).
# The second build starts as soon as the first is done and compiles at the lowest priority
# beside step 1's tests, 1b and 4, taking the processor time they leave (their waits on
# timers and sub-processes, the package's single-threaded checks): the tests keep the
# processors whenever they want them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
# Where the time goes: each phase's wall seconds, printed as a table at the end.
phases=()
phase_name=""
phase_start=$SECONDS
phase() {
    [[ -z $phase_name ]] || phases+=("$phase_name|$((SECONDS - phase_start))")
    phase_name=$1
    phase_start=$SECONDS
    [[ -z $1 ]] || echo "== $1"
}
phase "Installing what is missing"
bash "$root/scripts/install-deps.sh"
# puppeteer-core (npm) for the students' page in headless chromium; the suite never downloads.
bash "$root/scripts/check-classroom-page.sh" --install
source "$root/scripts/compiler-env.sh"

phase "Release build"
bash "$root/scripts/build.sh"
export QT_QPA_PLATFORM=offscreen
logs=$(mktemp -d)
san="$root/build-sanitize"
san_build=""
# A failure on the way stops the sanitized build beside it too.
trap '[[ -z $san_build ]] || kill -- -"$san_build" 2>/dev/null || true; rm -rf "$logs"' EXIT

# The sanitized build (Clang, ASan + UBSan, Eigen's own products), in its own process group,
# at nice 19 and, where the system allows it, in the idle scheduling class (a test waking up
# takes the processor from it at once; at nice 19 alone the Release suites ran about 10 %
# longer). Configured on every run (quick once configured) so that a tree made before AE_BLAS
# existed is switched to it too.
low_priority=(nice -n 19)
if chrt --idle 0 true 2>/dev/null; then
    low_priority=(chrt --idle 0 nice -n 19)
fi
set -m
(
    CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$san" -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAE_SANITIZE=ON -DAE_FUZZ=ON \
        -DAE_BUILD_BENCHMARKS=OFF -DAE_BLAS=OFF "${cmake_options[@]}" >/dev/null
    exec "${low_priority[@]}" cmake --build "$san" -j "$jobs"
) >"$logs/sanitized-build.txt" 2>&1 &
san_build=$!
set +m

phase "Release tests (the sanitized build beside them, at low priority)"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -LE packaging | tee "$logs/release.txt"

phase "Packaging: the .deb from the Release build, lintian, the unpacked program"
ctest --test-dir "$root/build" --output-on-failure -L packaging | tee "$logs/packaging.txt"

phase "Benchmark smoke run"
if [[ -x "$root/build/tests/bench/attention-bench" ]]; then
    "$root/build/tests/bench/attention-bench" --benchmark_min_time=0.01 >/dev/null
    echo "attention-bench ran"
fi

phase "Sanitized build, what was left of it"
status=0
wait "$san_build" || status=$?
san_build=""
tail -n 5 "$logs/sanitized-build.txt"
if ((status != 0)); then
    echo "== The sanitized build failed (exit $status):" >&2
    grep -E -B 2 -A 12 'error:|FAILED:|CMake Error' "$logs/sanitized-build.txt" | head -n 200 >&2 ||
        tail -n 100 "$logs/sanitized-build.txt" >&2
    exit "$status"
fi
source "$root/tests/sanitizers/environment.sh"
phase "Sanitized tests (the whole suite again)"
# The package's checks ran on the Release build above, the build that ships; a package of
# this build's instrumented binaries would check nothing new. The AT-SPI runs (the window as a
# screen reader sees it) are the Release build's too: the heatmap keyboard suite they drive
# runs here on its own, and the accessibility bus's libraries are not ours to instrument.
# The README's tables (label docs) are checked against the Release build, the one that ships:
# here they would train the same runs again, instrumented, for no other code.
ctest --test-dir "$san" --output-on-failure -j "$jobs" -LE 'packaging|atspi|docs' | tee "$logs/sanitized.txt"

phase "Fuzzing, a short run of every harness"
bash "$root/scripts/fuzz.sh" 15 "$san"

phase ""
echo "== Where the time went (wall seconds)"
for row in "${phases[@]}"; do
    printf '%6d  %s\n' "${row##*|}" "${row%|*}"
done
printf '%6d  %s\n' "$SECONDS" "in all"

# One closing line for both runs (ctest stops the script above on any failure).
total=0
for log in "$logs"/*.txt; do
    n=$(sed -n 's/.*tests failed out of \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    total=$((total + ${n:-0}))
done
echo "all suites: $total passed, 0 failed"
