// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessioncompute.h"

#include "attention/attention.h"
#include "attention/projections.h"

namespace ae {

AttentionResult computeSession(const Session &session, const ParallelOptions &options)
{
    const SequenceData &q = session.querySequence();
    const SequenceData &kv = session.keyValueSequence();
    const AttentionSettings &a = session.attention;
    MadeProjections made;
    const Projections &projections
        = concreteProjections(a.projections, q.width(), kv.width(), a.config.dModel, made);
    AttentionResult result;
    computeAttention(
        q.embeddings, kv.embeddings, kv.padding, a.config, projections, result, options);
    return result;
}

} // namespace ae
