// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerrunjson.h"

#include "training/trainingjson.h"

#include <QJsonArray>

namespace ae {

QJsonObject transformerRunHistoryJson(
    const TransformerTrainer &trainer, const std::optional<TransformerEvaluation> &final)
{
    const RunConfig &c = trainer.config();
    QJsonArray steps, loss, accuracy, maxWeight, entropy, gradNorm;
    const std::vector<TransformerStepMetrics> &h = trainer.history();
    for (size_t i = 0; i < h.size(); ++i) {
        const TransformerStepMetrics &m = h[i];
        if (m.step % c.logEvery != 0 && i + 1 != h.size())
            continue;
        steps.append(m.step);
        loss.append(jsonNumber(m.loss));
        accuracy.append(jsonNumber(m.accuracy));
        maxWeight.append(jsonNumber(m.maxWeight));
        entropy.append(jsonNumber(m.entropy));
        gradNorm.append(jsonNumber(m.gradNorm));
    }
    QJsonObject o {
        { QStringLiteral("format"), QStringLiteral("attention-explorer-training-history") },
        { QStringLiteral("version"), 1 },
        { QStringLiteral("config"), runConfigJson(c, trainer.task()) },
        { QStringLiteral("steps"), steps },
        { QStringLiteral("loss"), loss },
        { QStringLiteral("accuracy"), accuracy },
        { QStringLiteral("max_weight"), maxWeight },
        { QStringLiteral("entropy"), entropy },
        { QStringLiteral("grad_norm"), gradNorm },
        { QStringLiteral("diverged_at_step"),
            trainer.divergedAt() ? QJsonValue(*trainer.divergedAt()) : QJsonValue() },
    };
    if (final) {
        o.insert(QStringLiteral("final_loss"), jsonNumber(final->loss));
        o.insert(QStringLiteral("final_accuracy"), jsonNumber(final->accuracy));
        o.insert(QStringLiteral("exact_match"), jsonNumber(final->exactMatch));
    }
    return o;
}

} // namespace ae
