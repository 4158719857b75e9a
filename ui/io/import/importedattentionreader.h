// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file importedattentionreader.h
/// Reading and validating a JSON file of attention weights computed elsewhere.

#include "import/importedattention.h"

#include <QByteArray>
#include <QCoreApplication>

namespace ae {

/// Reads imported weights. The file is a JSON object:
/// `{"query_tokens": [...], "key_tokens": [...], "weights": W, "title": "..."}` where W is
/// [heads][Lq][Lk], [Lq][Lk] (one head) or [1][heads][Lq][Lk] (PyTorch's batch of one).
/// The tokens are optional (positions are used instead); so is the title.
class ImportedAttentionReader
{
    Q_DECLARE_TR_FUNCTIONS(ImportedAttentionReader)
public:
    /// Largest file read, in bytes.
    static constexpr qint64 maxFileBytes = 64 * 1024 * 1024;
    /// Most heads.
    static constexpr int maxHeads = 256;
    /// Most numbers in all heads together.
    static constexpr qint64 maxNumbers = 4 * 1024 * 1024;
    /// How far a row's sum may be from 1 before a warning.
    static constexpr double rowSumTolerance = 1e-3;

    static ImportedAttention parse(const QByteArray &json);
    static ImportedAttention read(const QString &fileName);
};

} // namespace ae
