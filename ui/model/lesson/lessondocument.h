// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessondocument.h
/// A lesson being written: its steps, its file, its own undo stack and its autosave.

#include "document/autosavemanager.h"
#include "lesson/lessonstate.h"
#include "session/sessionerror.h"

#include <QObject>
#include <QUndoStack>
#include <optional>

namespace ae {

/// The lesson the editor writes. Every edit is one LessonEditCommand on the document's own
/// undo stack (separate from the session's); consecutive typing in one text of one step is one
/// undo step. Saving writes every step's whole session inline (lessonwriter.h) and refuses,
/// with the JSON path of the fault, a lesson the loader would refuse.
class LessonDocument : public QObject
{
    Q_OBJECT
public:
    /// Which text of a step (or the lesson's title) an edit sets.
    enum class TextField { Title, Caption, Notes };

    /// A document with an empty, untitled lesson autosaved into @p autosaveDirectory (empty:
    /// the application's data folder).
    explicit LessonDocument(
        const QString &autosaveDirectory = QString(), QObject *parent = nullptr);

    const LessonText &title() const { return m_state.title; }
    int stepCount() const { return static_cast<int>(m_state.steps.size()); }
    /// @pre 0 <= index < stepCount()
    const ResolvedLessonStep &step(int index) const;
    /// The lesson as the player takes it: every step with its question's answer computed from
    /// its session (and the previous step's); a question the loader would refuse has none.
    ResolvedLesson resolvedLesson() const;

    QString fileName() const { return m_fileName; }
    bool isModified() const { return !m_undoStack.isClean(); }
    QUndoStack *undoStack() { return &m_undoStack; }
    AutosaveManager *autosave() { return m_autosave; }

    /// @name Edits, each one undo step
    /// @{
    /// Sets one language of a text; @p index is ignored for the title.
    void setText(TextField field, int index, bool chinese, const QString &text);
    /// Inserts a step with @p session and @p view after step @p after (-1: first). A view's
    /// temperature sets the session's scale (applyLessonTemperature()), as loading does.
    void recordStep(int after, Session session, const LessonView &view);
    /// Sets or removes (nullopt) the question of step @p index. A question the loader would
    /// refuse is refused with its error (the JSON path of the field and what is wrong) and
    /// changes nothing.
    std::optional<SessionError> setQuestion(
        int index, const std::optional<LessonQuestion> &question);
    /// Moves step @p from to position @p to.
    void moveStep(int from, int to);
    /// Inserts a copy of step @p index after it.
    void duplicateStep(int index);
    void removeStep(int index);
    /// @}

    /// @name Files
    /// @{
    /// Starts an empty, untitled lesson with an empty history.
    void newLesson();
    /// Opens a lesson file (or a built-in lesson's resource path) for editing.
    std::optional<SessionError> open(const QString &fileName);
    /// Writes the lesson to @p fileName; refuses a lesson the loader would refuse.
    std::optional<SessionError> saveAs(const QString &fileName);
    /// Reads the newest autosave left by a crashed instance; it stays unsaved work.
    std::optional<SessionError> recover(const AutosaveManager::Recovery &recovery);
    /// @}

signals:
    /// Steps were added, removed, reordered or replaced (a new lesson, an undo of any of these).
    void stepsChanged();
    /// One step's fields changed (@p index), or the title (@p index -1).
    void stepChanged(int index);
    /// After an edit, its undo or its redo (once the signals above have told the change): the
    /// step the edit concerns in the lesson as it now is (the step edited, recorded, moved or
    /// copied; after a removal the step in its place, or the last), so that the editor can show
    /// it; -1 for the title, or when no step is left.
    void editedStep(int index);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);

private:
    friend class LessonEditCommand;
    /// Makes @p state the document's (a command's undo or redo) and names @p step as the one
    /// the edit concerns.
    void install(const LessonState &state, int step);
    /// Pushes the edit from the present state to @p after; @p stepBefore and @p stepAfter are
    /// the steps it concerns in each (-1: the title).
    void push(const QString &text, LessonState after, int stepBefore, int stepAfter,
        const QString &mergeKey = QString());
    /// Replaces the whole lesson and clears the history.
    void reset(const ResolvedLesson &lesson, const QString &fileName, bool modified);
    void setFileName(const QString &fileName);

    LessonState m_state;
    QString m_fileName;
    QUndoStack m_undoStack;
    AutosaveManager *m_autosave = nullptr;
};

} // namespace ae
