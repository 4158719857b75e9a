// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoneditor.h
/// The lesson editor: records the window's session and view as lesson steps, edits their
/// captions, notes and questions, reorders them and saves the lesson file.

#include "lesson/lesson.h"

#include <QDockWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;

namespace ae {

class LessonDocument;
class MainWindow;

/// A dock (View ▸ Lesson Editor, floating at first) over a LessonDocument of its own: a step list
/// with Record Step, move, duplicate and delete; the title, captions (English and Chinese side by
/// side, Markdown) and presenter notes of the chosen step; its question; New, Open, Save and Save
/// As; Undo and Redo of the lesson edits (Ctrl+Z inside the dock undoes the lesson, elsewhere the
/// session).
class LessonEditor : public QDockWidget
{
    Q_OBJECT
public:
    /// An editor recording from @p window; autosaves into @p autosaveDirectory (empty: the
    /// application's data folder) and offers, once the event loop runs, to recover a lesson
    /// left unsaved by a crash.
    explicit LessonEditor(MainWindow *window, const QString &autosaveDirectory = QString());
    /// Disconnects and deletes the lesson's document first: its undo stack signals while it
    /// is destroyed, and by then the editor's slots must no longer be called.
    ~LessonEditor() override;

    LessonDocument *document() const { return m_document; }
    /// The edited lesson with its answers computed, as the player takes it.
    ResolvedLesson lesson() const;
    /// The chosen step, -1 when there is none.
    int currentStep() const;
    void setCurrentStep(int index);

    /// Captures the window's session and view as a new step after the chosen one and chooses
    /// it. Refused, with a note in the editor, while the session is invalid.
    bool recordStep();
    /// Sets the chosen step's question from the question fields; a refusal is shown under
    /// them, naming the field.
    bool applyQuestion();
    /// Saves to the lesson's file, asking for one when it has none.
    bool save();
    bool saveAs();
    /// Opens @p fileName for editing after the usual question about unsaved changes.
    bool openFile(const QString &fileName);

    /// @name Inspection (tests)
    /// @{
    QListWidget *stepList() const { return m_steps; }
    QPlainTextEdit *captionEdit(bool chinese) const { return chinese ? m_captionZh : m_captionEn; }
    QPlainTextEdit *notesEdit(bool chinese) const { return chinese ? m_notesZh : m_notesEn; }
    QLineEdit *titleEdit(bool chinese) const { return chinese ? m_titleZh : m_titleEn; }
    QComboBox *questionKindBox() const { return m_kind; }
    QSpinBox *questionHeadBox() const { return m_head; }
    QSpinBox *questionQueryBox() const { return m_query; }
    QSpinBox *questionKeyBox() const { return m_key; }
    QComboBox *questionMeasureBox() const { return m_measure; }
    QSpinBox *questionDimBox() const { return m_dim; }
    QLineEdit *promptEdit(bool chinese) const { return chinese ? m_promptZh : m_promptEn; }
    QTableWidget *optionTable() const { return m_options; }
    QSpinBox *correctOptionBox() const { return m_correct; }
    QLabel *messageLabel() const { return m_message; }
    QPushButton *playButton() const { return m_play; }
    /// @}

signals:
    /// "Play from This Step" (shown while this signal has a receiver): the lesson as written,
    /// to be played from @p step.
    void playRequested(const ResolvedLesson &lesson, int step);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// The first time it floats, takes a size that fits the screen, at its right edge.
    void showEvent(QShowEvent *event) override;
    /// Shows "Play from This Step" once something plays what it asks for.
    void connectNotify(const QMetaMethod &signal) override;

private:
    /// The file dialogs' filter for lesson files.
    static QString fileFilter();
    void buildUi();
    void rebuildList();
    void refreshStep(int index);
    void showStepFields();
    void showQuestion();
    void updateQuestionFields();
    void updateButtons();
    void updateTitle();
    void note(const QString &text, bool isError);
    /// Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    void offerRecovery();
    /// The step's line in the list: its number and caption's first line.
    QString stepLabel(int index) const;

    MainWindow *m_window;
    LessonDocument *m_document;
    QListWidget *m_steps;
    QLineEdit *m_titleEn;
    QLineEdit *m_titleZh;
    QPlainTextEdit *m_captionEn;
    QPlainTextEdit *m_captionZh;
    QPlainTextEdit *m_notesEn;
    QPlainTextEdit *m_notesZh;
    QComboBox *m_kind;
    QSpinBox *m_head;
    QSpinBox *m_query;
    QSpinBox *m_key;
    QComboBox *m_measure;
    QSpinBox *m_dim;
    QLineEdit *m_promptEn;
    QLineEdit *m_promptZh;
    QTableWidget *m_options;
    QSpinBox *m_correct;
    QPushButton *m_addOption;
    QPushButton *m_removeOption;
    QPushButton *m_applyQuestion;
    QLabel *m_message;
    QPushButton *m_record;
    QPushButton *m_up;
    QPushButton *m_down;
    QPushButton *m_duplicate;
    QPushButton *m_delete;
    QPushButton *m_play;
    QPushButton *m_new;
    QPushButton *m_open;
    QPushButton *m_save;
    QPushButton *m_saveAs;
    QPushButton *m_undo;
    QPushButton *m_redo;
    QScrollArea *m_scroll;
    QLabel *m_fileLabel; ///< the lesson's file name, starred while modified
    bool m_updating = false; ///< fields being filled from the document, not edited
    bool m_placed = false; ///< sized and placed on its first floating show
};

} // namespace ae
