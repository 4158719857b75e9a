#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-manpage.sh PROGRAM MANPAGE
# The manual page renders without a warning from man/groff (as lintian reads it), every line of
# every subcommand's --help is in its section of the rendered page, FILES names session and
# lesson files, and EXAMPLES holds examples whose every option is one of its subcommand's.
set -euo pipefail
program=$1 page=$2
warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 >/dev/null)
if [[ -n $warnings ]]; then
    echo "groff warns about $page:"
    echo "$warnings"
    exit 1
fi
rendered=$(MANWIDTH=200 man -l "$page" 2>/dev/null | col -bx)
mapfile -t sections < <(awk '/^\.SH DESCRIPTION/{on=1;next} /^\.SH FILES/{on=0} on && /^\.SH /{print tolower($2)}' "$page")
((${#sections[@]} >= 1)) || { echo "$page has no subcommand section"; exit 1; }
for sub in "${sections[@]}"; do
    title=${sub^^}
    body=$(awk -v t="$title" '$0 == t {on=1; next} /^[A-Z][A-Z ]*$/ {on=0} on' <<<"$rendered")
    while IFS= read -r line; do
        line=$(sed -E 's/^ +//; s/ +$//' <<<"$line")
        [[ -z $line ]] && continue
        if ! grep -qF -- "$line" <<<"$body"; then
            echo "section $title of $page lacks the help line: $line"
            exit 1
        fi
    done < <("$program" "$sub" --help | sed "s|$program|attention-explorer|g")
done
files=$(awk '/^FILES$/ {on=1; next} /^[A-Z][A-Z ]*$/ {on=0} on' <<<"$rendered")
for suffix in .aesession.json .aelesson.json; do
    grep -qF -- "*$suffix" <<<"$files" || { echo "FILES of $page does not name *$suffix"; exit 1; }
done
examples=$(awk '/^EXAMPLES$/ {on=1; next} /^[A-Z][A-Z ]*$/ {on=0} on' <<<"$rendered" \
    | sed -nE 's/^ +(attention-explorer .*)$/\1/p')
count=$(grep -c . <<<"$examples" || true)
((count >= 5)) || { echo "EXAMPLES of $page has $count commands, expected 5 or more"; exit 1; }
while read -r _ sub rest; do
    [[ $sub == help ]] && { sub=$rest; rest=''; }
    help=$("$program" "$sub" --help 2>/dev/null) || { echo "example: $sub is not a subcommand"; exit 1; }
    for option in $(grep -oE -- '(^| )--?[a-z][a-z-]*' <<<"$rest"); do
        grep -qE -- "(^| |, )$option( |,|$)" <<<"$help" \
            || { echo "example \"attention-explorer $sub $rest\": $sub has no option $option"; exit 1; }
    done
done <<<"$examples"
echo "$page: ${#sections[@]} subcommand sections, each holding its --help; FILES; $count examples"
