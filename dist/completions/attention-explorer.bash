# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for attention-explorer: subcommands, their options, the values of the options
# that take a word from a list, and file names (session files for the session argument, the
# built-in lessons and lesson files for lesson's).
# tests/dist/check-completions.sh checks it offers every option the program's --help lists and
# nothing else, the built-in lessons `lesson --builtin` lists, and the right files.

# The built-in lessons (`attention-explorer lesson --builtin`; the check keeps them in step).
_attention_explorer_lessons='cross-attention multi-head-by-hand qkv-wirings three-attentions why-sqrt-dk'

# Session files (*.json but not lesson files) and folders that start with $1.
_attention_explorer_sessions()
{
    compgen -f -X '!*.json' -- "$1" | grep -v '\.aelesson\.json$'
    compgen -d -- "$1"
}

_attention_explorer_options()
{
    case $1 in
        '') echo '--help --version' ;;
        compute) echo '--include --strict -h --help' ;;
        entropy) echo '--dims --queries --keys --repeats --seed -h --help' ;;
        explain) echo '--head --query --key --format --decimals --strict -h --help' ;;
        export)
            echo '-o --output --view --width --height --dpi --no-values --no-colorbar' \
                '--stretch --title --colormap --threshold --strict -h --help'
            ;;
        worksheet)
            echo '-o --output --students --seed --lang --format --tokens --d-model --heads' \
                '--wiring --causal -h --help'
            ;;
        lesson) echo '--builtin --check --handout --lang -h --help' ;;
        serve) echo '--bind --port --record --lang -h --help' ;;
        train)
            echo '--model --task --length --vocab --d-model --heads --layers --d-ff --scale' \
                '--optimizer --lr --batch --steps --seed --log-every -o --output' \
                '--save-session --layer --kind --sentence --replay -h --help'
            ;;
    esac
}

# The words an option's value is chosen from, or nothing for a free value.
_attention_explorer_values()
{
    case $1:$2 in
        export:--view)
            echo 'mean head:0 grid scaling scaling:entropy scaling:spread scaling:gradient' \
                'scaling:saturation scaling:histogram scaling:all lines lines:head:0'
            ;;
        export:--colormap) echo 'blues viridis cividis' ;;
        explain:--head) echo 'mean 0 1' ;;
        explain:--format) echo 'json markdown latex' ;;
        worksheet:--format) echo 'markdown latex pdf' ;;
        worksheet:--lang) echo 'en zh' ;;
        worksheet:--heads) echo '1 2' ;;
        worksheet:--wiring) echo 'cross self reverse decoder' ;;
        compute:--include) echo 'projections qkv projections,qkv' ;;
        lesson:--lang) echo 'en zh' ;;
        serve:--lang) echo 'en zh' ;;
        train:--model) echo 'one-layer transformer' ;;
        train:--task) echo 'copy reverse rotate translate translate-zh-en translate-en-zh' ;;
        train:--kind) echo 'encoder-self decoder-self cross' ;;
        train:--scale) echo 'sqrt_dk none' ;;
        train:--optimizer) echo 'adam sgd' ;;
    esac
}

_attention_explorer()
{
    # The words are split at blanks only (not at ':' as COMP_WORDBREAKS would), so that
    # "scaling:en" completes as one word.
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -r -a words <<<"$line"
    local cur=''
    [[ $line == *[[:blank:]] ]] || { cur=${words[-1]}; unset 'words[-1]'; }
    local prev=${words[-1]}
    local sub=''
    local w
    for w in "${words[@]:1}"; do
        case $w in
            compute | entropy | explain | export | worksheet | lesson | serve | train) sub=$w; break ;;
        esac
    done

    local -a candidates=()
    if [[ -z $sub && ${#words[@]} -eq 1 && $cur != -* ]]; then
        mapfile -t candidates < <(compgen -W 'compute entropy explain export worksheet lesson serve train' -- "$cur")
        mapfile -t -O ${#candidates[@]} candidates < <(compgen -f -X '!*.json' -- "$cur")
        mapfile -t -O ${#candidates[@]} candidates < <(compgen -d -- "$cur")
    elif [[ -n $sub && ( $prev == -o || $prev == --output ) ]]; then
        if [[ $sub == worksheet ]]; then
            mapfile -t candidates < <(compgen -d -- "$cur")
        else
            mapfile -t candidates < <(compgen -f -- "$cur")
        fi
    elif [[ -n $sub && $prev == -* && -n $(_attention_explorer_values "$sub" "$prev") ]]; then
        mapfile -t candidates < <(compgen -W "$(_attention_explorer_values "$sub" "$prev")" -- "$cur")
    elif [[ -n $sub && ( $prev == --replay || $prev == --save-session || $prev == --handout \
        || $prev == --record ) ]]; then
        mapfile -t candidates < <(compgen -f -- "$cur")
    elif [[ -n $sub && $prev == --* && $prev != --no-* && $prev != --help* && $prev != --causal \
        && $prev != --stretch && $prev != --strict && $prev != --builtin && $prev != --check ]]; then
        return 0 # a free value: a number, a title or a list
    elif [[ ( $sub == lesson || $sub == serve ) && $cur != -* ]]; then
        mapfile -t candidates < <(compgen -W "$_attention_explorer_lessons" -- "$cur")
        mapfile -t -O ${#candidates[@]} candidates < <(compgen -f -X '!*.aelesson.json' -- "$cur")
        mapfile -t -O ${#candidates[@]} candidates < <(compgen -d -- "$cur")
    elif [[ $cur == -* || ( -n $sub && $sub != compute && $sub != export && $sub != explain ) ]]; then
        mapfile -t candidates < <(compgen -W "$(_attention_explorer_options "$sub")" -- "$cur")
    else
        mapfile -t candidates < <(_attention_explorer_sessions "$cur")
    fi

    # bash replaces only the part of the word after the last ':' when ':' breaks words.
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local keep=${cur%"${cur##*:}"}
        local i
        for i in "${!candidates[@]}"; do
            candidates[i]=${candidates[i]#"$keep"}
        done
    fi
    COMPREPLY=("${candidates[@]}")
    [[ ${#COMPREPLY[@]} -eq 1 && -d ${COMPREPLY[0]} ]] && compopt -o nospace 2>/dev/null
    return 0
}
complete -o filenames -F _attention_explorer attention-explorer
