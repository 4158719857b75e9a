// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes both ways embeddings come in as text, on the same bytes: the CSV/TSV file import
// (checkEmbeddingCsvInput()) and the clipboard paste into the embedding table
// (checkPasteInput()). Each accepted table must read back the same after the program's own
// writer (Copy As CSV, the table's copy).

#include "fuzzcheck.h"
#include "testsupportfuzzio.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    ae::fuzz::run(ae::test::checkEmbeddingCsvInput, data, size);
    return ae::fuzz::run(ae::test::checkPasteInput, data, size);
}
