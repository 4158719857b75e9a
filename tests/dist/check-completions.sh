#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-completions.sh SHELL PROGRAM COMPLETION_FILE MANPAGE
# Checks that a shell's completion offers every subcommand the manual page has a section for
# (the page is made from --help) and, for each subcommand, every option its own --help lists,
# plus --help and --version before a subcommand. bash and fish are asked to complete for real;
# zsh (which needs a terminal to complete) is read: the option must appear in the subcommand's
# branch of the case statement.
set -euo pipefail
shell=$1 program=$2 file=$3 manpage=$4
command -v "$shell" >/dev/null || { echo "$shell is not installed (scripts/install-deps.sh)"; exit 1; }

# The sections of the page between DESCRIPTION and FILES are the subcommands.
mapfile -t subcommands < <(awk '/^\.SH DESCRIPTION/{on=1;next} /^\.SH FILES/{on=0} on && /^\.SH /{print tolower($2)}' "$manpage")
((${#subcommands[@]} > 0)) || { echo "no subcommand sections in $manpage"; exit 1; }

# options_of TEXT: every -x and --long option at the start of a help line (Qt's layout:
# "  -o, --output <OUT>  The file ..."), or after "|" in a usage line ("--help | --version").
options_of() {
    grep -E '^ +-' <<<"$1" | sed -E 's/^ +//; s/  .*//' | grep -oE -- '(^|[ ,|])--?[A-Za-z][A-Za-z0-9-]*' \
        | sed -E 's/^[ ,|]//' | sort -u
}

# offered SUBCOMMAND PREFIX: what the completion offers after "attention-explorer [SUB] PREFIX".
offered() {
    local line="attention-explorer ${1:+$1 }$2"
    case $shell in
        bash)
            bash --norc --noprofile -c '
                source "$1"
                COMP_LINE=$2 COMP_POINT=${#2}
                read -r -a COMP_WORDS <<<"$2"
                [[ $2 == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _attention_explorer
                printf "%s\n" "${COMPREPLY[@]}"' _ "$file" "$line"
            ;;
        fish)
            fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$file" "$line" | cut -f1
            ;;
        zsh)
            if [[ -z $1 ]]; then
                sed -n '/^subcommands=(/,/^)/p; /CURRENT == 2/,/^fi/p' "$file"
            else
                sed -n "/^  ($1)\$/,/^    ;;\$/p" "$file"
            fi | grep -oE -- "(^|[^A-Za-z0-9-])--?[A-Za-z][A-Za-z0-9-]*|^  '[a-z]+:" \
                | sed -E "s/^[^-]*(-)/\1/; s/^  '([a-z]+):/\1/"
            ;;
        *) echo "unknown shell $shell"; exit 1 ;;
    esac
}

missing=0
expect() { # expect WHAT OFFERED...
    local what=$1; shift
    if ! printf '%s\n' "$@" | grep -qxF -- "$what"; then
        echo "$shell: $context does not offer $what"
        missing=$((missing + 1))
    fi
}

context='attention-explorer <TAB>'
mapfile -t got < <(offered '' '')
for sub in "${subcommands[@]}"; do expect "$sub" "${got[@]}"; done
context='attention-explorer -<TAB>'
mapfile -t got < <(offered '' -)
overview=$("$program" --help)
for option in $(options_of "$(grep -E '^ +attention-explorer -' <<<"$overview" | sed -E 's/^ +attention-explorer//')"); do
    expect "$option" "${got[@]}"
done
for sub in "${subcommands[@]}"; do
    context="attention-explorer $sub -<TAB>"
    mapfile -t got < <(offered "$sub" -)
    help=$("$program" "$sub" --help)
    options=$(options_of "$help")
    [[ -n $options ]] || { echo "$sub --help lists no option"; exit 1; }
    for option in $options; do expect "$option" "${got[@]}"; done
done
if ((missing > 0)); then
    echo "$shell completion ($file): $missing missing"
    exit 1
fi
echo "$shell completion offers every subcommand and option of --help (${#subcommands[@]} subcommands)"
