// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson editor's widgets: the lesson, its steps, a step's texts and its question.
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

} // namespace

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

} // namespace ae
