// SPDX-License-Identifier: GPL-3.0-or-later
// Attention Explorer: the window, or a headless subcommand (see commandline.h).

#include "cli/commandline.h"
#include "cli/platformnotices.h"
#include "guiapplication.h"

int main(int argc, char **argv)
{
    // Before any Qt object: the window and every subcommand print only their own messages.
    ae::installPlatformNoticeFilter();
    if (ae::CommandLine::isHeadless(argc, argv))
        return ae::CommandLine::run(argc, argv);
    return ae::runGuiApplication(argc, argv);
}
