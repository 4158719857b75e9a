#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-completions.sh SHELL PROGRAM COMPLETION_FILE MANPAGE
# Checks that a shell's completion offers every subcommand the manual page has a section for
# (the page is made from --help) and, for each subcommand, every option its own --help lists,
# plus --help and --version before a subcommand, and no option that --help does not list. The
# lesson argument offers the built-in lessons (`lesson --builtin`) and lesson files, not other
# files; the session argument offers session files, not lesson files. bash and fish are asked
# to complete for real (the files in a folder made for it); zsh (which needs a terminal to
# complete) is read: the option must appear in the subcommand's branch of the case statement.
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
            fi | sed -E 's/_(describe|files) -[a-z]//g' \
                | grep -oE -- "(^|[^A-Za-z0-9-])--?[A-Za-z][A-Za-z0-9-]*|^  '[a-z]+:" \
                | sed -E "s/^[^-]*(-)/\1/; s/^  '([a-z]+):/\1/"
            ;;
        *) echo "unknown shell $shell"; exit 1 ;;
    esac
}

missing=0
expect() { # expect WHAT OFFERED...
    local what=$1; shift
    # grep reads everything (no -q): under pipefail, printf killed by SIGPIPE when grep -q
    # stops at the first match would make a match look like a miss.
    if ! printf '%s\n' "$@" | grep -xF -- "$what" >/dev/null; then
        echo "$shell: $context does not offer $what"
        missing=$((missing + 1))
    fi
}
refuse() { # refuse WHAT OFFERED...: WHAT must not be offered
    local what=$1; shift
    if printf '%s\n' "$@" | grep -xF -- "$what" >/dev/null; then
        echo "$shell: $context offers $what"
        missing=$((missing + 1))
    fi
}
only() { # only "ALLOWED..." OFFERED...: every option offered is one of ALLOWED
    local allowed=$1; shift
    local o
    for o in "$@"; do
        if [[ $o == -* ]] && ! grep -qxF -- "$o" <<<"$allowed"; then
            echo "$shell: $context offers $o, which --help does not list"
            missing=$((missing + 1))
        fi
    done
}

context='attention-explorer <TAB>'
mapfile -t got < <(offered '' '')
for sub in "${subcommands[@]}"; do expect "$sub" "${got[@]}"; done
context='attention-explorer -<TAB>'
mapfile -t got < <(offered '' -)
overview=$("$program" --help)
overview_options=$(options_of "$(grep -E '^ +attention-explorer -' <<<"$overview" | sed -E 's/^ +attention-explorer//')")
for option in $overview_options; do expect "$option" "${got[@]}"; done
only "$overview_options" "${got[@]}"
for sub in "${subcommands[@]}"; do
    context="attention-explorer $sub -<TAB>"
    mapfile -t got < <(offered "$sub" -)
    help=$("$program" "$sub" --help)
    options=$(options_of "$help")
    [[ -n $options ]] || { echo "$sub --help lists no option"; exit 1; }
    for option in $options; do expect "$option" "${got[@]}"; done
    only "$options" "${got[@]}"
done

# The arguments: built-in lessons and files, in a folder of one file of each kind.
mapfile -t lessons < <("$program" lesson --builtin | cut -f1)
((${#lessons[@]} > 0)) || { echo "lesson --builtin lists no lesson"; exit 1; }
file=$(realpath "$file")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
cd "$folder"
touch a.aelesson.json b.json c.txt
if [[ $shell == zsh ]]; then
    context='the zsh lesson branch'
    mapfile -t got < <(grep -oE '[a-z]+(-[a-z]+)+' "$file")
    for lesson in "${lessons[@]}"; do expect "$lesson" "${got[@]}"; done
    context='the zsh session pattern'
    grep -qF '*.json~*.aelesson.json' "$file" || { echo "zsh: $context offers lesson files"; missing=$((missing + 1)); }
else
    for sub in lesson 'lesson --lang zh'; do
        context="attention-explorer $sub <TAB>"
        mapfile -t got < <(offered "$sub" '')
        for lesson in "${lessons[@]}"; do expect "$lesson" "${got[@]}"; done
        expect a.aelesson.json "${got[@]}"
        refuse b.json "${got[@]}"
        refuse c.txt "${got[@]}"
    done
    for sub in compute explain export; do
        context="attention-explorer $sub <TAB>"
        mapfile -t got < <(offered "$sub" '')
        expect b.json "${got[@]}"
        refuse a.aelesson.json "${got[@]}"
        refuse c.txt "${got[@]}"
    done
fi
if ((missing > 0)); then
    echo "$shell completion ($file): $missing missing"
    exit 1
fi
echo "$shell completion offers every subcommand and option of --help and no other (${#subcommands[@]} subcommands), the built-in lessons and the right files"
