// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session.h"

#include "session/sessionjson.h"

namespace ae {

bool operator==(const SequenceData &a, const SequenceData &b)
{
    return a.tokens == b.tokens && sameEntries(a.embeddings, b.embeddings) && a.padding == b.padding
        && a.recipe == b.recipe;
}

bool operator!=(const SequenceData &a, const SequenceData &b)
{
    return !(a == b);
}

bool operator==(const AttentionSettings &a, const AttentionSettings &b)
{
    return a.queryFrom == b.queryFrom && a.keyValueFrom == b.keyValueFrom && a.config == b.config
        && a.projections == b.projections;
}

bool operator!=(const AttentionSettings &a, const AttentionSettings &b)
{
    return !(a == b);
}

bool operator==(const Session &a, const Session &b)
{
    if (a.title != b.title || a.source != b.source || a.target != b.target
        || a.attention != b.attention || a.scaling != b.scaling)
        return false;
    // Edits copy the session, so the original object is usually shared and this is cheap; two
    // sessions read separately compare only what save would write back from it.
    return a.original == b.original
        || unknownSessionFields(a.original) == unknownSessionFields(b.original);
}

bool operator!=(const Session &a, const Session &b)
{
    return !(a == b);
}

} // namespace ae
