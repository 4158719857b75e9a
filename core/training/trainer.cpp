// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainer.h"

#include <cmath>

namespace ae {

std::uint64_t batchSeed(std::uint64_t seed)
{
    return Rng::mix(seed ^ 0x6261'7463'6865'7300ULL);
}

std::uint64_t heldOutSeed(std::uint64_t seed)
{
    return batchSeed(seed + 1);
}

namespace {

bool finite(const StepMetrics &m)
{
    return std::isfinite(m.loss) && std::isfinite(m.gradNormQ) && std::isfinite(m.gradNormK);
}

} // namespace

Trainer::Trainer(const RunConfig &config)
    : m_config(config)
    , m_task(config.task)
    , m_model(modelSpecFor(config))
    , m_optimizer(config.optimizer, m_model.spec())
    , m_params(TrainingParameters::initial(m_model.spec(), config.seed))
    , m_grads(TrainingParameters::zeros(m_model.spec()))
    , m_batchRng(batchSeed(config.seed))
{
    m_snapshots.push_back({ 0, m_params });
}

void Trainer::setSnapshotEvery(int every)
{
    m_snapshotEvery = every;
}

bool Trainer::finished() const
{
    return m_divergedAt.has_value() || stepsDone() >= m_config.steps;
}

std::optional<StepMetrics> Trainer::step()
{
    if (finished())
        return std::nullopt;
    const TrainingBatch batch = m_task.sample(m_config.batch, m_batchRng);
    StepMetrics metrics = m_model.forwardBackward(m_params, batch, m_grads);
    metrics.step = stepsDone();
    // Every gradient feeds the update, so all of them must be finite, not only w_q's and w_k's.
    bool ok = finite(metrics);
    for (int i = 0; ok && i < TrainingParameters::count; ++i)
        ok = m_grads.flat(i).allFinite();
    if (!ok) {
        m_divergedAt = metrics.step;
        return std::nullopt;
    }
    m_optimizer.apply(m_params, m_grads);
    m_history.push_back(metrics);
    if (m_snapshotEvery > 0 && stepsDone() % m_snapshotEvery == 0)
        m_snapshots.push_back({ stepsDone(), m_params });
    return metrics;
}

const TrainingSnapshot &Trainer::snapshotAt(int step) const
{
    size_t best = 0;
    for (size_t i = 0; i < m_snapshots.size() && m_snapshots[i].step <= step; ++i)
        best = i;
    return m_snapshots[best];
}

TrainingBatch Trainer::heldOutBatch(int count) const
{
    Rng rng(heldOutSeed(m_config.seed));
    return m_task.sample(count, rng);
}

EvaluationMetrics Trainer::evaluate() const
{
    TrainingModel model(m_model.spec());
    const StepMetrics m = model.forward(m_params, heldOutBatch());
    return { m.loss, m.accuracy };
}

} // namespace ae
