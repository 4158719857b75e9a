// SPDX-License-Identifier: GPL-3.0-or-later
// Attention Explorer: the window, or a headless subcommand (see commandline.h).

#include "commandline.h"
#include "guiapplication.h"

int main(int argc, char **argv)
{
    if (ae::CommandLine::isHeadless(argc, argv))
        return ae::CommandLine::run(argc, argv);
    return ae::runGuiApplication(argc, argv);
}
