// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonclaimevaluator.h
/// Evaluates a lesson step's claims (lessonclaim.h) in the core: the attention of the step's
/// session, its scaling lab and, for training quantities, the step's two training runs (A
/// scaled by √d_k, B unscaled, as the Training window runs them), trained here to the end.

#include "lesson/lesson.h"
#include "lesson/lessonclaim.h"
#include "training/trainingmetrics.h"

#include <atomic>
#include <map>
#include <memory>
#include <vector>

namespace ae {

/// Evaluates claims, training each distinct run once (the runs are kept for later steps).
class LessonClaimEvaluator
{
public:
    LessonClaimEvaluator();
    ~LessonClaimEvaluator();
    LessonClaimEvaluator(const LessonClaimEvaluator &) = delete;
    LessonClaimEvaluator &operator=(const LessonClaimEvaluator &) = delete;

    /// The results of the claims of step @p index of @p lesson, in their order; none when
    /// the evaluation was cancelled.
    std::vector<LessonClaimResult> evaluate(const ResolvedLesson &lesson, int index);
    /// Training stops as soon as @p cancel (which outlives the evaluator) is set: an
    /// evaluation in the background must not keep a closing program waiting.
    void setCancel(const std::atomic<bool> *cancel) { m_cancel = cancel; }

    /// @p text with each {{id}} replaced by the left value of the claim @p id of @p claims
    /// and each {{id.right}} by its right value, with the claim's digits (an argmax: the key's
    /// token among @p keys); @p results are the claims' results ("…" for a claim without one
    /// yet, when they are still being computed).
    static QString fillIn(const QString &text, const std::vector<LessonClaim> &claims,
        const std::vector<LessonClaimResult> &results, const QStringList &keys);

    /// @p text of @p step filled in as fillIn() does, in both languages.
    static LessonText fillIn(const LessonText &text, const ResolvedLessonStep &step,
        const std::vector<LessonClaimResult> &results);

private:
    /// The history and held-out accuracy of one run.
    struct Run
    {
        std::vector<StepMetrics> history;
        double heldOutAccuracy = 0.0;
        std::optional<int> divergedAt;
    };
    const Run &run(const RunConfig &config, bool unscaled);

    /// Thrown out of run() when the evaluation is cancelled.
    struct Cancelled
    {
    };

    std::map<QByteArray, std::unique_ptr<Run>> m_runs;
    const std::atomic<bool> *m_cancel = nullptr;
};

} // namespace ae
