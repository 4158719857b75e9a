# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the manual page attention-explorer(1) from the program's own help texts, so that the
# page says what `--help` says:
#   cmake -DPROGRAM=<built program> -DOUTPUT=<page> -DVERSION=<x.y.z> -DDATE=<YYYY-MM-DD>
#         -DSUMMARY=<one line> -DSESSION_SUFFIX=<.aesession.json>
#         -DLESSON_SUFFIX=<.aelesson.json> -P manpage.cmake
# The overview (`attention-explorer --help`) becomes DESCRIPTION; every subcommand it names
# whose own `--help` answers becomes a section of its own holding that text.
foreach(var PROGRAM OUTPUT VERSION DATE SUMMARY SESSION_SUFFIX LESSON_SUFFIX)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "manpage.cmake: -D${var}=... is missing")
    endif()
endforeach()

# help(<out-var> <arguments...>): the program's standard output, the program's path replaced by
# its installed name (Qt's parser prints argv[0]). A failure stops the build.
function(help out_var)
    execute_process(COMMAND ${PROGRAM} ${ARGN}
        OUTPUT_VARIABLE text ERROR_VARIABLE errors RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "manpage.cmake: `attention-explorer ${ARGN}` failed (${status}): ${errors}")
    endif()
    string(REPLACE "${PROGRAM}" "attention-explorer" text "${text}")
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# roff(<text> <out-var>): @p text as lines kept as they are (.nf), with the characters roff
# would read as requests or escapes made literal.
function(roff text out_var)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    # A line starting with '.' or '\'' would be a request.
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    string(REGEX REPLACE "\n+$" "" text "${text}")
    set(${out_var} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

help(overview --help)

# Subcommands: the words after "attention-explorer " in the overview, and the first word of its
# indented two-column lines, kept when `NAME --help` is a help of its own.
string(REGEX MATCHALL "attention-explorer [a-z][a-z-]*" named "${overview}")
string(REGEX MATCHALL "\n  [a-z][a-z-]*  " listed "${overview}")
set(candidates)
foreach(item IN LISTS named listed)
    string(REGEX REPLACE "^(\nattention-explorer |attention-explorer |\n  )" "" item "${item}")
    string(STRIP "${item}" item)
    list(APPEND candidates "${item}")
endforeach()
list(REMOVE_DUPLICATES candidates)
set(subcommands)
foreach(name IN LISTS candidates)
    execute_process(COMMAND ${PROGRAM} ${name} --help
        OUTPUT_VARIABLE text ERROR_QUIET RESULT_VARIABLE status)
    string(REPLACE "${PROGRAM}" "attention-explorer" text "${text}")
    if(status EQUAL 0 AND text MATCHES "Usage:" AND NOT text STREQUAL overview)
        list(APPEND subcommands ${name})
    endif()
endforeach()
if(NOT subcommands)
    message(FATAL_ERROR "manpage.cmake: the overview names no subcommand with a --help")
endif()

string(REPLACE "-" "\\-" summary "${SUMMARY}")
set(page ".\\\" Written by manpage.cmake from the output of attention-explorer --help.\n")
string(APPEND page ".TH ATTENTION\\-EXPLORER 1 \"${DATE}\" \"attention\\-explorer ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nattention\\-explorer \\- ${summary}\n")
string(APPEND page ".SH SYNOPSIS\n.B attention\\-explorer\n.RI [ SESSION ]\n.br\n")
foreach(name IN LISTS subcommands)
    string(APPEND page ".B attention\\-explorer ${name}\n.RI [ OPTIONS ]\n.br\n")
endforeach()
string(APPEND page ".B attention\\-explorer\n.BR \\-\\-help \" | \" \\-\\-version\n")
roff("${overview}" body)
string(APPEND page ".SH DESCRIPTION\nWithout a subcommand the program opens its window, on the "
    "session file given or on a built\\-in example. The subcommands need no display.\n.PP\n${body}")
foreach(name IN LISTS subcommands)
    help(text ${name} --help)
    roff("${text}" body)
    string(TOUPPER "${name}" title)
    string(APPEND page ".SH ${title}\n${body}")
endforeach()
string(REPLACE "-" "\\-" suffix "${SESSION_SUFFIX}")
string(REPLACE "-" "\\-" lesson_suffix "${LESSON_SUFFIX}")
string(APPEND page ".SH FILES\n.TP\n.I *${suffix}\n"
    "A session file (JSON). The window also opens sessions named plain .json.\n"
    ".TP\n.I *${lesson_suffix}\n"
    "A lesson file (JSON): steps with captions, views and questions. The window plays it; "
    "\\fBlesson\\fR checks it and writes its handout. The built\\-in lessons are named "
    "without a file (\\fBlesson \\-\\-builtin\\fR lists them).\n")
# Each example: what it does, then the command (check-manpage.sh checks that every option of a
# command is one its subcommand's --help lists).
set(examples
    "Print every head's scores, weights and outputs of a session as JSON:"
    "attention-explorer compute talk${SESSION_SUFFIX}"
    "Draw head 1 (counted from 0 on the command line) as SVG:"
    "attention-explorer export talk${SESSION_SUFFIX} --view head:0 -o head1.svg"
    "Derive the weight of query 0 on key 2 by hand, as Markdown:"
    "attention-explorer explain talk${SESSION_SUFFIX} --head 0 --query 0 --key 2 --format markdown"
    "Write a different exercise for each of 30 students, as PDF:"
    "attention-explorer worksheet -o sheets --students 30 --format pdf"
    "Write the Chinese handout of a built-in lesson:"
    "attention-explorer lesson why-sqrt-dk --handout sqrt-dk.pdf --lang zh"
    "Train the reverse task without the division by sqrt(d_k):"
    "attention-explorer train --task reverse --scale none -o unscaled.json"
    "Show every option of export:"
    "attention-explorer help export")
string(APPEND page ".SH EXAMPLES\n")
list(LENGTH examples count)
math(EXPR last "${count} - 1")
foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET examples ${i} what)
    list(GET examples ${j} command)
    string(REPLACE "-" "\\-" command "${command}")
    string(APPEND page ".PP\n${what}\n.PP\n.RS\n.nf\n${command}\n.fi\n.RE\n")
endforeach()
file(WRITE "${OUTPUT}" "${page}")
