// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sequencerole.h"

namespace ae {

QString roleName(SequenceRole role)
{
    return role == SequenceRole::Source ? QStringLiteral("source") : QStringLiteral("target");
}

QString RoleLabel::text(SequenceRole role, Case letterCase)
{
    // Whole phrases, not a capitalised first letter: a translation may not have letter case.
    if (letterCase == Case::Sentence)
        return role == SequenceRole::Source ? tr("Source X") : tr("Target Y");
    return role == SequenceRole::Source ? tr("source X") : tr("target Y");
}

} // namespace ae
