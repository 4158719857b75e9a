#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every C++ file of the tree (tracked, or new and not ignored) passes the project's
# .clang-format unchanged. Usage: check-format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed" >&2; exit 1; }
mapfile -t files < <(git ls-files -co --exclude-standard -- '*.h' '*.cpp' 2>/dev/null ||
    find core ui app resources tests -name '*.h' -o -name '*.cpp')
((${#files[@]} > 0)) || { echo "check-format: no C++ files found under $1" >&2; exit 1; }
if clang-format --dry-run -Werror "${files[@]}"; then
    echo "check-format: ${#files[@]} files formatted"
else
    echo "check-format: reformat the files above with clang-format -i" >&2
    exit 1
fi
