// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/worksheetdialog.h"

#include "language/languagemanager.h"
#include "worksheet/worksheetpdfwriter.h"
#include "worksheet/worksheetsheet.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <limits>

namespace ae {

namespace {

/// The preview shows the A4 page at this fraction of 96 dpi.
constexpr double previewScale = 0.6;

QSpinBox *spinBox(int lo, int hi, int value, const QString &objectName)
{
    auto *box = new QSpinBox;
    box->setRange(lo, hi);
    box->setValue(value);
    box->setObjectName(objectName);
    return box;
}

void selectData(QComboBox *box, const QVariant &data)
{
    const int i = box->findData(data);
    if (i >= 0)
        box->setCurrentIndex(i);
}

} // namespace

WorksheetDialog::WorksheetDialog(QWidget *parent)
    : QDialog(parent)
    , m_folder(new QLineEdit)
    , m_students(spinBox(worksheetlimits::minStudents, worksheetlimits::maxStudents,
          WorksheetConfig {}.students, QStringLiteral("students")))
    , m_seed(spinBox(0, std::numeric_limits<int>::max(), 0, QStringLiteral("seed")))
    , m_language(new QComboBox)
    , m_format(new QComboBox)
    , m_tokens(spinBox(worksheetlimits::minTokens, worksheetlimits::maxTokens,
          WorksheetConfig {}.tokens, QStringLiteral("tokens")))
    , m_dModel(spinBox(worksheetlimits::minDModel, worksheetlimits::maxDModel,
          WorksheetConfig {}.dModel, QStringLiteral("dModel")))
    , m_heads(new QComboBox)
    , m_wiring(new QComboBox)
    , m_causal(new QCheckBox(tr("Causal mask")))
    , m_previewLabel(new QLabel)
    , m_problem(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Make Worksheets"));
    m_folder->setObjectName(QStringLiteral("folder"));
    m_folder->setText(QDir::home().filePath(QStringLiteral("worksheets")));
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("English"), QStringLiteral("en"));
    m_language->addItem(tr("Simplified Chinese"), QStringLiteral("zh"));
    // Sheets in the language the teacher reads the program in, unless chosen otherwise.
    const bool chinese = LanguageManager::localeOf(LanguageManager::currentChoice()).language()
        == QLocale::Chinese;
    m_language->setCurrentIndex(
        m_language->findData(chinese ? QStringLiteral("zh") : QStringLiteral("en")));
    m_format->setObjectName(QStringLiteral("format"));
    m_format->addItem(tr("Markdown"), WorksheetWriter::formatName(WorksheetFormat::Markdown));
    m_format->addItem(tr("LaTeX"), WorksheetWriter::formatName(WorksheetFormat::Latex));
    m_format->addItem(tr("PDF"), WorksheetWriter::formatName(WorksheetFormat::Pdf));
    m_heads->setObjectName(QStringLiteral("heads"));
    for (int h = 1; h <= worksheetlimits::maxHeads; ++h)
        m_heads->addItem(QString::number(h), h);
    m_wiring->setObjectName(QStringLiteral("wiring"));
    m_wiring->addItem(tr("Cross-attention (queries from Y, keys from X)"),
        worksheetWiringName(WorksheetWiring::Cross));
    m_wiring->addItem(tr("Encoder self-attention (X)"), worksheetWiringName(WorksheetWiring::Self));
    m_wiring->addItem(tr("Reverse cross-attention (queries from X, keys from Y)"),
        worksheetWiringName(WorksheetWiring::Reverse));
    m_wiring->addItem(
        tr("Decoder self-attention (Y)"), worksheetWiringName(WorksheetWiring::Decoder));
    m_causal->setObjectName(QStringLiteral("causal"));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Write Worksheets"));

    auto *browse = new QPushButton(tr("Browse\u2026"));
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(tr("Folder:"), folderRow);
    form->addRow(tr("Students:"), m_students);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Language:"), m_language);
    form->addRow(tr("Sheet format:"), m_format);
    form->addRow(tr("Tokens per sequence:"), m_tokens);
    form->addRow(tr("d_model:"), m_dModel);
    form->addRow(tr("Heads:"), m_heads);
    form->addRow(tr("Wiring:"), m_wiring);
    form->addRow(QString(), m_causal);
    auto *note = new QLabel(tr("Every student gets different numbers; the same seed always "
                               "writes the same files. The answers are computed, never typed."));
    note->setWordWrap(true);
    auto *left = new QVBoxLayout;
    left->addLayout(form);
    left->addWidget(note);
    left->addWidget(m_problem);
    left->addStretch(1);

