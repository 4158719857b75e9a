# SPDX-License-Identifier: GPL-3.0-or-later
# fish completion for attention-explorer: subcommands, their options, the values of the options
# that take a word from a list, and file names (session files for the session argument, the
# built-in lessons and lesson files for lesson's).
# tests/dist/check-completions.sh checks it offers every option the program's --help lists and
# nothing else, the built-in lessons `lesson --builtin` lists, and the right files.

set -l subcommands compute entropy explain export worksheet lesson serve train
complete -c attention-explorer -f

# Folders, and the files that end in $argv[1] but not in $argv[2] (when given), for the word
# being completed (__fish_complete_suffix offers every file, the matching ones first).
function __attention_explorer_files
    for path in (__fish_complete_path (commandline -ct))
        set path (string split -f1 \t -- $path)
        if string match -q -- '*/' $path
            echo $path
        else if string match -q -- "*$argv[1]" $path
            and not begin
                set -q argv[2]; and string match -q -- "*$argv[2]" $path
            end
            echo $path
        end
    end
end

# Without a subcommand: the subcommands, a session file to open, --help and --version.
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a compute -d "Print every head's scores, weights and outputs as JSON"
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a entropy -d 'Print the scaling experiment as JSON'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a explain -d 'Derive one attention weight by hand'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a export -d 'Draw a heatmap, the grid or the scaling plot'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a worksheet -d 'Write a different exercise for every student'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a lesson -d 'List, check or print the handout of a lesson'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a serve -d "Serve a lesson's questions to the students' browsers"
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a train -d 'Train the one-layer model or the transformer, or replay a reference'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -a '(__attention_explorer_files .json)'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -l help -d 'Show the help'
complete -c attention-explorer -n "not __fish_seen_subcommand_from $subcommands" -l version -d 'Show the version'

# The session argument.
complete -c attention-explorer -n '__fish_seen_subcommand_from compute explain export' -a '(__attention_explorer_files .json .aelesson.json)'
complete -c attention-explorer -n "__fish_seen_subcommand_from $subcommands" -s h -l help -d 'Show the help'

complete -c attention-explorer -n '__fish_seen_subcommand_from entropy' -l dims -x -d 'd_k values: a list or a range of powers of two'
complete -c attention-explorer -n '__fish_seen_subcommand_from entropy' -l queries -x -d 'Queries per draw'
complete -c attention-explorer -n '__fish_seen_subcommand_from entropy' -l keys -x -d 'Keys per draw'
complete -c attention-explorer -n '__fish_seen_subcommand_from entropy' -l repeats -x -d 'Independent draws averaged'
complete -c attention-explorer -n '__fish_seen_subcommand_from entropy worksheet train' -l seed -x -d 'Random seed'
complete -c attention-explorer -n '__fish_seen_subcommand_from compute explain export' -l strict -d 'Refuse a session with a field the format does not know'
complete -c attention-explorer -n '__fish_seen_subcommand_from compute' -l include -x -a 'projections qkv projections,qkv' -d 'Also print the projections or Q, K and V'

complete -c attention-explorer -n '__fish_seen_subcommand_from explain' -l head -x -a 'mean 0 1' -d 'Head index from 0, or mean'
complete -c attention-explorer -n '__fish_seen_subcommand_from explain' -l query -x -d 'Query index from 0'
complete -c attention-explorer -n '__fish_seen_subcommand_from explain' -l key -x -d 'Key index from 0'
complete -c attention-explorer -n '__fish_seen_subcommand_from explain' -l format -x -a 'json markdown latex' -d 'Output format'
complete -c attention-explorer -n '__fish_seen_subcommand_from explain' -l decimals -x -d 'Decimals of the numbers'

complete -c attention-explorer -n '__fish_seen_subcommand_from export' -s o -l output -r -F -d 'The file to write: .svg, .png or .pdf'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l view -x -a 'mean head:0 grid scaling scaling:entropy scaling:spread scaling:gradient scaling:saturation scaling:histogram scaling:all lines lines:head:0' -d 'What to draw'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l width -x -d 'Width in pixels'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l height -x -d 'Height in pixels'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l dpi -x -d 'PNG resolution'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l no-values -d 'Do not write the values in the cells'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l no-colorbar -d 'Leave out the colour bar'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l stretch -d 'End the colour scale at the largest weight shown'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l title -x -d "The figure's title"
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l colormap -x -a 'blues viridis cividis' -d 'Colour map'
complete -c attention-explorer -n '__fish_seen_subcommand_from export' -l threshold -x -d 'Lines only: the smallest weight drawn'

complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -s o -l output -x -a '(__fish_complete_directories)' -d 'The folder to write'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l students -x -d 'Number of students'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l lang -x -a 'en zh' -d 'Language'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l format -x -a 'markdown latex pdf' -d 'Output format'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l tokens -x -d 'Tokens per sequence'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l d-model -x -d 'd_model'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l heads -x -a '1 2' -d 'Number of heads'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l wiring -x -a 'cross self reverse decoder' -d 'Where Q and K/V come from'
complete -c attention-explorer -n '__fish_seen_subcommand_from worksheet' -l causal -d 'Apply the causal mask'

# The built-in lessons (`attention-explorer lesson --builtin`; the check keeps them in step).
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -a 'cross-attention multi-head-by-hand qkv-wirings three-attentions why-sqrt-dk' -d 'Built-in lesson'
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -a '(__attention_explorer_files .aelesson.json)'
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -l builtin -d 'List the built-in lessons'
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -l check -d 'Validate the lesson and print it resolved as JSON'
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -l handout -r -F -d 'Write the handout: .md or .pdf'
complete -c attention-explorer -n '__fish_seen_subcommand_from lesson' -l lang -x -a 'en zh' -d "The handout's language"
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -a 'cross-attention multi-head-by-hand qkv-wirings three-attentions why-sqrt-dk' -d 'Built-in lesson'
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -a '(__attention_explorer_files .aelesson.json)'
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -l bind -x -d 'The address to listen on'
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -l port -x -d 'The port, 0 for a free one'
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -l record -r -F -d 'Write the class record (.csv)'
complete -c attention-explorer -n '__fish_seen_subcommand_from serve' -l lang -x -a 'en zh' -d 'The language of the messages'

complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l model -x -a 'one-layer transformer' -d 'The model'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l task -x -a 'copy reverse rotate translate translate-zh-en translate-en-zh' -d 'The task'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l length -x -d 'Sequence length'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l vocab -x -d 'Source tokens'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l d-model -x -d 'Model width'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l heads -x -d 'Heads'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l layers -x -d "The transformer's encoder and decoder layers"
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l d-ff -x -d "The transformer's feed-forward width"
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l scale -x -a 'sqrt_dk none' -d 'What the scores are divided by'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l optimizer -x -a 'adam sgd' -d 'The optimiser'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l lr -x -d 'Learning rate'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l batch -x -d 'Examples per step'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l steps -x -d 'Training steps'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l log-every -x -d 'Steps between logged steps'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -s o -l output -r -F -d 'Write the JSON to this file'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l save-session -r -F -d 'Write a held-out example as a session'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l layer -x -d 'The transformer layer --save-session writes'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l kind -x -a 'encoder-self decoder-self cross' -d 'The attention --save-session writes'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l sentence -x -d 'The source sentence --save-session shows'
complete -c attention-explorer -n '__fish_seen_subcommand_from train' -l replay -r -F -d 'Replay a training reference file'
