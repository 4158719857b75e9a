// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportfuzzio.h
/// The fuzz invariants of the importers (see testsupportfuzz.h): embedding tables from a CSV
/// file or the clipboard, attention weights from a JSON file.

#include "testsupportfuzz.h"

namespace ae::test {

/// The CSV/TSV import (EmbeddingCsvReader::parse): refused with a message, or a table within
/// the limits that, written as Edit > Copy As > CSV writes it, reads back to the same tokens
/// (as that writer labels them), header and numbers.
FuzzVerdict checkEmbeddingCsvInput(const QByteArray &bytes);

/// The paste into the embedding table (EmbeddingTableModel::parseBlock on the text): refused
/// with a message and no numbers, or a block that the table's copy writes back to the same
/// numbers.
FuzzVerdict checkPasteInput(const QByteArray &bytes);

/// The weights import (ImportedAttentionReader::parse): refused with a message and no heads,
/// or heads of one shape within the limits that, written back as a weights file, read again
/// to the same tokens, title and numbers, with no more warnings.
FuzzVerdict checkImportedAttentionInput(const QByteArray &bytes);

} // namespace ae::test