    auto *scroll = new QScrollArea;
    scroll->setWidget(m_previewLabel);
    scroll->setWidgetResizable(false);
    scroll->setMinimumWidth(static_cast<int>(800 * previewScale) + 24);
    scroll->setAccessibleName(tr("Preview of the first sheet"));
    auto *right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("Preview of student 01's sheet:")));
    right->addWidget(scroll, 1);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left);
    columns->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_buttons);
    resize(1000, 720);

    connect(browse, &QPushButton::clicked, this, &WorksheetDialog::chooseFolder);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (writeWorksheets())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QSpinBox *box : { m_students, m_seed, m_tokens, m_dModel })
        connect(box, &QSpinBox::valueChanged, this, &WorksheetDialog::updatePreview);
    for (QComboBox *box : { m_language, m_format, m_heads, m_wiring })
        connect(box, &QComboBox::currentIndexChanged, this, &WorksheetDialog::updatePreview);
    connect(m_causal, &QCheckBox::toggled, this, &WorksheetDialog::updatePreview);
    updatePreview();
}

WorksheetConfig WorksheetDialog::config() const
{
    WorksheetConfig c;
    c.students = m_students->value();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    c.language = m_language->currentData().toString() == u"zh" ? WorksheetLanguage::Chinese
                                                               : WorksheetLanguage::English;
    c.tokens = m_tokens->value();
    c.dModel = m_dModel->value();
    c.heads = m_heads->currentData().toInt();
    c.wiring = worksheetWiringFromName(m_wiring->currentData().toString())
                   .value_or(WorksheetWiring::Cross);
    c.causal = m_causal->isChecked();
    return c;
}

void WorksheetDialog::setConfig(const WorksheetConfig &config)
{
    m_students->setValue(config.students);
    m_seed->setValue(static_cast<int>(
        std::min<std::uint64_t>(config.seed, static_cast<std::uint64_t>(m_seed->maximum()))));
    selectData(m_language,
        config.language == WorksheetLanguage::Chinese ? QStringLiteral("zh")
                                                      : QStringLiteral("en"));
    m_tokens->setValue(config.tokens);
    m_dModel->setValue(config.dModel);
    selectData(m_heads, config.heads);
    selectData(m_wiring, worksheetWiringName(config.wiring));
    m_causal->setChecked(config.causal);
    updatePreview();
}

WorksheetFormat WorksheetDialog::format() const
{
    return WorksheetWriter::formatFromName(m_format->currentData().toString())
        .value_or(WorksheetFormat::Markdown);
}

void WorksheetDialog::setFormat(WorksheetFormat format)
{
    selectData(m_format, WorksheetWriter::formatName(format));
}

QString WorksheetDialog::folder() const
{
    return m_folder->text().trimmed();
}

void WorksheetDialog::setFolder(const QString &folder)
{
    m_folder->setText(folder);
}

QString WorksheetDialog::problem() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void WorksheetDialog::showProblem(const QString &text)
{
    m_problem->setText(text);
    m_problem->setHidden(text.isEmpty());
}

void WorksheetDialog::updatePreview()
{
    WorksheetConfig c = config();
    if (const auto refusal = checkWorksheetConfig(c)) {
        m_preview = QImage();
        m_previewLabel->clear();
        m_previewLabel->adjustSize();
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        showProblem(c.dModel % c.heads != 0
                ? tr("%1 heads do not divide d_model %2: choose another d_model or 1 head.")
                      .arg(c.heads)
                      .arg(c.dModel)
                : refusal->toString());
        return;
    }
    showProblem(QString());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    // Student 1 is drawn first, so this is exactly the sheet the full class starts with.
    c.students = 1;
    const std::vector<StudentWorksheet> first = makeWorksheets(c);
    m_preview = WorksheetPdfWriter::firstPage(
        worksheetSheet(first.front(), c.language), first, c.language, previewScale);
    m_previewLabel->setPixmap(QPixmap::fromImage(m_preview));
    m_previewLabel->adjustSize();
}

void WorksheetDialog::chooseFolder()
{
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Folder for the Worksheets"), folder());
    if (!dir.isEmpty())
        m_folder->setText(QDir::toNativeSeparators(dir));
}

bool WorksheetDialog::writeWorksheets()
{
    const WorksheetConfig c = config();
    if (const auto refusal = checkWorksheetConfig(c)) {
        showProblem(refusal->toString());
        return false;
    }
    if (folder().isEmpty()) {
        showProblem(tr("Choose a folder for the worksheets."));
        return false;
    }
    QString error;
    QStringList files;
    if (!WorksheetWriter::write(makeWorksheets(c), c, format(), folder(), &error, &files)) {
        showProblem(tr("The worksheets could not be written: %1").arg(error));
        return false;
    }
    showProblem(QString());
    emit written(folder(), c.students, static_cast<int>(files.size()));
    return true;
}

} // namespace ae
