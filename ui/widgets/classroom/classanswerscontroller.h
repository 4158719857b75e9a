// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classanswerscontroller.h
/// Class answers in the window: the server, the menu action, the dialog and the view of the
/// answers in the lesson panel.

#include <QObject>
#include <QPointer>
#include <memory>

class QAction;
class QWidget;

namespace ae {

class ClassAnswersDialog;
class ClassAnswersView;
class ClassroomLessonLink;
class ClassroomServer;
class LessonPlayer;
class LessonRevealImages;

/// Owns the window's class-answers server and keeps it in step with @p player; the server
/// stops when the lesson stops, another lesson is loaded, or @p window closes. A revealed
/// step's heatmap reaches the students' pages (LessonRevealImages of the played lesson).
class ClassAnswersController : public QObject
{
    Q_OBJECT
public:
    ClassAnswersController(LessonPlayer *player, QWidget *window, QObject *parent = nullptr);
    ~ClassAnswersController() override;

    /// Lesson ▸ Class Answers…: enabled only while a lesson is played.
    QAction *action() const { return m_action; }
    /// The answers' view, for the lesson panel's question box (made once).
    ClassAnswersView *view();
    /// The dialog, made on first use.
    ClassAnswersDialog *dialog();
    ClassroomServer *server() const { return m_server; }
    ClassroomLessonLink *link() const { return m_link; }

    /// The lesson played next comes from @p lessonFile (empty: a built-in lesson named
    /// @p name): its class record goes beside it, or in the documents folder.
    void setLessonSource(const QString &lessonFile, const QString &name);
    /// The class record file offered for the lesson played now.
    QString defaultRecordFile() const;

    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showDialog();

    LessonPlayer *m_player;
    QWidget *m_window;
    ClassroomServer *m_server;
    std::unique_ptr<LessonRevealImages> m_images;
    ClassroomLessonLink *m_link;
    QAction *m_action;
    ClassAnswersView *m_view = nullptr;
    QPointer<ClassAnswersDialog> m_dialog;
    QString m_lessonFile;
    QString m_lessonName;
};

} // namespace ae
