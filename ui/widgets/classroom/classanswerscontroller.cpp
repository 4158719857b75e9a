// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classanswerscontroller.h"

#include "classroom/classanswersdialog.h"
#include "classroom/classanswersview.h"
#include "classroom/classroomlessonlink.h"
#include "classroom/classroomserver.h"
#include "classroom/lessonrevealimages.h"
#include "language/retranslator.h"
#include "lesson/lessonplayer.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QStandardPaths>
#include <QWidget>

namespace ae {

ClassAnswersController::ClassAnswersController(
    LessonPlayer *player, QWidget *window, QObject *parent)
    : QObject(parent)
    , m_player(player)
    , m_window(window)
    , m_server(new ClassroomServer(this))
    , m_images(std::make_unique<LessonRevealImages>(
          [player]() -> const ResolvedLesson * { return &player->lesson(); }))
    , m_link(new ClassroomLessonLink(player, m_server, this))
    , m_action(new QAction(this))
{
    m_server->setRevealImages(m_images.get());
    m_action->setObjectName(QStringLiteral("classAnswersAction"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &ClassAnswersController::showDialog);
    connect(m_player, &LessonPlayer::playingChanged, m_action, &QAction::setEnabled);
    // Another lesson, another record file; the dialog of a room that closed is put away.
    connect(m_player, &LessonPlayer::lessonChanged, this, [this] {
        if (m_dialog)
            m_dialog->setDefaultRecordFile(defaultRecordFile());
    });
    connect(m_player, &LessonPlayer::playingChanged, this, [this](bool playing) {
        if (!playing && m_dialog)
            m_dialog->hide();
    });
    m_window->installEventFilter(this);
    Retranslator::bind(m_action, [this] {
        m_action->setText(tr("Class &Answers\u2026"));
        m_action->setStatusTip(tr("Students answer the lesson's questions on their phones, "
                                  "over this room's network."));
    });
}

ClassAnswersController::~ClassAnswersController()
{
    m_server->stop();
    m_server->setRevealImages(nullptr);
}

ClassAnswersView *ClassAnswersController::view()
{
    if (!m_view)
        m_view = new ClassAnswersView(m_link);
    return m_view;
}

ClassAnswersDialog *ClassAnswersController::dialog()
{
    if (!m_dialog) {
        m_dialog = new ClassAnswersDialog(m_link, m_window);
        m_dialog->setDefaultRecordFile(defaultRecordFile());
    }
    return m_dialog;
}

void ClassAnswersController::showDialog()
{
    ClassAnswersDialog *d = dialog();
    d->show();
    d->raise();
    d->activateWindow();
}

void ClassAnswersController::setLessonSource(const QString &lessonFile, const QString &name)
{
    m_lessonFile = lessonFile;
    m_lessonName = name;
}

QString ClassAnswersController::defaultRecordFile() const
{
    QDir folder;
    QString base;
    if (!m_lessonFile.isEmpty()) {
        const QFileInfo lesson(m_lessonFile);
        folder = lesson.dir();
        base = lesson.fileName();
        const qsizetype dot = base.indexOf(QLatin1Char('.'));
        if (dot > 0)
            base.truncate(dot);
    } else {
        // A built-in lesson has no folder of its own: the documents, or the home folder.
        folder.setPath(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
        if (folder.path().isEmpty() || !folder.exists())
            folder.setPath(QDir::homePath());
        base = m_lessonName.isEmpty() ? QStringLiteral("lesson") : m_lessonName;
    }
    base += QStringLiteral("-class-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd-HHmm"));
    // A record is never written over: the first name no file has (bounded).
    QString fileName = folder.filePath(base + QStringLiteral(".csv"));
    for (int i = 2; i < 100 && QFileInfo::exists(fileName); ++i)
        fileName = folder.filePath(base + QStringLiteral("-%1.csv").arg(i));
    return fileName;
}

bool ClassAnswersController::eventFilter(QObject *watched, QEvent *event)
{
    // The window closed (hidden by close(), not minimised): the room closes with it.
    if (watched == m_window && event->type() == QEvent::Hide && !event->spontaneous())
        m_server->stop();
    return QObject::eventFilter(watched, event);
}

} // namespace ae
