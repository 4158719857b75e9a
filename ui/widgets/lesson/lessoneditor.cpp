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

/// A label whose text follows the interface language.
QLabel *label(std::function<QString()> text)
{
    auto *l = new QLabel;
    Retranslator::bind(l, [l, text] { l->setText(text()); });
    return l;
}

QPushButton *button(const QString &objectName, std::function<QString()> text)
{
    auto *b = new QPushButton;
    b->setObjectName(objectName);
    Retranslator::bind(b, [b, text] { b->setText(text()); });
    return b;
}

QPlainTextEdit *textEdit(const QString &objectName, int lines)
{
    auto *e = new QPlainTextEdit;
    e->setObjectName(objectName);
    // Every keystroke is a lesson edit: the lesson's undo is the one that counts.
    e->setUndoRedoEnabled(false);
    e->setTabChangesFocus(true);
    // Room for a few lines; the question below stays in sight without scrolling.
    const int height = e->fontMetrics().lineSpacing() * lines + 12;
    e->setMinimumHeight(height);
    e->setMaximumHeight(height * 2);
    return e;
}

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

void LessonEditor::buildUi()
{
    auto *page = new QWidget;
    auto *outer = new QVBoxLayout(page);

    // Files and the lesson's own undo.
    auto *files = new QHBoxLayout;
    m_new = button(QStringLiteral("lessonNew"), [] { return tr("New"); });
    m_open = button(QStringLiteral("lessonOpen"), [] { return tr("Open…"); });
    m_save = button(QStringLiteral("lessonSave"), [] { return tr("Save"); });
    m_saveAs = button(QStringLiteral("lessonSaveAs"), [] { return tr("Save As…"); });
    m_undo = button(QStringLiteral("lessonUndo"), [] { return tr("Undo"); });
    m_redo = button(QStringLiteral("lessonRedo"), [] { return tr("Redo"); });
    for (QPushButton *b : { m_new, m_open, m_save, m_saveAs, m_undo, m_redo })
        files->addWidget(b);
    m_fileLabel = new QLabel;
    m_fileLabel->setObjectName(QStringLiteral("lessonFileLabel"));
    files->addWidget(m_fileLabel, 1, Qt::AlignRight);
    outer->addLayout(files);

    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(label([] { return tr("Title:"); }));
    m_titleEn = new QLineEdit;
    m_titleEn->setObjectName(QStringLiteral("lessonTitleEn"));
    m_titleZh = new QLineEdit;
    m_titleZh->setObjectName(QStringLiteral("lessonTitleZh"));
    Retranslator::bind(m_titleEn, [this] {
        m_titleEn->setPlaceholderText(tr("English"));
        m_titleZh->setPlaceholderText(tr("Chinese"));
    });
    titleRow->addWidget(m_titleEn, 1);
    titleRow->addWidget(m_titleZh, 1);
    outer->addLayout(titleRow);

    auto *split = new QSplitter(Qt::Horizontal);
    // The steps.
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_steps = new QListWidget;
    m_steps->setObjectName(QStringLiteral("lessonStepList"));
    m_steps->setDragDropMode(QAbstractItemView::InternalMove);
    m_steps->setDefaultDropAction(Qt::MoveAction);
    leftLayout->addWidget(m_steps, 1);
    m_record = button(QStringLiteral("lessonRecordStep"), [] { return tr("Record Step"); });
    Retranslator::bind(m_record, [this] {
        m_record->setToolTip(tr("Adds the window's session and view as a new step after the "
                                "chosen one"));
    });
    leftLayout->addWidget(m_record);
    auto *moves = new QGridLayout;
    m_up = button(QStringLiteral("lessonStepUp"), [] { return tr("Move Up"); });
    m_down = button(QStringLiteral("lessonStepDown"), [] { return tr("Move Down"); });
    m_duplicate = button(QStringLiteral("lessonStepDuplicate"), [] { return tr("Duplicate"); });
    m_delete = button(QStringLiteral("lessonStepDelete"), [] { return tr("Delete"); });
    moves->addWidget(m_up, 0, 0);
    moves->addWidget(m_down, 0, 1);
    moves->addWidget(m_duplicate, 1, 0);
    moves->addWidget(m_delete, 1, 1);
    leftLayout->addLayout(moves);
    m_play = button(QStringLiteral("lessonPlayFromStep"), [] { return tr("Play from This Step"); });
    leftLayout->addWidget(m_play);
    split->addWidget(left);

    // The chosen step's texts and question.
    auto *fields = new QWidget;
    auto *grid = new QGridLayout(fields);
    grid->addWidget(label([] { return tr("Caption (Markdown)"); }), 0, 0, 1, 2);
    grid->addWidget(label([] { return tr("English"); }), 1, 0);
    grid->addWidget(label([] { return tr("Chinese"); }), 1, 1);
    m_captionEn = textEdit(QStringLiteral("lessonCaptionEn"), 4);
    m_captionZh = textEdit(QStringLiteral("lessonCaptionZh"), 4);
    grid->addWidget(m_captionEn, 2, 0);
    grid->addWidget(m_captionZh, 2, 1);
    grid->addWidget(label([] { return tr("Presenter notes"); }), 3, 0, 1, 2);
    m_notesEn = textEdit(QStringLiteral("lessonNotesEn"), 2);
    m_notesZh = textEdit(QStringLiteral("lessonNotesZh"), 2);
    grid->addWidget(m_notesEn, 4, 0);
    grid->addWidget(m_notesZh, 4, 1);
    grid->setRowStretch(2, 2);
    grid->setRowStretch(4, 1);
    grid->setRowStretch(7, 1);

    auto *question = new QGroupBox;
    Retranslator::bind(question, [question] { question->setTitle(tr("Question")); });
    auto *q = new QGridLayout(question);
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("lessonQuestionKind"));
    for (int i = 0; i < 5; ++i)
        m_kind->addItem(QString());
    Retranslator::bind(m_kind, [this] {
        m_kind->setItemText(0, tr("No question"));
        m_kind->setItemText(1, tr("Which key gets the most weight"));
        m_kind->setItemText(2, tr("How large is one weight"));
        m_kind->setItemText(3, tr("Does a measure rise or fall"));
        m_kind->setItemText(4, tr("Multiple choice"));
    });
    q->addWidget(m_kind, 0, 0, 1, 4);
    const auto spin = [](const QString &name, int minimum) {
        auto *s = new QSpinBox;
        s->setObjectName(name);
        s->setMinimum(minimum);
        return s;
    };
    m_head = spin(QStringLiteral("lessonQuestionHead"), -1);
    Retranslator::bind(m_head, [this] { m_head->setSpecialValueText(tr("mean")); });
    m_query = spin(QStringLiteral("lessonQuestionQuery"), 0);
    m_key = spin(QStringLiteral("lessonQuestionKey"), 0);
    m_dim = spin(QStringLiteral("lessonQuestionDim"), 0);
    m_measure = new QComboBox;
    m_measure->setObjectName(QStringLiteral("lessonQuestionMeasure"));
    for (int i = 0; i < 3; ++i)
        m_measure->addItem(QString());
    Retranslator::bind(m_measure, [this] {
        m_measure->setItemText(0, tr("entropy"));
        m_measure->setItemText(1, tr("largest weight"));
        m_measure->setItemText(2, tr("output component"));
    });
    q->addWidget(label([] { return tr("Head:"); }), 1, 0);
    q->addWidget(m_head, 1, 1);
    q->addWidget(label([] { return tr("Query:"); }), 1, 2);
    q->addWidget(m_query, 1, 3);
    q->addWidget(label([] { return tr("Key:"); }), 2, 0);
    q->addWidget(m_key, 2, 1);
    q->addWidget(label([] { return tr("Measure:"); }), 2, 2);
    q->addWidget(m_measure, 2, 3);
    q->addWidget(label([] { return tr("Dimension:"); }), 3, 0);
    q->addWidget(m_dim, 3, 1);
    q->addWidget(label([] { return tr("Prompt:"); }), 4, 0);
    m_promptEn = new QLineEdit;
    m_promptEn->setObjectName(QStringLiteral("lessonPromptEn"));
    m_promptZh = new QLineEdit;
    m_promptZh->setObjectName(QStringLiteral("lessonPromptZh"));
    Retranslator::bind(m_promptEn, [this] {
        m_promptEn->setPlaceholderText(tr("English"));
        m_promptZh->setPlaceholderText(tr("Chinese"));
    });
    q->addWidget(m_promptEn, 4, 1);
    q->addWidget(m_promptZh, 4, 2, 1, 2);
    m_options = new QTableWidget(0, 2);
    m_options->setObjectName(QStringLiteral("lessonOptionTable"));
    m_options->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_options->setMinimumHeight(m_options->fontMetrics().lineSpacing() * 4);
    m_options->setMaximumHeight(m_options->fontMetrics().lineSpacing() * 8);
    Retranslator::bind(m_options, [this] {
        m_options->setHorizontalHeaderLabels({ tr("English"), tr("Chinese") });
    });
    q->addWidget(m_options, 5, 0, 1, 4);
    m_addOption = button(QStringLiteral("lessonAddOption"), [] { return tr("Add Option"); });
    m_removeOption
        = button(QStringLiteral("lessonRemoveOption"), [] { return tr("Remove Option"); });
    m_correct = spin(QStringLiteral("lessonCorrectOption"), 0);
    Retranslator::bind(m_correct, [this] { m_correct->setSpecialValueText(tr("none")); });
    q->addWidget(m_addOption, 6, 0);
    q->addWidget(m_removeOption, 6, 1);
    q->addWidget(label([] { return tr("Correct option:"); }), 6, 2);
    q->addWidget(m_correct, 6, 3);
    m_applyQuestion
        = button(QStringLiteral("lessonApplyQuestion"), [] { return tr("Apply Question"); });
    q->addWidget(m_applyQuestion, 7, 0, 1, 4);
    grid->addWidget(question, 5, 0, 1, 2);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("lessonEditorMessage"));
    m_message->setWordWrap(true);
    grid->addWidget(m_message, 6, 0, 1, 2);

    auto *scroll = m_scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(fields);
    Retranslator::bind(scroll, [this, scroll] {
        // What a screen reader says for the fields whose label stands above two of them.
        scroll->setAccessibleName(tr("Step details"));
        m_steps->setAccessibleName(tr("Lesson steps"));
        m_titleEn->setAccessibleName(tr("Title, English"));
        m_titleZh->setAccessibleName(tr("Title, Chinese"));
        m_captionEn->setAccessibleName(tr("Caption, English"));
        m_captionZh->setAccessibleName(tr("Caption, Chinese"));
        m_notesEn->setAccessibleName(tr("Presenter notes, English"));
        m_notesZh->setAccessibleName(tr("Presenter notes, Chinese"));
        m_options->setAccessibleName(tr("Answer options"));
    });
    split->addWidget(scroll);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    outer->addWidget(split, 1);
    setWidget(page);

    // Edits go to the lesson document, one undo step per edit.
    connect(m_new, &QPushButton::clicked, this, [this] {
        if (maybeSave())
            m_document->newLesson();
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Open Lesson"), RecentFolders::folder(RecentFolders::lesson), fileFilter());
        RecentFolders::remember(RecentFolders::lesson, file);
        if (!file.isEmpty())
            openFile(file);
    });
    connect(m_save, &QPushButton::clicked, this, &LessonEditor::save);
    connect(m_saveAs, &QPushButton::clicked, this, &LessonEditor::saveAs);
    connect(m_undo, &QPushButton::clicked, m_document->undoStack(), &QUndoStack::undo);
    connect(m_redo, &QPushButton::clicked, m_document->undoStack(), &QUndoStack::redo);
    const auto titleEdited = [this](bool chinese) {
        return [this, chinese](const QString &text) {
            if (!m_updating)
                m_document->setText(LessonDocument::TextField::Title, -1, chinese, text);
        };
    };
    connect(m_titleEn, &QLineEdit::textEdited, this, titleEdited(false));
    connect(m_titleZh, &QLineEdit::textEdited, this, titleEdited(true));
    const auto textEdited
        = [this](QPlainTextEdit *edit, LessonDocument::TextField field, bool chinese) {
              connect(edit, &QPlainTextEdit::textChanged, this, [this, edit, field, chinese] {
                  if (!m_updating && currentStep() >= 0)
                      m_document->setText(field, currentStep(), chinese, edit->toPlainText());
              });
          };
    textEdited(m_captionEn, LessonDocument::TextField::Caption, false);
    textEdited(m_captionZh, LessonDocument::TextField::Caption, true);
    textEdited(m_notesEn, LessonDocument::TextField::Notes, false);
    textEdited(m_notesZh, LessonDocument::TextField::Notes, true);
    connect(m_steps, &QListWidget::currentRowChanged, this, &LessonEditor::showStepFields);
    connect(m_steps->model(), &QAbstractItemModel::rowsMoved, this,
        [this](const QModelIndex &, int from, int, const QModelIndex &, int to) {
            // A drag: the list moved its row; the document's move rebuilds it from the lesson.
            const int target = to > from ? to - 1 : to;
            QTimer::singleShot(
                0, this, [this, from, target] { m_document->moveStep(from, target); });
        });
    connect(m_record, &QPushButton::clicked, this, &LessonEditor::recordStep);
    // The document chooses the step each edit concerns (editedStep).
    connect(m_up, &QPushButton::clicked, this, [this] {
        const int at = currentStep();
        m_document->moveStep(at, at - 1);
    });
    connect(m_down, &QPushButton::clicked, this, [this] {
        const int at = currentStep();
        m_document->moveStep(at, at + 1);
    });
    connect(m_duplicate, &QPushButton::clicked, this,
        [this] { m_document->duplicateStep(currentStep()); });
    connect(
        m_delete, &QPushButton::clicked, this, [this] { m_document->removeStep(currentStep()); });
    connect(m_play, &QPushButton::clicked, this,
        [this] { emit playRequested(lesson(), std::max(0, currentStep())); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, &LessonEditor::updateQuestionFields);
    connect(m_measure, &QComboBox::currentIndexChanged, this, &LessonEditor::updateQuestionFields);
    connect(m_addOption, &QPushButton::clicked, this, [this] {
        m_options->insertRow(m_options->rowCount());
        updateQuestionFields();
    });
    connect(m_removeOption, &QPushButton::clicked, this, [this] {
        m_options->removeRow(m_options->rowCount() - 1);
        updateQuestionFields();
    });
    connect(m_applyQuestion, &QPushButton::clicked, this, &LessonEditor::applyQuestion);

    // Ctrl+Z inside the editor undoes the lesson, not the session.
    for (QWidget *w : page->findChildren<QWidget *>())
        w->installEventFilter(this);
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
