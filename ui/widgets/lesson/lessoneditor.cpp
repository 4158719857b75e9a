// SPDX-License-Identifier: GPL-3.0-or-later
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

namespace {

/// Sets @p edit's text unless it already holds it (keeps the cursor while the user types).
void showText(QPlainTextEdit *edit, const QString &text)
{
    if (edit->toPlainText() != text)
        edit->setPlainText(text);
}

void showText(QLineEdit *edit, const QString &text)
{
    if (edit->text() != text)
        edit->setText(text);
}

} // namespace

LessonEditor::LessonEditor(MainWindow *window, const QString &autosaveDirectory)
    : QDockWidget(window)
    , m_window(window)
    , m_document(new LessonDocument(autosaveDirectory, this))
{
    setObjectName(QStringLiteral("lessonEditorDock"));
    buildUi();
    Retranslator::bind(this, [this] {
        setWindowTitle(tr("Lesson Editor"));
        updateTitle();
    });
    connect(m_document, &LessonDocument::stepsChanged, this, &LessonEditor::rebuildList);
    connect(m_document, &LessonDocument::stepChanged, this, &LessonEditor::refreshStep);
    connect(m_document, &LessonDocument::modifiedChanged, this, &LessonEditor::updateTitle);
    connect(m_document, &LessonDocument::fileNameChanged, this, &LessonEditor::updateTitle);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, &LessonEditor::updateButtons);
    // Every edit, undo and redo shows the step it changed, so that Ctrl+Z never changes a step
    // out of sight (the caption of another step, a question, a step moved back).
    connect(m_document, &LessonDocument::editedStep, this, [this](int index) {
        if (index >= 0)
            setCurrentStep(index);
    });
    m_document->autosave()->start();
    rebuildList();
    QTimer::singleShot(0, this, &LessonEditor::offerRecovery);
}

LessonEditor::~LessonEditor()
{
    // Nothing the dying document says reaches the editor's slots.
    m_document->undoStack()->disconnect(this);
    m_document->disconnect(this);
    delete m_document;
}

bool LessonEditor::eventFilter(QObject *watched, QEvent *event)
{
    // The wheel scrolls the fields; it changes a choice or a number only once it has focus.
    if (event->type() == QEvent::Wheel
        && (qobject_cast<QComboBox *>(watched) || qobject_cast<QAbstractSpinBox *>(watched))
        && !static_cast<QWidget *>(watched)->hasFocus()) {
        QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
        return true;
    }
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool undo = key->matches(QKeySequence::Undo);
        const bool redo = key->matches(QKeySequence::Redo);
        if (undo || redo) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // not the window's Undo: the key press comes here
                return true;
            }
            if (undo)
                m_document->undoStack()->undo();
            else
                m_document->undoStack()->redo();
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

void LessonEditor::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    if (m_placed || !isFloating() || !screen())
        return;
    m_placed = true;
    const QRect free = screen()->availableGeometry();
    const QSize size(std::min(900, free.width() * 3 / 4), std::min(720, free.height() * 7 / 8));
    setGeometry(QRect(QPoint(free.right() - size.width(), free.top() + free.height() / 16), size));
}

void LessonEditor::connectNotify(const QMetaMethod &signal)
{
    QDockWidget::connectNotify(signal);
    if (signal == QMetaMethod::fromSignal(&LessonEditor::playRequested))
        updateButtons();
}

ResolvedLesson LessonEditor::lesson() const
{
    return m_document->resolvedLesson();
}

int LessonEditor::currentStep() const
{
    return m_steps->currentRow();
}

void LessonEditor::setCurrentStep(int index)
{
    m_steps->setCurrentRow(index);
}

QString LessonEditor::stepLabel(int index) const
{
    const ResolvedLessonStep &s = m_document->step(index);
    const bool chinese = QLocale().language() == QLocale::Chinese;
    QString caption = s.caption.in(chinese).section(QLatin1Char('\n'), 0, 0).left(60);
    if (caption.isEmpty())
        caption = tr("(no caption)");
    const QString question = s.question ? tr(" · question") : QString();
    return tr("%1. %2%3").arg(index + 1).arg(caption, question);
}

void LessonEditor::rebuildList()
{
    const int keep = m_steps->currentRow();
    {
        const QSignalBlocker blocker(m_steps);
        m_steps->clear();
        for (int i = 0; i < m_document->stepCount(); ++i)
            m_steps->addItem(stepLabel(i));
        m_steps->setCurrentRow(std::min(keep, m_document->stepCount() - 1));
        if (m_steps->currentRow() < 0 && m_document->stepCount() > 0)
            m_steps->setCurrentRow(0);
    }
    refreshStep(-1);
    showStepFields();
}

void LessonEditor::refreshStep(int index)
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    if (index < 0) {
        showText(m_titleEn, m_document->title().en);
        showText(m_titleZh, m_document->title().zh);
        updateButtons();
        return;
    }
    if (QListWidgetItem *item = m_steps->item(index))
        item->setText(stepLabel(index));
    if (index == currentStep())
        showStepFields();
    updateButtons();
}

