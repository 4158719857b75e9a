// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/entropyexperiment.h"

#include "attention/rng.h"
#include "scaling/normalsampler.h"
#include "scaling/scalingaccumulator.h"
#include "session/sessionlimits.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(EntropyExperiment)
};

/// The seed of column @p column of q (@p ofKeys false) or of k in repeat @p repeat.
std::uint64_t columnSeed(std::uint64_t seed, int repeat, bool ofKeys, int column)
{
    const std::uint64_t stream
        = (static_cast<std::uint64_t>(repeat) * 2 + (ofKeys ? 1 : 0)) * 1000003ULL
        + static_cast<std::uint64_t>(column);
    return Rng::mix(seed ^ Rng::mix(stream));
}

} // namespace

double experimentMemoryBytes(const EntropyExperimentConfig &c)
{
    const double largest = c.dims.empty() ? 0.0 : *std::max_element(c.dims.begin(), c.dims.end());
    const double block = std::min(c.queries, experimentBlockQueries);
    const double doubles = c.keys * largest // k
        + block * largest // one block of q
        + block * c.keys // its scores
        + c.keys // one row's weights
        + 2.0 * ScoreHistogram::binCount * 2.0 * c.dims.size(); // histograms, sums and result
    const double generators = largest * sizeof(NormalSampler);
    return 8.0 * doubles + generators + 64.0 * sizeof(double) * c.dims.size();
}

std::optional<SessionError> validateExperiment(const EntropyExperimentConfig &c)
{
    auto fail = [](const QString &path, const QString &message) {
        return SessionError { SessionError::Kind::Invalid, path, message };
    };
    if (c.dims.empty())
        return fail(QStringLiteral("dims"), Msg::tr("the list of dimensions is empty"));
    if (static_cast<int>(c.dims.size()) > limits::maxExperimentDims)
        return fail(QStringLiteral("dims"),
            Msg::tr("%1 dimensions, at most %2 allowed")
                .arg(c.dims.size())
                .arg(limits::maxExperimentDims));
    for (size_t i = 0; i < c.dims.size(); ++i) {
        if (c.dims[i] < 1 || c.dims[i] > limits::maxExperimentDim)
            return fail(QStringLiteral("dims[%1]").arg(i),
                Msg::tr("%1 is outside 1..%2").arg(c.dims[i]).arg(limits::maxExperimentDim));
    }
    if (c.queries < 1 || c.queries > limits::maxExperimentQueries)
        return fail(QStringLiteral("queries"),
            Msg::tr("%1 is outside 1..%2").arg(c.queries).arg(limits::maxExperimentQueries));
    if (c.keys < 1 || c.keys > limits::maxExperimentKeys)
        return fail(QStringLiteral("keys"),
            Msg::tr("%1 is outside 1..%2").arg(c.keys).arg(limits::maxExperimentKeys));
    if (c.repeats < 1 || c.repeats > limits::maxExperimentRepeats)
        return fail(QStringLiteral("repeats"),
            Msg::tr("%1 is outside 1..%2").arg(c.repeats).arg(limits::maxExperimentRepeats));
    // Each d_k uses the first d_k columns of one draw, so the largest sets the draws.
    const double largest = *std::max_element(c.dims.begin(), c.dims.end());
    const double draws = largest * (static_cast<double>(c.queries) + c.keys) * c.repeats;
    if (draws > limits::maxExperimentDraws)
        return fail(QString(),
            Msg::tr("the run would draw %1 random numbers, more than the limit of %2; lower "
                    "queries, repeats or the largest dimension")
                .arg(draws, 0, 'g', 3)
                .arg(limits::maxExperimentDraws, 0, 'g', 3));
    const double bytes = experimentMemoryBytes(c);
    if (bytes > limits::maxExperimentBytes)
        return fail(QString(),
            Msg::tr("the run would hold %1 MB at once, more than the limit of %2 MB; lower "
                    "keys or the largest dimension")
                .arg(bytes / 1e6, 0, 'f', 0)
                .arg(limits::maxExperimentBytes / 1e6, 0, 'f', 0));
    return std::nullopt;
}

EntropyExperimentResult runEntropyExperiment(
    const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop)
{
    EntropyExperimentResult cancelled;
    cancelled.cancelled = true;
    const int largest = *std::max_element(config.dims.begin(), config.dims.end());
    const int block = std::min(config.queries, experimentBlockQueries);
    ScalingAccumulator sums(config.dims, config.keys);
    Eigen::MatrixXd k(config.keys, largest);
    Eigen::MatrixXd q(block, largest);
    std::vector<NormalSampler> queryColumns;
    queryColumns.reserve(static_cast<size_t>(largest));
    std::vector<double *> columns(static_cast<size_t>(largest));
    for (int j = 0; j < largest; ++j)
        columns[static_cast<size_t>(j)] = q.col(j).data();
    for (int rep = 0; rep < config.repeats; ++rep) {
        for (int j = 0; j < largest; ++j)
            NormalSampler(columnSeed(config.seed, rep, true, j)).fill(k.col(j).data(), config.keys);
        queryColumns.clear();
        for (int j = 0; j < largest; ++j)
            queryColumns.emplace_back(columnSeed(config.seed, rep, false, j));
        for (int first = 0; first < config.queries; first += block) {
            if (shouldStop && shouldStop())
                return cancelled;
            const int rows = std::min(block, config.queries - first);
            NormalSampler::fillEach(queryColumns.data(), largest, columns.data(), rows);
            if (!sums.addBlock(q.topRows(rows), k, shouldStop))
                return cancelled;
        }
        sums.endRepeat();
    }
    return sums.result();
}

} // namespace ae
