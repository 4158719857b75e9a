// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/handcheck.h"

#include "explain/explaintext.h"

#include <cmath>

namespace ae {

double shownValue(double value, int decimals)
{
    // Read back from the text itself, so that the value and the written digits never disagree.
    return formatFixed(value, decimals).toDouble();
}

QString HandResult::text() const
{
    return formatFixed(shown, decimals);
}

QString HandResult::exactText() const
{
    const QString e = formatFixed(exact, decimals);
    return e == text() ? QString() : e;
}

HandResult handResult(double fromShown, double exact, int decimals)
{
    return HandResult { shownValue(fromShown, decimals), exact, decimals };
}

HandResult handSum(const std::vector<double> &terms, double exactSum, int decimals)
{
    double sum = 0.0;
    for (const double t : terms)
        sum += t;
    return handResult(sum, exactSum, decimals);
}

HandWeightSteps handWeightSteps(
    const WeightExplanation &e, const HeadWeightDerivation &d, int decimals)
{
    const int p = decimals;
    HandWeightSteps h;
    std::vector<double> products;
    for (Eigen::Index m = 0; m < d.products.size(); ++m) {
        h.products.push_back(
            handResult(shownValue(d.q(m), p) * shownValue(d.k(m), p), d.products(m), p));
        products.push_back(h.products.back().shown);
    }
    h.dot = handSum(products, d.dot, p);
    h.scale = handResult(e.scale, e.scale, p);
    if (d.score)
        h.score = handResult(h.dot.shown / h.scale.shown, *d.score, p);

    const Eigen::Index lk = d.rowScores.size();
    for (Eigen::Index j = 0; j < lk; ++j) {
        const bool visible = d.rowVisible[static_cast<size_t>(j)];
        if (j == e.key && h.score)
            h.rowScores.push_back(*h.score);
        else
            h.rowScores.push_back(handResult(visible ? d.rowScores(j) : 0.0, d.rowScores(j), p));
        if (visible && (!h.rowMax || h.rowScores.back().shown > h.rowMax->shown))
            h.rowMax = handResult(h.rowScores.back().shown, d.rowMax.value_or(0.0), p);
    }
    std::vector<double> exps;
    for (Eigen::Index j = 0; j < lk; ++j) {
        const bool visible = d.rowVisible[static_cast<size_t>(j)] && h.rowMax;
        h.rowExp.push_back(visible
                ? handResult(
                    std::exp(h.rowScores[size_t(j)].shown - h.rowMax->shown), d.rowExp(j), p)
                : handResult(0.0, 0.0, p));
        if (visible)
            exps.push_back(h.rowExp.back().shown);
    }
    h.rowSum = handSum(exps, d.rowSum, p);
    for (Eigen::Index j = 0; j < lk; ++j) {
        const double exact = d.rowSum > 0 ? d.rowExp(j) / d.rowSum : 0.0;
        h.rowWeights.push_back(h.rowSum.shown > 0
                ? handResult(h.rowExp[size_t(j)].shown / h.rowSum.shown, exact, p)
                : handResult(0.0, exact, p));
    }
    h.weight = d.score && h.rowMax ? handResult(h.rowWeights[size_t(e.key)].shown, d.weight, p)
                                   : handResult(0.0, d.weight, p);
    return h;
}

HandResult handMean(const std::vector<HandWeightSteps> &heads, double exactMean, int decimals)
{
    double sum = 0.0;
    for (const HandWeightSteps &h : heads)
        sum += h.weight.shown;
    return handResult(
        heads.empty() ? 0.0 : sum / static_cast<double>(heads.size()), exactMean, decimals);
}

double handTolerance(const HandResult &hand)
{
    const double unit = std::pow(10.0, -hand.decimals);
    const double drift = std::abs(hand.shown - hand.exact) + unit;
    // The small margin keeps a drift of exactly n units from rounding up to n + 1.
    return std::ceil(drift / unit - 1e-6) * unit;
}

} // namespace ae
