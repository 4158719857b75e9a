// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonplayer.h
/// Plays a resolved lesson on the document: which step is on, whether its question is open or
/// revealed, and the class's guess. Each step's session enters the document as one undoable
/// edit, so the session stays live and nothing the teacher did is lost.

#include "lesson/lesson.h"

#include <QObject>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace ae {

class Document;
class LessonClaimEvaluator;

/// What the class guessed for the open question; the field of the question's kind is used.
struct LessonGuess
{
    std::optional<int> index; ///< Argmax: a key; Choice: an option
    std::optional<double> value; ///< Weight: 0 .. 1
    std::optional<LessonDirection> direction; ///< Direction
    bool isEmpty() const { return !index && !value && !direction; }
};

/// The player of one lesson. Walks step → question → revealed → next step; hides the weights
/// (Document::setWeightsHidden) from the moment a step with a question is shown until the
/// answer is revealed.
class LessonPlayer : public QObject
{
    Q_OBJECT
public:
    /// Where the player is within the current step.
    enum class Phase {
        Step, ///< the step's caption and state are shown (weights hidden if it asks)
        Question, ///< the question is open, the weights hidden
        Revealed ///< the answer and the weights are shown
    };
    Q_ENUM(Phase)

    explicit LessonPlayer(Document *document, QObject *parent = nullptr);
    ~LessonPlayer() override;

    /// Asked before the lesson first replaces the session the user had (e.g. "save changes?");
    /// returning false leaves the lesson unplayed.
    void setReplaceGuard(std::function<bool()> guard) { m_guard = std::move(guard); }

    /// Loads @p lesson, stopped, at its first step; the document is untouched until start().
    void setLesson(const ResolvedLesson &lesson);
    const ResolvedLesson &lesson() const { return m_lesson; }
    bool hasLesson() const { return !m_lesson.steps.empty(); }
    int stepCount() const { return static_cast<int>(m_lesson.steps.size()); }

    /// True while the lesson is played (between start() and stop()).
    bool isPlaying() const { return m_playing; }
    /// The current step, 0 .. stepCount() - 1.
    int stepIndex() const { return m_step; }
    const ResolvedLessonStep &currentStep() const;
    Phase phase() const { return m_phase; }
    /// True when the current step has a question.
    bool hasQuestion() const;
    /// True while the current step's question is not revealed and depends on the scaling
    /// lab's panel (LessonQuestion::dependsOnScalingPanel): the panel stays hidden.
    bool withholdsScalingPanel() const;
    /// True while the current step's question is not revealed and depends on its training
    /// runs: they start only with the reveal.
    bool withholdsTraining() const;
    /// @p text (a caption or an explanation of the current step) with its claims' computed
    /// values in place of the {{id}} marks. The step's claims are evaluated once, on the first
    /// text that has a mark: at once, or, when they name its training runs (a second or two of
    /// training), in the background, the marks showing "…" until claimsEvaluated().
    LessonText shownText(const LessonText &text);

    /// Plays @p lesson from its first step, after asking the guard: when the guard says no,
    /// or the lesson has no step, nothing changes and the result is false.
    bool play(const ResolvedLesson &lesson);
    /// Starts playing the loaded lesson: the first step when @p fromStart or never played, else
    /// resumes where it left off. False when there is no lesson or the guard said no.
    bool start(bool fromStart = false);
    /// Stops playing (the weights show again); the session stays as it is.
    void stop();

    /// One click on: step → question → revealed → next step (a step without a question goes
    /// to the next step). False at the end of the lesson.
    bool next();
    /// One click back: the reverse of next(). False at the very beginning.
    bool back();
    /// Shows the answer of the open question (and the weights).
    void reveal();
    /// Goes to step @p index (clamped) with its question closed: the step's session replaces
    /// the document's as one undoable edit.
    void goToStep(int index);

    /// The class's guess for the current question; cleared on every step change.
    const LessonGuess &guess() const { return m_guess; }
    void setGuess(const LessonGuess &guess);

signals:
    /// The current step changed (its session is in the document).
    void stepChanged(int step);
    /// The phase changed (question opened, revealed, ...).
    void phaseChanged(Phase phase);
    /// isPlaying() changed.
    void playingChanged(bool playing);
    /// A new lesson was loaded.
    void lessonChanged();
    /// The guess changed.
    void guessChanged();
    /// The claims of a step evaluated in the background are ready: shownText() has them.
    void claimsEvaluated(int step);

private:
    /// Marks the lesson as playing (playingChanged()).
    void beginPlaying();
    void setPhase(Phase phase);
    /// Hides the weights (and, for a question about the roles, the labels) unless the step's
    /// answer may be seen.
    void updateWeightsHidden();

    Document *m_document;
    std::function<bool()> m_guard;
    ResolvedLesson m_lesson;
    int m_step = 0;
    Phase m_phase = Phase::Step;
    bool m_playing = false;
    bool m_played = false; ///< a step has been installed since setLesson()
    LessonGuess m_guess;
    std::map<int, std::vector<LessonClaimResult>> m_claimResults; ///< by step
    std::set<int> m_claimsPending; ///< steps whose claims are evaluated in the background
    int m_lessonSerial = 0; ///< tells a background result of an older lesson apart
    /// Set to stop the claims of the lesson being trained in the background.
    std::shared_ptr<std::atomic<bool>> m_cancelClaims = std::make_shared<std::atomic<bool>>(false);
    /// The lesson's claims evaluator: steps that share a training run share its training.
    std::shared_ptr<LessonClaimEvaluator> m_claimRuns;
};

} // namespace ae
