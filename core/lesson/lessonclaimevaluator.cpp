// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonclaimevaluator.h"

#include "lesson/lessonanswer.h"
#include "lesson/lessontraining.h"
#include "scaling/entropyexperiment.h"
#include "session/sessioncompute.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

namespace {

using K = LessonQuantityKind;

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(LessonClaimEvaluator)
};

/// The weight matrix of @p head (or the mean).
const Eigen::MatrixXd &weightsOf(const AttentionResult &result, int head)
{
    return head == LessonView::meanOfHeads ? result.meanWeights
                                           : result.heads[static_cast<size_t>(head)].weights;
}

double attentionQuantity(const LessonQuantity &q, const AttentionResult &r)
{
    switch (q.kind) {
    case K::Weight:
        return weightsOf(r, q.head)(q.query, q.key);
    case K::MaxWeight:
        return lessonMeasure(r, LessonMeasure::MaxWeight, q.head, q.query, 0);
    case K::Argmax: {
        Eigen::Index key = 0;
        weightsOf(r, q.head).row(q.query).maxCoeff(&key);
        return double(key);
    }
    case K::Entropy:
        return lessonMeasure(r, LessonMeasure::Entropy, q.head, q.query, 0);
    case K::MeanEntropy:
        return q.head == LessonView::meanOfHeads
            ? r.meanEntropy.mean()
            : r.heads[static_cast<size_t>(q.head)].entropy.mean();
    case K::Output:
        return lessonMeasure(r, LessonMeasure::Output, q.head, q.query, q.dim);
    case K::Score:
        return r.scoreRow(q.head, q.query)(q.key);
    case K::Divisor:
        return r.scale;
    default:
        break;
    }
    return 0.0;
}

double scalingQuantity(const LessonQuantity &q, const EntropyExperimentResult &r)
{
    const auto at = size_t(std::find(r.dims.begin(), r.dims.end(), q.dk) - r.dims.begin());
    switch (q.kind) {
    case K::ScalingSpread:
        return (q.scaled ? r.scaledScoreStd : r.unscaledScoreStd)[at];
    case K::ScalingEntropy:
        return (q.scaled ? r.scaled : r.unscaled)[at];
    case K::ScalingJacobian:
        return (q.scaled ? r.scaledGradNorm : r.unscaledGradNorm)[at];
    default:
        break;
    }
    return (q.scaled ? r.scaledSaturated : r.unscaledSaturated)[at];
}

double metricOf(const StepMetrics &m, K kind)
{
    switch (kind) {
    case K::TrainingLoss:
        return m.loss;
    case K::TrainingAccuracy:
        return m.accuracy;
    case K::TrainingAlignment:
        return m.alignmentAccuracy;
    case K::TrainingMaxWeight:
        return m.maxWeight;
    case K::TrainingEntropy:
        return m.entropy;
    case K::TrainingGradNormQ:
        return m.gradNormQ;
    default:
        break;
    }
    return m.gradNormK;
}

double reduce(std::vector<double> values, LessonReduce how)
{
    switch (how) {
    case LessonReduce::Mean:
        return std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
    case LessonReduce::Min:
        return *std::min_element(values.begin(), values.end());
    case LessonReduce::Max:
        return *std::max_element(values.begin(), values.end());
    case LessonReduce::Median:
        break;
    }
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

bool compare(double left, LessonComparison c, double bound, double tolerance)
{
    switch (c) {
    case LessonComparison::Less:
        return left < bound;
    case LessonComparison::LessOrEqual:
        return left <= bound;
    case LessonComparison::Greater:
        return left > bound;
    case LessonComparison::GreaterOrEqual:
        return left >= bound;
    case LessonComparison::Equal:
        break;
    }
    return std::abs(left - bound) <= tolerance;
}

} // namespace

LessonClaimEvaluator::LessonClaimEvaluator() = default;
LessonClaimEvaluator::~LessonClaimEvaluator() = default;

const LessonRun &LessonClaimEvaluator::run(const RunConfig &config, bool unscaled)
{
    RunConfig c = config;
    c.scale = ScaleSpec();
    if (unscaled)
        c.scale.mode = ScaleMode::None;
    const QByteArray key = QJsonDocument(lessonTrainingToJson(c)).toJson(QJsonDocument::Compact)
        + (unscaled ? "B" : "A");
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (const auto found = m_runs.find(key); found != m_runs.end())
            return *found->second;
    }
    std::shared_ptr<const LessonRun> trained = LessonRunStore::trained(c, m_cancel.get(), m_onStep);
    if (!trained)
        throw Cancelled {};
    const std::lock_guard<std::mutex> lock(m_mutex);
    return *m_runs.emplace(key, std::move(trained)).first->second;
}

