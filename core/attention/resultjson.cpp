// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/resultjson.h"

#include "attention/projections.h"

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

QJsonArray rowToJson(const Eigen::RowVectorXd &row, Eigen::Index size)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < size; ++j)
        a.append(row.size() == size ? row(j) : 0.0);
    return a;
}

} // namespace

QJsonObject projectionsToJson(const Session &session)
{
    const int dModel = session.attention.config.dModel;
    const int dq = session.querySequence().width();
    const int dkv = session.keyValueSequence().width();
    MadeProjections made;
    const Projections &p
        = concreteProjections(session.attention.projections, dq, dkv, dModel, made);
    const bool identity = p.mode == ProjectionMode::Identity;
    const auto weight = [identity](const Eigen::MatrixXd &w, int rows, int cols) {
        return matrixToJson(identity ? Eigen::MatrixXd(Eigen::MatrixXd::Identity(rows, cols)) : w);
    };
    QJsonObject o;
    const ProjectionMode mode = session.attention.projections.mode;
    o.insert(QStringLiteral("mode"),
        mode == ProjectionMode::Identity     ? QStringLiteral("identity")
            : mode == ProjectionMode::Random ? QStringLiteral("random")
                                             : QStringLiteral("explicit"));
    o.insert(QStringLiteral("w_q"), weight(p.wq, dq, dModel));
    o.insert(QStringLiteral("w_k"), weight(p.wk, dkv, dModel));
    o.insert(QStringLiteral("w_v"), weight(p.wv, dkv, dModel));
    o.insert(QStringLiteral("w_o"), weight(p.wo, dModel, dModel));
    o.insert(QStringLiteral("b_q"), rowToJson(p.bq, dModel));
    o.insert(QStringLiteral("b_k"), rowToJson(p.bk, dModel));
    o.insert(QStringLiteral("b_v"), rowToJson(p.bv, dModel));
    o.insert(QStringLiteral("b_o"), rowToJson(p.bo, dModel));
    return o;
}

QJsonObject qkvToJson(const AttentionResult &result)
{
    return QJsonObject { { QStringLiteral("q"), matrixToJson(result.q) },
        { QStringLiteral("k"), matrixToJson(result.k) },
        { QStringLiteral("v"), matrixToJson(result.v) } };
}

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
