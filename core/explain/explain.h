// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explain.h
/// One attention weight made by hand: every number between the head's query and key rows and
/// the softmax weight, as a teacher writes it on the board and `explain` prints it.

#include "attention/attentionconfig.h"
#include "attention/attentionresult.h"
#include "session/session.h"
#include "session/sessionerror.h"

#include <Eigen/Core>
#include <QString>
#include <optional>
#include <vector>

namespace ae {

/// Which weight to explain. Indices count from 0.
struct ExplainRequest
{
    /// The value of #head that asks for the head-averaged (mean) weight.
    static constexpr int meanOfHeads = -1;

    int head = 0; ///< 0 .. heads-1, or meanOfHeads
    int query = 0; ///< 0 .. Lq-1
    int key = 0; ///< 0 .. Lk-1
};

/// The derivation of weights[query][key] of one head. Vectors have the documented lengths;
/// masked entries are marked in #rowVisible, never as silent zeros.
struct HeadWeightDerivation
{
    int head = 0; ///< the head's index
    Eigen::VectorXd q; ///< d_k, the head's columns of the query's row of Q
    Eigen::VectorXd k; ///< d_k, the head's columns of the key's row of K
    Eigen::VectorXd products; ///< d_k, q_m * k_m
    double dot = 0.0; ///< the sum of #products: the forward pass's dot product, to the last bit
    std::optional<double> score; ///< dot / scale; empty when the mask hides the key
    std::vector<bool> rowVisible; ///< Lk, true where the query may see the key
    Eigen::VectorXd rowScores; ///< Lk, every key's score, the forward pass's dot product / scale
                               ///< (entries under the mask are kept but not used)
    std::optional<double> rowMax; ///< the largest visible score; empty for a fully masked row
    Eigen::VectorXd rowExp; ///< Lk, exp(score - rowMax) where visible, 0 under the mask
    double rowSum = 0.0; ///< the sum of #rowExp (0 for a fully masked row)
    double weight = 0.0; ///< the result's weight (rowExp[key] / rowSum to rounding); 0 when masked
};

/// Everything the explanation of one weight shows.
struct WeightExplanation
{
    int head = 0; ///< as requested (ExplainRequest::meanOfHeads for the mean)
    int query = 0;
    int key = 0;
    QString queryToken;
    QString keyToken;
    QStringList keyTokens; ///< Lk, every key's token (the softmax row's labels)
    int dK = 0; ///< head width
    ScaleMode scaleMode = ScaleMode::SqrtDk; ///< how #scale came about
    double scale = 1.0; ///< the divisor s
    bool masked = false; ///< the mask hides this key from this query
    bool fullyMaskedRow = false; ///< the query sees no key at all
    /// One derivation for a single head; one per head, in order, for the mean.
    std::vector<HeadWeightDerivation> heads;
    double weight = 0.0; ///< the head's weight, or the average of the heads' weights

    bool isMean() const { return head == ExplainRequest::meanOfHeads; }
};

/// The three indices of a request.
enum class ExplainField { Head, Query, Key };

/// Checks one index against @p session: a head in 0 .. heads-1, a query in 0 .. Lq-1, a key in
/// 0 .. Lk-1 (a negative number is out of range here, also for the head).
/// @return the refusal, with path "head", "query" or "key" and the allowed range, or nothing.
std::optional<SessionError> checkExplainIndex(
    const Session &session, ExplainField field, int value);

/// Checks that @p request names a head (or the mean), a query and a key of @p session.
/// @return the refusal, with path "head", "query" or "key" and the allowed range, or nothing.
std::optional<SessionError> checkExplainRequest(
    const Session &session, const ExplainRequest &request);

/// Derives one weight from @p session and its computed @p result (computeSession()).
/// The weight, dot products and scores are @p result's own, so they equal `compute`'s bit for
/// bit; the row's exponentials and sum are worked out here for the derivation.
/// @pre checkExplainRequest(session, request) found nothing.
WeightExplanation explainWeight(
    const Session &session, const AttentionResult &result, const ExplainRequest &request);

/// The same, computing the session first.
WeightExplanation explainWeight(const Session &session, const ExplainRequest &request);

} // namespace ae