const std::vector<StepMetrics> &LessonClaimEvaluator::history(
    const RunConfig &config, bool unscaled)
{
    static const std::vector<StepMetrics> none;
    try {
        return run(config, unscaled).history;
    } catch (const Cancelled &) {
        return none;
    }
}

std::vector<LessonClaimResult> LessonClaimEvaluator::evaluate(
    const ResolvedLesson &lesson, int index)
{
    const ResolvedLessonStep &step = lesson.steps.at(size_t(index));
    std::map<int, AttentionResult> attention; // by step
    std::optional<EntropyExperimentResult> scaling;
    const auto value = [&](const LessonQuantity &q, QString *problem) -> double {
        if (isTrainingQuantity(q.kind)) {
            const LessonRun &r = run(*step.view.training, q.runB);
            if (q.kind == K::TrainingHeldOutAccuracy)
                return r.heldOutAccuracy;
            if (q.lastStep >= int(r.history.size())) {
                *problem = Msg::tr("run %1 diverged at step %2")
                               .arg(q.runB ? QLatin1Char('B') : QLatin1Char('A'))
                               .arg(r.divergedAt.value_or(int(r.history.size())));
                return 0.0;
            }
            std::vector<double> values;
            for (int s = q.firstStep; s <= q.lastStep; ++s)
                values.push_back(metricOf(r.history[size_t(s)], q.kind));
            return reduce(std::move(values), q.reduce);
        }
        if (isScalingQuantity(q.kind)) {
            if (!scaling)
                scaling = runEntropyExperiment(step.session.scaling);
            return scalingQuantity(q, *scaling);
        }
        const int at = q.step >= 0 ? q.step : index;
        auto found = attention.find(at);
        if (found == attention.end())
            found
                = attention.emplace(at, computeSession(lesson.steps.at(size_t(at)).session)).first;
        return attentionQuantity(q, found->second);
    };
    std::vector<LessonClaimResult> results;
    try {
        for (const LessonClaim &claim : step.claims) {
            LessonClaimResult r;
            r.left = value(claim.left, &r.problem);
            r.right = claim.right ? value(*claim.right, &r.problem) : claim.value;
            r.bound = claim.factor * r.right + claim.offset;
            r.holds = r.problem.isEmpty()
                && compare(r.left, claim.comparison, r.bound, claim.tolerance);
            results.push_back(r);
        }
    } catch (const Cancelled &) {
        return {};
    }
    return results;
}

LessonText LessonClaimEvaluator::fillIn(const LessonText &text, const ResolvedLessonStep &step,
    const std::vector<LessonClaimResult> &results)
{
    const QStringList &keys = step.session.keyValueSequence().tokens;
    return { fillIn(text.en, step.claims, results, keys),
        fillIn(text.zh, step.claims, results, keys) };
}

QString LessonClaimEvaluator::fillIn(const QString &text, const std::vector<LessonClaim> &claims,
    const std::vector<LessonClaimResult> &results, const QStringList &keys)
{
    static const QRegularExpression mark(QStringLiteral("\\{\\{([A-Za-z0-9_]+)(\\.right)?\\}\\}"));
    QString out;
    qsizetype from = 0;
    for (auto it = mark.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(from, m.capturedStart() - from);
        from = m.capturedEnd();
        const auto at = std::find_if(claims.begin(), claims.end(),
            [&](const LessonClaim &c) { return c.id == m.captured(1); });
        const size_t i = size_t(at - claims.begin());
        if (at == claims.end()) {
            out += m.captured(0);
            continue;
        }
        if (i >= results.size()) {
            out += QStringLiteral("…"); // not computed yet
            continue;
        }
        const bool right = !m.captured(2).isEmpty();
        const double v = right ? results[i].right : results[i].left;
        const bool argmax
            = (right ? (at->right ? at->right->kind : at->left.kind) : at->left.kind) == K::Argmax;
        if (argmax && v >= 0 && v < keys.size())
            out += keys.at(qsizetype(v));
        else
            out += QString::number(at->percent ? 100.0 * v : v, 'f', at->digits);
    }
    out += text.mid(from);
    return out;
}

} // namespace ae