void LessonEditor::showStepFields()
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    const int at = currentStep();
    const bool has = at >= 0 && at < m_document->stepCount();
    for (QPlainTextEdit *e : { m_captionEn, m_captionZh, m_notesEn, m_notesZh })
        e->setEnabled(has);
    if (has) {
        const ResolvedLessonStep &s = m_document->step(at);
        showText(m_captionEn, s.caption.en);
        showText(m_captionZh, s.caption.zh);
        showText(m_notesEn, s.notes.en);
        showText(m_notesZh, s.notes.zh);
    } else {
        for (QPlainTextEdit *e : { m_captionEn, m_captionZh, m_notesEn, m_notesZh })
            e->clear();
    }
    showQuestion();
    updateButtons();
}

void LessonEditor::showQuestion()
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    const int at = currentStep();
    const bool has = at >= 0 && at < m_document->stepCount();
    const std::optional<LessonQuestion> question
        = has ? m_document->step(at).question : std::nullopt;
    if (has) {
        // The ranges of this step's session; the loader's checks refuse the rest on Apply.
        const Session &s = m_document->step(at).session;
        m_head->setMaximum(std::max(0, s.attention.config.heads - 1));
        m_query->setMaximum(std::max(0, s.querySequence().length() - 1));
        m_key->setMaximum(std::max(0, s.keyValueSequence().length() - 1));
        m_dim->setMaximum(std::max(0, s.attention.config.dModel - 1));
    }
    const LessonQuestion q = question.value_or(LessonQuestion());
    m_kind->setCurrentIndex(question ? int(q.kind) + 1 : 0);
    m_head->setValue(q.head);
    m_query->setValue(q.query);
    m_key->setValue(q.key);
    m_measure->setCurrentIndex(int(q.measure));
    m_dim->setValue(q.dim);
    showText(m_promptEn, q.prompt.en);
    showText(m_promptZh, q.prompt.zh);
    m_options->setRowCount(static_cast<int>(q.options.size()));
    for (int i = 0; i < m_options->rowCount(); ++i) {
        m_options->setItem(i, 0, new QTableWidgetItem(q.options[size_t(i)].en));
        m_options->setItem(i, 1, new QTableWidgetItem(q.options[size_t(i)].zh));
    }
    m_correct->setMaximum(m_options->rowCount());
    m_correct->setValue(q.correctOption + 1);
    m_message->clear();
    updateQuestionFields();
}

void LessonEditor::updateQuestionFields()
{
    const bool has = currentStep() >= 0;
    const int kind = m_kind->currentIndex() - 1;
    const bool asked = has && kind >= 0;
    const bool choice = kind == int(LessonQuestionKind::Choice);
    const bool direction = kind == int(LessonQuestionKind::Direction);
    m_kind->setEnabled(has);
    m_head->setEnabled(asked && !choice);
    m_query->setEnabled(asked && !choice);
    m_key->setEnabled(kind == int(LessonQuestionKind::Weight));
    m_measure->setEnabled(direction);
    m_dim->setEnabled(direction && m_measure->currentIndex() == int(LessonMeasure::Output));
    m_promptEn->setEnabled(asked);
    m_promptZh->setEnabled(asked);
    m_options->setEnabled(choice);
    m_addOption->setEnabled(choice && m_options->rowCount() < limits::maxLessonChoices);
    m_removeOption->setEnabled(choice && m_options->rowCount() > 0);
    m_correct->setEnabled(choice);
    m_correct->setMaximum(m_options->rowCount());
    m_applyQuestion->setEnabled(has);
}

bool LessonEditor::applyQuestion()
{
    const int at = currentStep();
    if (at < 0)
        return false;
    std::optional<LessonQuestion> question;
    if (m_kind->currentIndex() > 0) {
        LessonQuestion q;
        q.kind = LessonQuestionKind(m_kind->currentIndex() - 1);
        q.prompt = { m_promptEn->text(), m_promptZh->text() };
        if (q.kind == LessonQuestionKind::Choice) {
            for (int i = 0; i < m_options->rowCount(); ++i) {
                const QTableWidgetItem *en = m_options->item(i, 0);
                const QTableWidgetItem *zh = m_options->item(i, 1);
                q.options.push_back({ en ? en->text() : QString(), zh ? zh->text() : QString() });
            }
            q.correctOption = m_correct->value() - 1;
        } else {
            q.head = m_head->value();
            q.query = m_query->value();
            if (q.kind == LessonQuestionKind::Weight)
                q.key = m_key->value();
            if (q.kind == LessonQuestionKind::Direction) {
                q.measure = LessonMeasure(m_measure->currentIndex());
                if (q.measure == LessonMeasure::Output)
                    q.dim = m_dim->value();
            }
        }
        question = q;
    }
    if (const auto problem = m_document->setQuestion(at, question)) {
        note(tr("The question is refused: %1").arg(problem->toString()), true);
        return false;
    }
    note(question ? tr("Question set.") : tr("Question removed."), false);
    return true;
}

} // namespace ae
