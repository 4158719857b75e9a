// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file unknownfields.h
/// The fields of a session file that this version does not know: kept on saving (see
/// unknownSessionFields()), but each one reported, since it is most often a typo.

#include <QJsonObject>
#include <QString>
#include <vector>

namespace ae {

/// One field of a session file that this version does not know.
struct UnknownSessionField
{
    QString path; ///< its JSON path, e.g. "attention.causual"
    QString nearest; ///< the known name at that level it most likely means ("causal"), or empty

    /// "attention.causual: unknown field, kept but not used (did you mean "causal"?)", in the
    /// user's language.
    QString toString() const;
};

/// Every field of @p original (the object a session was read from) that this version does not
/// know, at every level, in the order of their paths.
std::vector<UnknownSessionField> listUnknownSessionFields(const QJsonObject &original);

} // namespace ae
