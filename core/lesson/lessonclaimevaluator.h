// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonclaimevaluator.h
/// Evaluates a lesson step's claims (lessonclaim.h) in the core: the attention of the step's
/// session, its scaling lab and, for training quantities, the step's two training runs (A
/// scaled by √d_k, B unscaled, as the Training window runs them), trained here to the end.

#include "lesson/lesson.h"
#include "lesson/lessonclaim.h"
#include "lesson/lessonrunstore.h"
#include "training/trainingmetrics.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace ae {

/// Evaluates claims, training each distinct run once (LessonRunStore keeps it for later steps,
/// the figures of a handout and the next time). One evaluator may serve several threads.
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
    /// Training stops as soon as @p cancel is set: an evaluation in the background must not
    /// keep a closing program waiting.
    void setCancel(std::shared_ptr<const std::atomic<bool>> cancel)
    {
        m_cancel = std::move(cancel);
    }
    /// @p onStep, when set, is called after every training step (a progress report).
    void setOnStep(std::function<void()> onStep) { m_onStep = std::move(onStep); }

    /// The history of run A of @p config (scaled by √d_k; @p unscaled false) or of run B
    /// (unscaled), every other setting @p config's: the runs the claims are computed from,
    /// trained here on first use. Empty when the evaluation was cancelled.
    const std::vector<StepMetrics> &history(const RunConfig &config, bool unscaled);

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
    const LessonRun &run(const RunConfig &config, bool unscaled);

    /// Thrown out of run() when the evaluation is cancelled.
    struct Cancelled
    {
    };

    std::mutex m_mutex; ///< guards m_runs
    /// The runs this evaluator used, kept while it lives (the store may let them go).
    std::map<QByteArray, std::shared_ptr<const LessonRun>> m_runs;
    std::shared_ptr<const std::atomic<bool>> m_cancel;
    std::function<void()> m_onStep;
};

} // namespace ae
