// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultjson.h"

#include <QJsonArray>

namespace ae {

namespace {

QJsonArray matrixToJson(const Eigen::MatrixXd &m, const BoolMatrix *visible = nullptr)
{
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (visible && !(*visible)(i, j))
                row.append(QJsonValue(QJsonValue::Null));
            else
                row.append(m(i, j));
        }
        rows.append(row);
    }
    return rows;
}

} // namespace

QJsonObject attentionResultToJson(const Session &session, const AttentionResult &result)
{
    QJsonObject o;
    o.insert(
        QStringLiteral("query_tokens"), QJsonArray::fromStringList(session.querySequence().tokens));
    o.insert(QStringLiteral("key_tokens"),
        QJsonArray::fromStringList(session.keyValueSequence().tokens));
    o.insert(QStringLiteral("d_k"), result.dK);
    QJsonArray heads;
    for (size_t i = 0; i < result.heads.size(); ++i) {
        const HeadResult &h = result.heads[i];
        QJsonObject head;
        head.insert(QStringLiteral("scores"), matrixToJson(result.scores(int(i)), &result.visible));
        head.insert(QStringLiteral("weights"), matrixToJson(h.weights));
        head.insert(QStringLiteral("output"), matrixToJson(h.output));
        heads.append(head);
    }
    o.insert(QStringLiteral("heads"), heads);
    o.insert(QStringLiteral("mean_weights"), matrixToJson(result.meanWeights));
    o.insert(QStringLiteral("output"), matrixToJson(result.output));
    QJsonArray masked;
    for (int row : result.fullyMaskedRows)
        masked.append(row);
    o.insert(QStringLiteral("fully_masked_rows"), masked);
    return o;
}

} // namespace ae
