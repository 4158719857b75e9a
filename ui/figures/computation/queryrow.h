// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file queryrow.h
/// One query's row, whole: for a chosen head and query, each key's q·k, the scaled score and
/// the softmax weight, beside the value rows they weigh and the output row they sum to; as
/// labelled matrices (the computation view) and as a figure (export).

#include "export/figure.h"
#include "export/figureoptions.h"
#include "export/labelledmatrix.h"
#include "session/session.h"

#include <QCoreApplication>

namespace ae {

/// The pieces of one query's row of one head.
struct QueryRowParts
{
    int head = 0; ///< 0-based
    int query = 0; ///< 0-based
    QString title; ///< e.g. "Head 1, query 2 “cat”: its row, whole"
    /// Lk x 3, one row per key: q·k, q·k / s and the weight softmax(q·k / s) (a masked key
    /// shows its q·k, and −∞ and 0 after it: the last two cells are not visible).
    LabelledMatrix keys;
    LabelledMatrix values; ///< Lk x d_k, V_h: each key's value row
    LabelledMatrix output; ///< 1 x d_k, row query of O_h: the weighted sum of the value rows
};

/// Builds the parts from a result and lays them out as a figure.
class QueryRow
{
    Q_DECLARE_TR_FUNCTIONS(QueryRow)
public:
    /// The row of query @p query (0-based, clamped) of head @p head (0-based, clamped) of
    /// @p result, labelled with the tokens of @p session (the session the result came from).
    static QueryRowParts parts(
        const Session &session, const AttentionResult &result, int head, int query);
    /// The three tables side by side, "×" and "=" between them, under the title (options.title,
    /// else parts.title), numbers to @p decimals.
    static Figure figure(const QueryRowParts &parts, int decimals, const FigureOptions &options);
};

} // namespace ae
