#include "entropyjson.h"

#include <QJsonArray>

namespace ae {

QJsonObject entropyResultToJson(const EntropyExperimentResult &result)
{
    QJsonArray dims, unscaled, scaled;
    for (size_t i = 0; i < result.dims.size(); ++i) {
        dims.append(result.dims[i]);
        unscaled.append(result.unscaled[i]);
        scaled.append(result.scaled[i]);
    }
    return QJsonObject { { QStringLiteral("dims"), dims }, { QStringLiteral("unscaled"), unscaled },
        { QStringLiteral("scaled"), scaled } };
}

} // namespace ae
