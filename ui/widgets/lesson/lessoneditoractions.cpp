// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson editor's actions on the lesson as a whole: recording a step, saving, opening and
// recovering it.
#include "lesson/lessoneditor.h"

#include "document/document.h"
#include "document/recentfolders.h"
#include "language/retranslator.h"
#include "lesson/lessondocument.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonlimits.h"
#include "lesson/lessonviewcapture.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QMetaMethod>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace ae {

QString LessonEditor::fileFilter()
{
    return LessonEditor::tr("Lessons (*%1)").arg(QLatin1String(lessonFileSuffix));
}

bool LessonEditor::recordStep()
{
    const Document *session = m_window->document();
    if (session->error()) {
        note(tr("The session is invalid; correct it before recording a step."), true);
        return false;
    }
    const int after = currentStep();
    m_document->recordStep(after, session->session(), LessonViewCapture::capture(*m_window));
    note(tr("Recorded step %1. Write its caption.").arg(after + 2), false);
    return true;
}

void LessonEditor::updateButtons()
{
    const int at = currentStep();
    const int n = m_document->stepCount();
    m_up->setEnabled(at > 0);
    m_down->setEnabled(at >= 0 && at < n - 1);
    m_duplicate->setEnabled(at >= 0 && n < limits::maxLessonSteps);
    m_delete->setEnabled(at >= 0);
    m_record->setEnabled(n < limits::maxLessonSteps);
    m_play->setVisible(isSignalConnected(QMetaMethod::fromSignal(&LessonEditor::playRequested)));
    m_play->setEnabled(n > 0);
    m_undo->setEnabled(m_document->undoStack()->canUndo());
    m_redo->setEnabled(m_document->undoStack()->canRedo());
    m_undo->setToolTip(m_document->undoStack()->undoText());
    m_redo->setToolTip(m_document->undoStack()->redoText());
}

void LessonEditor::updateTitle()
{
    const QString file = m_document->fileName().isEmpty()
        ? tr("untitled")
        : QFileInfo(m_document->fileName()).fileName();
    m_fileLabel->setText(file + (m_document->isModified() ? QStringLiteral(" *") : QString()));
    m_fileLabel->setToolTip(QDir::toNativeSeparators(m_document->fileName()));
}

void LessonEditor::note(const QString &text, bool isError)
{
    m_message->setText(text);
    m_message->setStyleSheet(isError ? QStringLiteral("color: #b00020;") : QString());
}

bool LessonEditor::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    if (const auto problem = m_document->saveAs(m_document->fileName())) {
        note(tr("The lesson is not saved: %1").arg(problem->toString()), true);
        return false;
    }
    note(tr("Saved."), false);
    return true;
}

bool LessonEditor::saveAs()
{
    const QString named = m_document->fileName();
    QString file = QFileDialog::getSaveFileName(this, tr("Save Lesson As"),
        named.isEmpty() ? RecentFolders::folder(RecentFolders::lesson) : named, fileFilter());
    if (file.isEmpty())
        return false;
    RecentFolders::remember(RecentFolders::lesson, file);
    if (!file.endsWith(QLatin1String(lessonFileSuffix)))
        file += QLatin1String(lessonFileSuffix);
    if (const auto problem = m_document->saveAs(file)) {
        note(tr("The lesson is not saved: %1").arg(problem->toString()), true);
        return false;
    }
    note(tr("Saved."), false);
    return true;
}

bool LessonEditor::openFile(const QString &fileName)
{
    if (!maybeSave())
        return false;
    if (const auto problem = m_document->open(fileName)) {
        note(tr("%1 cannot be opened: %2")
                 .arg(QDir::toNativeSeparators(fileName), problem->toString()),
            true);
        return false;
    }
    setCurrentStep(m_document->stepCount() > 0 ? 0 : -1);
    note(QString(), false);
    return true;
}

bool LessonEditor::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved Lesson"),
        tr("The lesson has unsaved changes. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void LessonEditor::offerRecovery()
{
    const QList<AutosaveManager::Recovery> found = m_document->autosave()->recoverable();
    if (found.isEmpty())
        return;
    const AutosaveManager::Recovery newest = found.front();
    const QString what = !newest.originalFile.isEmpty()
        ? QFileInfo(newest.originalFile).fileName()
        : (!newest.title.isEmpty() ? newest.title : tr("untitled"));
    auto *box = new QMessageBox(QMessageBox::Question, tr("Recover Unsaved Lesson"),
        tr("A lesson you were writing, “%1”, autosaved %2, was not saved when Attention "
           "Explorer last closed. Recover it?")
            .arg(what, QLocale().toString(newest.savedAt, QLocale::ShortFormat)),
        QMessageBox::NoButton, m_window); // the editor itself may be hidden
    box->setObjectName(QStringLiteral("lessonRecoveryBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *recover = box->addButton(tr("Recover"), QMessageBox::AcceptRole);
    QPushButton *discard = box->addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box->addButton(tr("Not Now"), QMessageBox::RejectRole);
    box->setDefaultButton(recover);
    connect(box, &QMessageBox::finished, this, [this, box, recover, discard, newest] {
        if (box->clickedButton() == recover) {
            if (const auto problem = m_document->recover(newest)) {
                note(tr("The autosaved lesson could not be read: %1. It is kept in %2.")
                         .arg(problem->toString(), QDir::toNativeSeparators(newest.autosaveFile)),
                    true);
            } else {
                show();
                raise();
                note(tr("Recovered the unsaved lesson. Save it to keep it."), false);
            }
        } else if (box->clickedButton() == discard) {
            AutosaveManager::remove(newest);
        }
    });
    box->open();
}

} // namespace ae
