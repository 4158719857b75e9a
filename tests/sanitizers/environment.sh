# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by scripts/test.sh and scripts/fuzz.sh: how the sanitized programs report. Every
# finding stops the program with a non-zero status; leaks are reported at exit, except the
# ones listed (with the reason) in lsan.supp, all of them in Qt or the system's libraries.
sanitizers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1
export LSAN_OPTIONS=suppressions=$sanitizers_dir/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$sanitizers_dir/ubsan.supp
export ASAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
# Instrumented, a test function that trains a lesson's runs (a handout's claims) takes minutes
# on a busy 2-core machine; Qt Test's own limit of 5 minutes a function would end it half way.
# CTest's limit on the whole suite (AE_TEST_TIMEOUT) still stops a hung one.
export QTEST_FUNCTION_TIMEOUT=900000
