// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/explainjson.h"

#include <QJsonArray>

namespace ae {

namespace {

QJsonArray vectorToJson(const Eigen::VectorXd &v, const std::vector<bool> *visible = nullptr)
{
    QJsonArray a;
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        if (visible && !(*visible)[static_cast<size_t>(i)])
            a.append(QJsonValue(QJsonValue::Null));
        else
            a.append(v(i));
    }
    return a;
}

QJsonValue optionalToJson(const std::optional<double> &x)
{
    return x ? QJsonValue(*x) : QJsonValue(QJsonValue::Null);
}

/// The fields one head contributes.
void insertHead(QJsonObject &o, const HeadWeightDerivation &d)
{
    o.insert(QStringLiteral("q"), vectorToJson(d.q));
    o.insert(QStringLiteral("k"), vectorToJson(d.k));
    o.insert(QStringLiteral("products"), vectorToJson(d.products));
    o.insert(QStringLiteral("dot"), d.dot);
    o.insert(QStringLiteral("score"), optionalToJson(d.score));
    o.insert(QStringLiteral("row_scores"), vectorToJson(d.rowScores, &d.rowVisible));
    o.insert(QStringLiteral("row_max"), optionalToJson(d.rowMax));
    o.insert(QStringLiteral("row_exp"), vectorToJson(d.rowExp));
    o.insert(QStringLiteral("row_sum"), d.rowSum);
    o.insert(QStringLiteral("weight"), d.weight);
}

} // namespace

QJsonObject explanationToJson(const WeightExplanation &e)
{
    QJsonObject o;
    o.insert(QStringLiteral("query"), e.query);
    o.insert(QStringLiteral("key"), e.key);
    o.insert(QStringLiteral("query_token"), e.queryToken);
    o.insert(QStringLiteral("key_token"), e.keyToken);
    o.insert(QStringLiteral("d_k"), e.dK);
    o.insert(QStringLiteral("scale"), e.scale);
    o.insert(QStringLiteral("masked"), e.masked);
    o.insert(QStringLiteral("fully_masked_row"), e.fullyMaskedRow);
    if (e.isMean()) {
        o.insert(QStringLiteral("head"), QStringLiteral("mean"));
        QJsonArray heads;
        for (const HeadWeightDerivation &d : e.heads) {
            QJsonObject h;
            h.insert(QStringLiteral("head"), d.head);
            insertHead(h, d);
            heads.append(h);
        }
        o.insert(QStringLiteral("heads"), heads);
    } else {
        o.insert(QStringLiteral("head"), e.head);
        insertHead(o, e.heads.front());
    }
    o.insert(QStringLiteral("weight"), e.weight);
    return o;
}

} // namespace ae
