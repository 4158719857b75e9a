// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingparameters.h"

#include "attention/projections.h"
#include "attention/rng.h"

#include <cmath>

namespace ae {

namespace {

/// The tensor at index @p i of @p p (a matrix or a row vector) as a raw pointer and shape.
template <typename P> auto *storage(P &p, int i, Eigen::Index *rows, Eigen::Index *cols)
{
    auto pick = [&](auto &m) {
        *rows = m.rows();
        *cols = m.cols();
        return m.data();
    };
    switch (i) {
    case 0:
        return pick(p.sourceEmbedding);
    case 1:
        return pick(p.targetEmbedding);
    case 2:
        return pick(p.wq);
    case 3:
        return pick(p.bq);
    case 4:
        return pick(p.wk);
    case 5:
        return pick(p.bk);
    case 6:
        return pick(p.wv);
    case 7:
        return pick(p.bv);
    case 8:
        return pick(p.wo);
    case 9:
        return pick(p.bo);
    case 10:
        return pick(p.wOut);
    default:
        return pick(p.bOut);
    }
}

} // namespace

const std::array<const char *, TrainingParameters::count> &TrainingParameters::names()
{
    static const std::array<const char *, count> n { "source_embedding", "target_embedding", "w_q",
        "b_q", "w_k", "b_k", "w_v", "b_v", "w_o", "b_o", "w_out", "b_out" };
    return n;
}

Eigen::Map<Eigen::VectorXd> TrainingParameters::flat(int i)
{
    Eigen::Index r = 0, c = 0;
    double *d = storage(*this, i, &r, &c);
    return Eigen::Map<Eigen::VectorXd>(d, r * c);
}

Eigen::Map<const Eigen::VectorXd> TrainingParameters::flat(int i) const
{
    Eigen::Index r = 0, c = 0;
    const double *d = storage(*this, i, &r, &c);
    return Eigen::Map<const Eigen::VectorXd>(d, r * c);
}

Eigen::Index TrainingParameters::rows(int i) const
{
    Eigen::Index r = 0, c = 0;
    storage(*this, i, &r, &c);
    return r;
}

Eigen::Index TrainingParameters::cols(int i) const
{
    Eigen::Index r = 0, c = 0;
    storage(*this, i, &r, &c);
    return c;
}

TrainingParameters TrainingParameters::zeros(const TrainingModelSpec &spec)
{
    const int d = spec.dModel;
    const int vt = spec.targetVocabSize();
    TrainingParameters p;
    p.sourceEmbedding.setZero(spec.sourceVocabSize(), d);
    p.targetEmbedding.setZero(vt, d);
    for (Eigen::MatrixXd *w : { &p.wq, &p.wk, &p.wv, &p.wo })
        w->setZero(d, d);
    for (Eigen::RowVectorXd *b : { &p.bq, &p.bk, &p.bv, &p.bo })
        b->setZero(d);
    p.wOut.setZero(d, vt);
    p.bOut.setZero(vt);
    return p;
}

TrainingParameters TrainingParameters::initial(const TrainingModelSpec &spec, std::uint64_t seed)
{
    TrainingParameters p = zeros(spec);
    // One stream per tensor, so that a change of one shape leaves the others' draws alone.
    const std::uint64_t base = Rng::mix(seed ^ 0x7472'6169'6e69'6e67ULL);
    Rng source(Rng::mix(base + 1));
    for (Eigen::Index i = 0; i < p.sourceEmbedding.size(); ++i)
        p.sourceEmbedding.data()[i] = source.normal();
    Rng target(Rng::mix(base + 2));
    for (Eigen::Index i = 0; i < p.targetEmbedding.size(); ++i)
        p.targetEmbedding.data()[i] = target.normal();
    const int d = spec.dModel;
    p.wq = xavierUniform(d, d, Rng::mix(base + 3));
    p.wk = xavierUniform(d, d, Rng::mix(base + 4));
    p.wv = xavierUniform(d, d, Rng::mix(base + 5));
    p.wo = xavierUniform(d, d, Rng::mix(base + 6));
    p.wOut = xavierUniform(d, spec.targetVocabSize(), Rng::mix(base + 7));
    return p;
}

bool TrainingParameters::fits(const TrainingModelSpec &spec) const
{
    const TrainingParameters shape = zeros(spec);
    for (int i = 0; i < count; ++i)
        if (rows(i) != shape.rows(i) || cols(i) != shape.cols(i))
            return false;
    return true;
}

bool TrainingParameters::allFinite() const
{
    for (int i = 0; i < count; ++i)
        if (!flat(i).allFinite())
            return false;
    return true;
}

bool operator==(const TrainingParameters &a, const TrainingParameters &b)
{
    for (int i = 0; i < TrainingParameters::count; ++i)
        if (a.rows(i) != b.rows(i) || a.cols(i) != b.cols(i) || a.flat(i) != b.flat(i))
            return false;
    return true;
}

bool operator!=(const TrainingParameters &a, const TrainingParameters &b)
{
    return !(a == b);
}

} // namespace ae
