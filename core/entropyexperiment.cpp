#include "entropyexperiment.h"

#include "rng.h"
#include "sessionlimits.h"
#include "softmax.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <cmath>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(EntropyExperiment)
};

/// Mean over rows of the entropy of softmax(scores * factor), rows processed in place.
double meanSoftmaxEntropy(const Eigen::Ref<const Eigen::MatrixXd> &scores, double factor)
{
    Eigen::MatrixXd weights;
    softmaxRows(scores * factor, weights);
    return rowEntropy(weights).mean();
}

} // namespace

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
    double draws = 0.0;
    for (int d : c.dims)
        draws += static_cast<double>(d) * (c.queries + c.keys) * c.repeats;
    if (draws > limits::maxExperimentDraws)
        return fail(QString(),
            Msg::tr("the run would draw %1 random numbers, more than the limit of %2; lower "
                    "queries, repeats or the largest dimension")
                .arg(draws, 0, 'g', 3)
                .arg(limits::maxExperimentDraws, 0, 'g', 3));
    return std::nullopt;
}

EntropyExperimentResult runEntropyExperiment(
    const EntropyExperimentConfig &config, const std::function<bool()> &shouldStop)
{
    EntropyExperimentResult result;
    const auto stop = [&] { return shouldStop && shouldStop(); };
    for (size_t di = 0; di < config.dims.size(); ++di) {
        const int dk = config.dims[di];
        // Each (dimension, repeat) pair has its own stream, so adding a dimension to the list
        // does not change the numbers of the others.
        double unscaledSum = 0.0, scaledSum = 0.0;
        Eigen::MatrixXd q(config.queries, dk), k(config.keys, dk), scores;
        for (int rep = 0; rep < config.repeats; ++rep) {
            Rng rng(Rng::mix(config.seed
                ^ Rng::mix(static_cast<std::uint64_t>(dk) * 1000003ULL
                    + static_cast<std::uint64_t>(rep))));
            for (int i = 0; i < config.keys; ++i)
                for (int j = 0; j < dk; ++j)
                    k(i, j) = rng.normal();
            for (int i = 0; i < config.queries; ++i) {
                if (i % 64 == 0 && stop()) {
                    result.cancelled = true;
                    return result;
                }
                for (int j = 0; j < dk; ++j)
                    q(i, j) = rng.normal();
            }
            scores.noalias() = q * k.transpose();
            unscaledSum += meanSoftmaxEntropy(scores, 1.0);
            scaledSum += meanSoftmaxEntropy(scores, 1.0 / std::sqrt(static_cast<double>(dk)));
        }
        result.dims.push_back(dk);
        result.unscaled.push_back(unscaledSum / config.repeats);
        result.scaled.push_back(scaledSum / config.repeats);
    }
    return result;
}

} // namespace ae
