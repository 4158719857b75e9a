// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/projections.h"

#include "attention/rng.h"

#include <cmath>

namespace ae {

Eigen::MatrixXd xavierUniform(int rows, int cols, std::uint64_t seed)
{
    Rng rng(seed);
    const double bound = std::sqrt(6.0 / static_cast<double>(rows + cols));
    Eigen::MatrixXd m(rows, cols);
    // Row by row, so that the numbers read in the order a person reads the matrix.
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-bound, bound);
    return m;
}

Projections materializeProjections(const Projections &spec, int dq, int dkv, int dModel)
{
    Projections out = spec;
    if (spec.mode == ProjectionMode::Identity)
        return out;
    if (spec.mode == ProjectionMode::Random) {
        // One independent stream per matrix, so that changing d_model or a width changes
        // each matrix's shape but not which stream it comes from.
        out.mode = ProjectionMode::Explicit;
        out.wq = xavierUniform(dq, dModel, Rng::mix(spec.seed * 4 + 0));
        out.wk = xavierUniform(dkv, dModel, Rng::mix(spec.seed * 4 + 1));
        out.wv = xavierUniform(dkv, dModel, Rng::mix(spec.seed * 4 + 2));
        out.wo = xavierUniform(dModel, dModel, Rng::mix(spec.seed * 4 + 3));
        out.bq = out.bk = out.bv = out.bo = Eigen::RowVectorXd();
    }
    for (Eigen::RowVectorXd *b : { &out.bq, &out.bk, &out.bv, &out.bo }) {
        if (b->size() == 0)
            *b = Eigen::RowVectorXd::Zero(dModel);
    }
    return out;
}

const Projections &concreteProjections(
    const Projections &spec, int dq, int dkv, int dModel, std::optional<Projections> &made)
{
    const bool allBiases
        = spec.bq.size() > 0 && spec.bk.size() > 0 && spec.bv.size() > 0 && spec.bo.size() > 0;
    if (spec.mode == ProjectionMode::Identity
        || (spec.mode == ProjectionMode::Explicit && allBiases))
        return spec;
    return made.emplace(materializeProjections(spec, dq, dkv, dModel));
}

} // namespace ae
