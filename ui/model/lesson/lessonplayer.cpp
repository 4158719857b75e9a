// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonplayer.h"

#include "document/document.h"
#include "lesson/lessonclaimevaluator.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace ae {

LessonPlayer::LessonPlayer(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_claimRuns(std::make_shared<LessonClaimEvaluator>())
{
}

LessonPlayer::~LessonPlayer()
{
    // Claims still being trained in the background stop: the program must not wait for them.
    m_cancelClaims->store(true);
}

void LessonPlayer::setLesson(const ResolvedLesson &lesson)
{
    stop();
    m_lesson = lesson;
    m_claimResults.clear();
    m_claimsPending.clear();
    ++m_lessonSerial;
    // The old lesson's claims are of no use any more.
    m_cancelClaims->store(true);
    m_cancelClaims = std::make_shared<std::atomic<bool>>(false);
    m_claimRuns = std::make_shared<LessonClaimEvaluator>();
    m_claimRuns->setCancel(m_cancelClaims);
    m_step = 0;
    m_played = false;
    m_guess = LessonGuess();
    setPhase(Phase::Step);
    emit lessonChanged();
}

const ResolvedLessonStep &LessonPlayer::currentStep() const
{
    return m_lesson.steps.at(static_cast<size_t>(m_step));
}

bool LessonPlayer::hasQuestion() const
{
    return hasLesson() && currentStep().question.has_value();
}

bool LessonPlayer::withholdsScalingPanel() const
{
    return hasQuestion() && m_phase != Phase::Revealed
        && currentStep().question->dependsOnScalingPanel;
}

bool LessonPlayer::withholdsTraining() const
{
    return hasQuestion() && m_phase != Phase::Revealed && currentStep().question->dependsOnTraining;
}

LessonText LessonPlayer::shownText(const LessonText &text)
{
    if (!hasLesson() || currentStep().claims.empty()
        || !(text.en.contains(QLatin1String("{{")) || text.zh.contains(QLatin1String("{{"))))
        return text;
    auto found = m_claimResults.find(m_step);
    if (found != m_claimResults.end())
        return LessonClaimEvaluator::fillIn(text, currentStep(), found->second);
    const auto trains = [](const LessonClaim &c) {
        return isTrainingQuantity(c.left.kind) || (c.right && isTrainingQuantity(c.right->kind));
    };
    const std::vector<LessonClaim> &claims = currentStep().claims;
    if (std::none_of(claims.begin(), claims.end(), trains)) {
        found = m_claimResults.emplace(m_step, m_claimRuns->evaluate(m_lesson, m_step)).first;
        return LessonClaimEvaluator::fillIn(text, currentStep(), found->second);
    }
    // Training the runs takes a second or two: the class sees "…" meanwhile, never a freeze.
    if (m_claimsPending.insert(m_step).second) {
        auto *watcher = new QFutureWatcher<std::vector<LessonClaimResult>>(this);
        const int step = m_step;
        const int serial = m_lessonSerial;
        connect(watcher, &QFutureWatcher<std::vector<LessonClaimResult>>::finished, this,
            [this, watcher, step, serial] {
                watcher->deleteLater();
                if (serial != m_lessonSerial)
                    return;
                m_claimsPending.erase(step);
                m_claimResults[step] = watcher->result();
                emit claimsEvaluated(step);
            });
        watcher->setFuture(QtConcurrent::run([lesson = m_lesson, step, runs = m_claimRuns] {
            return runs->evaluate(lesson, step);
        }));
    }
    return LessonClaimEvaluator::fillIn(text, currentStep(), {});
}

bool LessonPlayer::play(const ResolvedLesson &lesson)
{
    if (lesson.steps.empty())
        return false;
    // The first step replaces the session the user has: ask before unsaved work goes.
    if (m_guard && !m_guard())
        return false;
    setLesson(lesson);
    beginPlaying();
    goToStep(0);
    return true;
}

bool LessonPlayer::start(bool fromStart)
{
    if (!hasLesson())
        return false;
    if (!m_played && m_guard && !m_guard())
        return false;
    beginPlaying();
    if (fromStart || !m_played)
        goToStep(0);
    else
        updateWeightsHidden();
    return true;
}

void LessonPlayer::beginPlaying()
{
    if (m_playing)
        return;
    m_playing = true;
    emit playingChanged(true);
}

void LessonPlayer::stop()
{
    if (!m_playing)
        return;
    m_playing = false;
    m_document->setWeightsHidden(false);
    m_document->setLabelsHidden(false);
    emit playingChanged(false);
}

bool LessonPlayer::next()
{
    if (!hasLesson())
        return false;
    if (hasQuestion() && m_phase == Phase::Step) {
        setPhase(Phase::Question);
        return true;
    }
    if (hasQuestion() && m_phase == Phase::Question) {
        reveal();
        return true;
    }
    if (m_step + 1 >= stepCount())
        return false;
    goToStep(m_step + 1);
    return true;
}

bool LessonPlayer::back()
{
    if (!hasLesson())
        return false;
    if (m_phase == Phase::Revealed) {
        setPhase(Phase::Question);
        return true;
    }
    if (m_phase == Phase::Question) {
        setPhase(Phase::Step);
        return true;
    }
    if (m_step == 0)
        return false;
    goToStep(m_step - 1);
    // Back from a step lands where next() left the previous one: its answer shown.
    if (hasQuestion())
        setPhase(Phase::Revealed);
    return true;
}

void LessonPlayer::reveal()
{
    if (hasQuestion())
        setPhase(Phase::Revealed);
}

void LessonPlayer::goToStep(int index)
{
    if (!hasLesson())
        return;
    m_step = std::clamp(index, 0, stepCount() - 1);
    m_played = true;
    m_guess = LessonGuess();
    m_phase = Phase::Step;
    const ResolvedLessonStep &step = currentStep();
    // One undoable edit: whatever the teacher changed before is one Undo away.
    const int number = m_step + 1;
    const int count = stepCount();
    m_document->openAsEdit(
        [number, count] { return tr("Lesson step %1 of %2").arg(number).arg(count); },
        step.session);
    // The step's session is the lesson's, not the user's work: nothing to save until the user
    // changes it (what was there before was asked about when the lesson began, and stays one
    // Undo away, unsaved again).
    m_document->undoStack()->setClean();
    updateWeightsHidden();
    emit stepChanged(m_step);
    emit phaseChanged(m_phase);
    emit guessChanged();
}

void LessonPlayer::setGuess(const LessonGuess &guess)
{
    m_guess = guess;
    emit guessChanged();
}

void LessonPlayer::setPhase(Phase phase)
{
    if (phase == m_phase)
        return;
    m_phase = phase;
    updateWeightsHidden();
    emit phaseChanged(phase);
}

void LessonPlayer::updateWeightsHidden()
{
    const bool open = m_playing && hasQuestion() && m_phase != Phase::Revealed;
    m_document->setWeightsHidden(open);
    m_document->setLabelsHidden(open && currentStep().question->dependsOnLabels);
}

} // namespace ae
