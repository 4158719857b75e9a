#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-mime.sh MIME_FILE SESSION_SUFFIX SESSION_MIME LESSON_SUFFIX LESSON_MIME
# Builds a MIME database from the program's type file alone and checks that it names session
# and lesson files by their suffixes and knows both by their content.
set -euo pipefail
file=$1 session_suffix=$2 session_mime=$3 lesson_suffix=$4 lesson_mime=$5
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
failed=0
fail() { echo "$*"; failed=1; }

mkdir -p "$root/packages"
cp "$file" "$root/packages/"
update-mime-database "$root" 2>&1 | { grep . && fail "update-mime-database complained"; true; }
for pair in "$session_mime:$session_suffix" "$lesson_mime:$lesson_suffix"; do
    mime=${pair%%:*} suffix=${pair#*:}
    grep -qxF "60:$mime:*$suffix" "$root/globs2" || fail "globs2 lacks *$suffix: $(cat "$root/globs2")"
    grep -q "$mime" "$root/magic" || fail "the magic file lacks $mime"
done
((failed == 0)) && echo "MIME types: $session_mime (*$session_suffix), $lesson_mime (*$lesson_suffix)"
exit $failed
