// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/projections.h"

#include "attention/rng.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <vector>

namespace ae {

namespace {

/// One draw of random projections and what it was drawn for.
struct RandomDraw
{
    std::uint64_t seed = 0;
    int dq = 0;
    int dkv = 0;
    int dModel = 0;
    MadeProjections projections;
};

/// The program's last draws, the most recent first, and the lock that guards them (the
/// window computes on worker threads).
struct RandomDraws
{
    std::mutex mutex;
    std::vector<RandomDraw> recent;
};

RandomDraws &randomDraws()
{
    // Never destroyed: a computation on a pool thread may still finish while the program's
    // statics are torn down.
    static RandomDraws *draws = new RandomDraws;
    return *draws;
}

/// The random projections of @p spec for these shapes: a kept draw, or a new one kept.
MadeProjections sharedRandomDraw(const Projections &spec, int dq, int dkv, int dModel)
{
    const auto same = [&](const RandomDraw &d) {
        return d.seed == spec.seed && d.dq == dq && d.dkv == dkv && d.dModel == dModel;
    };
    RandomDraws &draws = randomDraws();
    {
        const std::lock_guard<std::mutex> lock(draws.mutex);
        const auto found = std::find_if(draws.recent.begin(), draws.recent.end(), same);
        if (found != draws.recent.end()) {
            std::rotate(draws.recent.begin(), found, found + 1);
            return draws.recent.front().projections;
        }
    }
    // Drawn outside the lock: a computation on another thread need not wait for it. Two
    // threads asking at once both draw, the same numbers; the later one is kept.
    auto drawn = std::make_shared<const Projections>(materializeProjections(spec, dq, dkv, dModel));
    const std::lock_guard<std::mutex> lock(draws.mutex);
    draws.recent.erase(
        std::remove_if(draws.recent.begin(), draws.recent.end(), same), draws.recent.end());
    draws.recent.insert(draws.recent.begin(), RandomDraw { spec.seed, dq, dkv, dModel, drawn });
    if (draws.recent.size() > std::size_t(keptRandomDraws))
        draws.recent.pop_back();
    return drawn;
}

} // namespace

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
    const Projections &spec, int dq, int dkv, int dModel, MadeProjections &made)
{
    const bool allBiases
        = spec.bq.size() > 0 && spec.bk.size() > 0 && spec.bv.size() > 0 && spec.bo.size() > 0;
    if (spec.mode == ProjectionMode::Identity
        || (spec.mode == ProjectionMode::Explicit && allBiases))
        return spec;
    made = spec.mode == ProjectionMode::Random
        ? sharedRandomDraw(spec, dq, dkv, dModel)
        : std::make_shared<const Projections>(materializeProjections(spec, dq, dkv, dModel));
    return *made;
}

} // namespace ae
