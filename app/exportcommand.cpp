#include "exportcommand.h"

#include <cstdio>

namespace ae {

int runExportCommand(int, char **)
{
    std::fputs("export: not built yet\n", stderr);
    return 1;
}

} // namespace ae
