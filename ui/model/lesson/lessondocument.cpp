// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessondocument.h"

#include "io/atomicfilewriter.h"
#include "io/boundedfilereader.h"
#include "io/filereaderror.h"
#include "lesson/lessonanswer.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoneditcommand.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonlimits.h"
#include "lesson/lessonwriter.h"
#include "session/sessioncompute.h"

#include <QJsonDocument>
#include <algorithm>
#include <utility>

namespace ae {

namespace {

QString questionPath(int index)
{
    return QStringLiteral("steps[%1].question").arg(index);
}

} // namespace

LessonDocument::LessonDocument(const QString &autosaveDirectory, QObject *parent)
    : QObject(parent)
{
    m_autosave = new AutosaveManager(
        AutosaveManager::Subject { QStringLiteral("lesson"), [this] { return isModified(); },
            [this] { return m_fileName; },
            [this](bool *complete) -> std::optional<QJsonObject> {
                *complete = true;
                return lessonToJson(resolvedLesson());
            },
            [](const QJsonObject &root) {
                const QJsonObject title = root.value(QStringLiteral("title")).toObject();
                return LessonText { title.value(QStringLiteral("en")).toString(),
                    title.value(QStringLiteral("zh")).toString() }
                    .in(false);
            },
            limits::maxLessonFileBytes },
        autosaveDirectory, this);
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) {
        m_autosave->noteModified(!clean);
        emit modifiedChanged(!clean);
    });
    connect(&m_undoStack, &QUndoStack::indexChanged, m_autosave, &AutosaveManager::noteChanged);
}

const ResolvedLessonStep &LessonDocument::step(int index) const
{
    return *m_state.steps.at(static_cast<size_t>(index));
}

ResolvedLesson LessonDocument::resolvedLesson() const
{
    ResolvedLesson lesson;
    lesson.title = m_state.title;
    lesson.steps.reserve(m_state.steps.size());
    for (size_t i = 0; i < m_state.steps.size(); ++i) {
        lesson.steps.push_back(*m_state.steps[i]);
        ResolvedLessonStep &s = lesson.steps.back();
        s.answer = LessonAnswer();
        const Session *previous = i > 0 ? &m_state.steps[i - 1]->session : nullptr;
        if (!s.question
            || lessonQuestionProblem(*s.question, questionPath(int(i)), s.session, previous))
            continue;
        if (s.question->kind == LessonQuestionKind::Choice) {
            s.answer = computeLessonAnswer(*s.question, AttentionResult(), nullptr);
        } else if (s.question->kind == LessonQuestionKind::Direction) {
            const AttentionResult before = computeSession(*previous);
            s.answer = computeLessonAnswer(*s.question, computeSession(s.session), &before);
        } else {
            s.answer = computeLessonAnswer(*s.question, computeSession(s.session), nullptr);
        }
    }
    return lesson;
}

void LessonDocument::install(const LessonState &state, int step)
{
    const LessonState old = std::exchange(m_state, state);
    if (old.title != m_state.title)
        emit stepChanged(-1);
    // Same steps in the same places, some of them edited: say which; anything else reshaped
    // the list.
    bool reshaped = old.steps.size() != m_state.steps.size();
    std::vector<int> edited;
    for (size_t i = 0; !reshaped && i < m_state.steps.size(); ++i) {
        if (old.steps[i] == m_state.steps[i])
            continue;
        const bool moved
            = std::find(old.steps.begin(), old.steps.end(), m_state.steps[i]) != old.steps.end();
        if (moved)
            reshaped = true;
        else
            edited.push_back(int(i));
    }
    if (reshaped) {
        emit stepsChanged();
    } else {
        for (int i : edited)
            emit stepChanged(i);
    }
    emit editedStep(std::min(step, stepCount() - 1));
}

void LessonDocument::push(
    const QString &text, LessonState after, int stepBefore, int stepAfter, const QString &mergeKey)
{
    m_undoStack.push(new LessonEditCommand(
        this, text, m_state, stepBefore, std::move(after), stepAfter, mergeKey));
}

void LessonDocument::setText(TextField field, int index, bool chinese, const QString &text)
{
    LessonState after = m_state;
    LessonText *target = &after.title;
    ResolvedLessonStep edited;
    if (field != TextField::Title) {
        edited = step(index);
        target = field == TextField::Caption ? &edited.caption : &edited.notes;
    }
    QString &language = chinese ? target->zh : target->en;
    if (language == text)
        return;
    language = text;
    QString name;
    switch (field) {
    case TextField::Title:
        name = tr("Edit Lesson Title");
        index = -1;
        break;
    case TextField::Caption:
        name = tr("Edit Caption");
        break;
    case TextField::Notes:
        name = tr("Edit Presenter Notes");
        break;
    }
    if (field != TextField::Title)
        after.steps[size_t(index)] = std::make_shared<const ResolvedLessonStep>(std::move(edited));
    // Typing in one text of one step is one undo step: the key names the text.
    push(name, std::move(after), index, index,
        QStringLiteral("%1/%2/%3").arg(int(field)).arg(index).arg(chinese ? 1 : 0));
}

