// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchsessions.h"

#include "attention/rng.h"

#include <cmath>

namespace ae::bench {

double forwardFlops(const Shape &s)
{
    const double d = s.dModel;
    return 2.0 * d * d * (2.0 * s.queries + 2.0 * s.keys) + 4.0 * double(s.queries) * s.keys * d;
}

Eigen::MatrixXd normalMatrix(int rows, int cols, std::uint64_t seed)
{
    Rng rng(seed);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = rng.normal();
    return m;
}

Projections randomProjections(int dModel, std::uint64_t seed)
{
    // Scaled like Xavier initialisation so that the scores stay in a teaching-like range.
    const double scale = 1.0 / std::sqrt(double(dModel));
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.wq = normalMatrix(dModel, dModel, seed + 1) * scale;
    p.wk = normalMatrix(dModel, dModel, seed + 2) * scale;
    p.wv = normalMatrix(dModel, dModel, seed + 3) * scale;
    p.wo = normalMatrix(dModel, dModel, seed + 4) * scale;
    p.bq = normalMatrix(1, dModel, seed + 5) * 0.1;
    p.bk = normalMatrix(1, dModel, seed + 6) * 0.1;
    p.bv = normalMatrix(1, dModel, seed + 7) * 0.1;
    p.bo = normalMatrix(1, dModel, seed + 8) * 0.1;
    return p;
}

Session makeSession(const Shape &shape, std::uint64_t seed)
{
    Session s;
    s.title = QStringLiteral("benchmark %1").arg(shapeName(shape));
    for (int i = 0; i < shape.keys; ++i)
        s.source.tokens.append(QStringLiteral("x%1").arg(i));
    for (int i = 0; i < shape.queries; ++i)
        s.target.tokens.append(QStringLiteral("y%1").arg(i));
    s.source.embeddings = normalMatrix(shape.keys, shape.dModel, seed);
    s.target.embeddings = normalMatrix(shape.queries, shape.dModel, seed + 100);
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = shape.dModel;
    s.attention.config.heads = shape.heads;
    s.attention.projections = randomProjections(shape.dModel, seed + 200);
    return s;
}

QString shapeName(const Shape &s)
{
    return QStringLiteral("%1x%2x%3x%4").arg(s.queries).arg(s.keys).arg(s.dModel).arg(s.heads);
}

} // namespace ae::bench
