#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every libFuzzer harness (tests/fuzz) for a fixed time on its seed corpus.
#   bash scripts/fuzz.sh [SECONDS_EACH] [BUILD_DIR] [HARNESS...]
# SECONDS_EACH defaults to 15, BUILD_DIR to build-asan (relative to the repository). A build
# folder configured with -DAE_FUZZ=ON is rebuilt (target "fuzzers"); a missing one is
# configured with clang-14 first. Each harness runs one process on a fresh copy of its seeds
# in a temporary folder (the repository is never written), as many side by side as there are
# cores (AE_FUZZ_PARALLEL). Exits non-zero when any harness
# finds a crash, a leak, a timeout or runs out of memory; the input that did it is kept and
# its path printed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-15}
build=${2:-build-asan}
shift $(( $# < 2 ? $# : 2 ))
[[ "$build" = /* ]] || build="$root/$build"
harnesses=("$@")
if [[ ${#harnesses[@]} -eq 0 ]]; then
    harnesses=(sessionloader lessonloader embeddingcsv importedattention commandline httprequestparser)
fi

source "$root/scripts/compiler-env.sh"
if [[ ! -f "$build/build.ninja" ]]; then
    CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAE_SANITIZE=ON -DAE_FUZZ=ON \
        -DAE_BUILD_BENCHMARKS=OFF "${cmake_options[@]}"
fi
if ! grep -q '^AE_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
    echo "$build is not configured with -DAE_FUZZ=ON (clang-14); use another build folder" >&2
    exit 2
fi
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build "$build" -j "${AE_FUZZ_JOBS:-2}" --target "${targets[@]}"

# Seeds and the longest input per harness. Every seed folder's files are copied flat.
seeds_of() {
    local fuzz="$root/tests/fuzz" regressions="$root/tests/data/fuzz-regressions/$1"
    case "$1" in
    sessionloader | importedattention | lessonloader)
        find "$root/resources/examples" "$root/resources/lessons" "$root/tests/data" -name '*.json' \
            -not -path '*/fuzz-regressions/*' ;;
    esac
    find "$fuzz/corpus/$1" "$regressions" -type f 2>/dev/null || true
}
max_len_of() {
    case "$1" in
    sessionloader | importedattention | lessonloader) echo 65536 ;;
    embeddingcsv) echo 8192 ;;
    commandline) echo 1024 ;;
    httprequestparser) echo 12288 ;;
    esac
}
dict_of() {
    case "$1" in
    sessionloader | importedattention | lessonloader) echo "$root/tests/fuzz/json.dict" ;;
    embeddingcsv) echo "$root/tests/fuzz/csv.dict" ;;
    commandline) echo "$root/tests/fuzz/argv.dict" ;;
    httprequestparser) echo "$root/tests/fuzz/http.dict" ;;
    esac
}

work=$(mktemp -d "${TMPDIR:-/tmp}/ae-fuzz.XXXXXX")
failed=()
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# run_harness NAME: one harness on a fresh copy of its seeds; its report goes to its own log.
run_harness() {
    local h=$1 corpus="$work/$1/corpus" artifacts="$work/$1/artifacts"
    mkdir -p "$corpus" "$artifacts"
    while IFS= read -r seed; do
        cp "$seed" "$corpus/$(sha1sum "$seed" | cut -c1-40)"
    done < <(seeds_of "$h")
    echo "== fuzz_$h: ${seconds}s on $(find "$corpus" -type f | wc -l) seeds" >"$work/$h/report.txt"
    local status=0
    "$build/fuzz/fuzz_$h" "$corpus" -max_total_time="$seconds" -max_len="$(max_len_of "$h")" \
        -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
        -dict="$(dict_of "$h")" -artifact_prefix="$artifacts/" >"$work/$h/log.txt" 2>&1 \
        || status=$?
    echo "$status" >"$work/$h/status"
}

# The harnesses run side by side, one a core (AE_FUZZ_PARALLEL at most), each for its full
# time; their reports are printed in order once all have ended.
parallel=${AE_FUZZ_PARALLEL:-$(nproc)}
running=0
for h in "${harnesses[@]}"; do
    if ((running >= parallel)); then
        wait -n
        running=$((running - 1))
    fi
    run_harness "$h" &
    running=$((running + 1))
done
wait

for h in "${harnesses[@]}"; do
    corpus="$work/$h/corpus"
    artifacts="$work/$h/artifacts"
    cat "$work/$h/report.txt"
    status=$(cat "$work/$h/status" 2>/dev/null || echo 1)
    grep -E '^(Done [0-9]+ runs|stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|new_units_added))' \
        "$work/$h/log.txt" || true
    grep -E '^#[0-9]+.*(DONE|INITED)' "$work/$h/log.txt" | tail -n 1 || true
    if [[ $status -ne 0 ]]; then
        tail -n 60 "$work/$h/log.txt"
        echo "fuzz_$h FAILED (exit $status); the input is in $artifacts, the log in $work/$h/log.txt"
        failed+=("$h")
    else
        echo "fuzz_$h ok, corpus now $(find "$corpus" -type f | wc -l) inputs"
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzzing found problems in: ${failed[*]} (kept $work)"
    exit 1
fi
rm -rf "$work"
echo "fuzzing: ${#harnesses[@]} harnesses, ${seconds}s each, no crash, leak, timeout or OOM"
