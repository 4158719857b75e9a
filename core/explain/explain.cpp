// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/explain.h"

#include "session/sessioncompute.h"

#include <QCoreApplication>
#include <cassert>
#include <cmath>

namespace ae {

namespace {

/// The refusal for an index outside 0..count-1.
SessionError outOfRange(const QString &field, int value, int count, const QString &what)
{
    SessionError e;
    e.path = field;
    e.message = count > 0
        ? QCoreApplication::translate("ae::Explain", "%1 is outside 0..%2 (%3 %4)")
              .arg(value)
              .arg(count - 1)
              .arg(count)
              .arg(what)
        : QCoreApplication::translate("ae::Explain", "%1: there are no %2").arg(value).arg(what);
    return e;
}

/// One head's derivation. The dot product, the scores and the weight are read from
/// @p result, so `explain` and `compute` show the very same numbers (bit for bit); only the
/// row's exponentials and their sum, which the forward pass does not keep, are worked out here.
HeadWeightDerivation deriveHead(
    const AttentionResult &result, int head, int query, int key, std::vector<bool> rowVisible)
{
    HeadWeightDerivation d;
    d.head = head;
    const int dK = result.dK;
    const Eigen::Index lk = result.k.rows();
    const HeadResult &h = result.heads[static_cast<size_t>(head)];
    d.q = result.q.row(query).segment(head * dK, dK).transpose();
    d.k = result.k.row(key).segment(head * dK, dK).transpose();
    d.products = d.q.cwiseProduct(d.k);
    // The sums are the forward pass's own dot products (its matrix product may add the terms
    // in another order, with fused multiply-adds), so the scores below are the very values
    // the softmax was given.
    const Eigen::RowVectorXd dots = result.dotProductRow(head, query);
    d.dot = dots(key);
    d.rowVisible = std::move(rowVisible);
    d.rowScores.resize(lk);
    for (Eigen::Index j = 0; j < lk; ++j) {
        d.rowScores(j) = result.scaled(dots(j));
        if (d.rowVisible[static_cast<size_t>(j)])
            d.rowMax = d.rowMax ? std::max(*d.rowMax, d.rowScores(j)) : d.rowScores(j);
    }
    if (d.rowVisible[static_cast<size_t>(key)])
        d.score = d.rowScores(key);

    d.rowExp = Eigen::VectorXd::Zero(lk);
    if (d.rowMax) {
        for (Eigen::Index j = 0; j < lk; ++j) {
            if (!d.rowVisible[static_cast<size_t>(j)])
                continue;
            d.rowExp(j) = std::exp(d.rowScores(j) - *d.rowMax);
            d.rowSum += d.rowExp(j);
        }
    }
    d.weight = h.weights(query, key);
    return d;
}

} // namespace

std::optional<SessionError> checkExplainIndex(const Session &session, ExplainField field, int value)
{
    switch (field) {
    case ExplainField::Head: {
        const int heads = session.attention.config.heads;
        if (value < 0 || value >= heads)
            return outOfRange(QStringLiteral("head"), value, heads,
                QCoreApplication::translate("ae::Explain", "heads"));
        break;
    }
    case ExplainField::Query: {
        const int lq = session.querySequence().length();
        if (value < 0 || value >= lq)
            return outOfRange(QStringLiteral("query"), value, lq,
                QCoreApplication::translate("ae::Explain", "query tokens"));
        break;
    }
    case ExplainField::Key: {
        const int lk = session.keyValueSequence().length();
        if (value < 0 || value >= lk)
            return outOfRange(QStringLiteral("key"), value, lk,
                QCoreApplication::translate("ae::Explain", "key tokens"));
        break;
    }
    }
    return std::nullopt;
}

std::optional<SessionError> checkExplainRequest(
    const Session &session, const ExplainRequest &request)
{
    if (request.head != ExplainRequest::meanOfHeads) {
        if (auto error = checkExplainIndex(session, ExplainField::Head, request.head))
            return error;
    }
    if (auto error = checkExplainIndex(session, ExplainField::Query, request.query))
        return error;
    return checkExplainIndex(session, ExplainField::Key, request.key);
}

WeightExplanation explainWeight(
    const Session &session, const AttentionResult &result, const ExplainRequest &request)
{
    assert(!checkExplainRequest(session, request));
    WeightExplanation e;
    e.head = request.head;
    e.query = request.query;
    e.key = request.key;
    e.queryToken = session.querySequence().tokens.value(request.query);
    e.keyTokens = session.keyValueSequence().tokens;
    e.keyToken = e.keyTokens.value(request.key);
    e.dK = result.dK;
    e.scaleMode = session.attention.config.scale.mode;
    e.scale = result.scale;

    const Eigen::Index lk = result.visible.cols();
    std::vector<bool> rowVisible(static_cast<size_t>(lk));
    bool any = false;
    for (Eigen::Index j = 0; j < lk; ++j) {
        rowVisible[static_cast<size_t>(j)] = result.visible(request.query, j);
        any = any || rowVisible[static_cast<size_t>(j)];
    }
    e.masked = !rowVisible[static_cast<size_t>(request.key)];
    e.fullyMaskedRow = !any;

    const int heads = static_cast<int>(result.heads.size());
    const int first = e.isMean() ? 0 : request.head;
    const int last = e.isMean() ? heads - 1 : request.head;
    for (int h = first; h <= last; ++h)
        e.heads.push_back(deriveHead(result, h, request.query, request.key, rowVisible));
    // The weight is the forward pass's own, never a second computation that could differ in
    // the last bit.
    e.weight = e.isMean() ? result.meanWeights(request.query, request.key) : e.heads.front().weight;
    return e;
}

WeightExplanation explainWeight(const Session &session, const ExplainRequest &request)
{
    return explainWeight(session, computeSession(session), request);
}

} // namespace ae
