// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/undobudget.h"

namespace ae {

namespace {

template <typename Derived> std::size_t matrixBytes(const Eigen::PlainObjectBase<Derived> &m)
{
    return static_cast<std::size_t>(m.size()) * sizeof(typename Derived::Scalar);
}

std::size_t stringBytes(const QString &text)
{
    return sizeof(QString) + static_cast<std::size_t>(text.capacity()) * sizeof(QChar);
}

std::size_t sequenceBytes(const SequenceData &seq)
{
    std::size_t bytes = matrixBytes(seq.embeddings) + seq.padding.capacity() / 8;
    for (const QString &token : seq.tokens)
        bytes += stringBytes(token);
    return bytes;
}

} // namespace

std::size_t sessionSnapshotBytes(const Session &session)
{
    const Projections &p = session.attention.projections;
    return sizeof(Session) + stringBytes(session.title) + sequenceBytes(session.source)
        + sequenceBytes(session.target) + matrixBytes(p.wq) + matrixBytes(p.wk) + matrixBytes(p.wv)
        + matrixBytes(p.wo) + matrixBytes(p.bq) + matrixBytes(p.bk) + matrixBytes(p.bv)
        + matrixBytes(p.bo) + session.scaling.dims.capacity() * sizeof(int);
}

} // namespace ae