void LessonDocument::recordStep(int after, Session session, const LessonView &view)
{
    if (view.temperature)
        applyLessonTemperature(session, *view.temperature);
    ResolvedLessonStep recorded;
    recorded.session = std::move(session);
    recorded.view = view;
    LessonState state = m_state;
    const int at = std::clamp(after + 1, 0, stepCount());
    state.steps.insert(
        state.steps.begin() + at, std::make_shared<const ResolvedLessonStep>(std::move(recorded)));
    // Undone, the step it was recorded after is shown again.
    push(tr("Record Step"), std::move(state), std::max(after, 0), at);
}

std::optional<SessionError> LessonDocument::setQuestion(
    int index, const std::optional<LessonQuestion> &question)
{
    const ResolvedLessonStep &current = step(index);
    if (question) {
        const Session *previous = index > 0 ? &step(index - 1).session : nullptr;
        if (auto problem
            = lessonQuestionProblem(*question, questionPath(index), current.session, previous))
            return problem;
    }
    if (current.question == question)
        return std::nullopt;
    ResolvedLessonStep edited = current;
    edited.question = question;
    LessonState state = m_state;
    state.steps[size_t(index)] = std::make_shared<const ResolvedLessonStep>(std::move(edited));
    push(question ? tr("Set Question") : tr("Remove Question"), std::move(state), index, index);
    return std::nullopt;
}

void LessonDocument::moveStep(int from, int to)
{
    if (from == to || from < 0 || to < 0 || from >= stepCount() || to >= stepCount())
        return;
    LessonState state = m_state;
    auto moved = state.steps[size_t(from)];
    state.steps.erase(state.steps.begin() + from);
    state.steps.insert(state.steps.begin() + to, std::move(moved));
    push(tr("Move Step"), std::move(state), from, to);
}

void LessonDocument::duplicateStep(int index)
{
    LessonState state = m_state;
    // A copy of its own, so the two steps are told apart when they are edited or moved.
    state.steps.insert(
        state.steps.begin() + index + 1, std::make_shared<const ResolvedLessonStep>(step(index)));
    push(tr("Duplicate Step"), std::move(state), index, index + 1);
}

void LessonDocument::removeStep(int index)
{
    LessonState state = m_state;
    state.steps.erase(state.steps.begin() + index);
    push(tr("Delete Step"), std::move(state), index, index);
}

void LessonDocument::reset(const ResolvedLesson &lesson, const QString &fileName, bool modified)
{
    LessonState state;
    state.title = lesson.title;
    for (const ResolvedLessonStep &s : lesson.steps)
        state.steps.push_back(std::make_shared<const ResolvedLessonStep>(s));
    m_undoStack.clear();
    m_state = std::move(state);
    emit stepChanged(-1);
    emit stepsChanged();
    if (modified)
        m_undoStack.resetClean();
    else
        m_undoStack.setClean();
    setFileName(fileName);
}

void LessonDocument::setFileName(const QString &fileName)
{
    if (fileName == m_fileName)
        return;
    m_fileName = fileName;
    emit fileNameChanged(m_fileName);
}

void LessonDocument::newLesson()
{
    reset(ResolvedLesson(), QString(), false);
    m_autosave->discard();
}

std::optional<SessionError> LessonDocument::open(const QString &fileName)
{
    const LessonLoadResult loaded = loadLessonFile(fileName, &LessonCatalog::builtinExample);
    if (!loaded.ok())
        return loaded.error;
    // A built-in lesson is a starting point: saving it asks for a file of the user's own.
    const bool builtin = fileName.startsWith(QLatin1Char(':'));
    reset(loaded.lesson, builtin ? QString() : fileName, false);
    m_autosave->discard();
    return std::nullopt;
}

std::optional<SessionError> LessonDocument::saveAs(const QString &fileName)
{
    const QByteArray bytes = lessonToJsonBytes(resolvedLesson());
    // What the loader would refuse is not written: the file must open again.
    const LessonLoadResult check = lessonFromJson(bytes, {});
    if (!check.ok())
        return check.error;
    QString reason;
    if (!AtomicFileWriter::write(fileName, bytes, &reason))
        return SessionError { SessionError::Kind::Io, QString(), reason };
    m_undoStack.setClean();
    setFileName(fileName);
    return std::nullopt;
}

std::optional<SessionError> LessonDocument::recover(const AutosaveManager::Recovery &recovery)
{
    const BoundedFileReader::Outcome read
        = BoundedFileReader::readFile(recovery.autosaveFile, limits::maxLessonFileBytes);
    if (read.problem != BoundedFileReader::Problem::None)
        return fileReadError(read, limits::maxLessonFileBytes);
    // The autosave's bookkeeping is no field of a lesson file.
    QJsonObject root = QJsonDocument::fromJson(read.bytes).object();
    root.remove(AutosaveManager::metadataKey());
    const LessonLoadResult loaded
        = lessonFromJson(QJsonDocument(root).toJson(), {}, LessonStrictness::Draft);
    if (!loaded.ok())
        return loaded.error;
    // Recovered work is unsaved work: it stays modified and is autosaved again at once.
    reset(loaded.lesson, recovery.originalFile, true);
    AutosaveManager::remove(recovery);
    m_autosave->autosaveNow();
    return std::nullopt;
}

} // namespace ae
