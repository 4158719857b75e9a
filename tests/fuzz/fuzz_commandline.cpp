// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the command line's option parsing: the input is an argument list, one argument per
// line, the first naming the subcommand (checkCommandLineInput()). The parsers are the ones
// the subcommands use; nothing is written and no window opens.

#include "fuzzcheck.h"
#include "testsupportfuzzcli.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // The parsers' help text names the program, which needs the application object.
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return ae::fuzz::run(ae::test::checkCommandLineInput, data, size);
}
