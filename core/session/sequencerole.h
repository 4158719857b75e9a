// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sequencerole.h
/// The names of the two sequences: the JSON key and the label people read.

#include "attention/attentionconfig.h"

#include <QCoreApplication>
#include <QString>

namespace ae {

/// The JSON name of a sequence role ("source" or "target"), as session files and error paths
/// spell it.
QString roleName(SequenceRole role);

/// Names a sequence for people, in the user's language.
class RoleLabel
{
    Q_DECLARE_TR_FUNCTIONS(RoleLabel)
public:
    /// Where the label stands: inside a sentence ("source X") or at its start ("Source X").
    enum class Case { Lower, Sentence };

    /// "source X" or "target Y" (capitalised with Case::Sentence).
    static QString text(SequenceRole role, Case letterCase = Case::Lower);
};

} // namespace ae
