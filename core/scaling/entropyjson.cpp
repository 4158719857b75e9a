// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/entropyjson.h"

#include <QJsonArray>

namespace ae {

QJsonObject entropyResultToJson(const EntropyExperimentResult &result)
{
    const auto array = [](const auto &values) {
        QJsonArray a;
        for (const auto v : values)
            a.append(v);
        return a;
    };
    // Aligned with dims: the mean entropies, then the scaling lab's figures of the same draws.
    return QJsonObject {
        { QStringLiteral("dims"), array(result.dims) },
        { QStringLiteral("unscaled"), array(result.unscaled) },
        { QStringLiteral("scaled"), array(result.scaled) },
        { QStringLiteral("unscaled_score_std"), array(result.unscaledScoreStd) },
        { QStringLiteral("scaled_score_std"), array(result.scaledScoreStd) },
        { QStringLiteral("unscaled_grad_norm"), array(result.unscaledGradNorm) },
        { QStringLiteral("scaled_grad_norm"), array(result.scaledGradNorm) },
        { QStringLiteral("unscaled_saturated"), array(result.unscaledSaturated) },
        { QStringLiteral("scaled_saturated"), array(result.scaledSaturated) },
    };
}

} // namespace ae
