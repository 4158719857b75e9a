// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the import of attention weights computed elsewhere (ImportedAttentionReader::parse);
// the invariant is checkImportedAttentionInput()'s.

#include "fuzzcheck.h"
#include "testsupportfuzzio.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return ae::fuzz::run(ae::test::checkImportedAttentionInput, data, size);
}
