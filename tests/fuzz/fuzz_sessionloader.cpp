// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the session loader (sessionFromJson); the invariant is checkSessionInput()'s: refused
// with a message, or saved and loaded again to the same session and the same bytes.

#include "fuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return ae::fuzz::run(ae::test::checkSessionInput, data, size);
}
