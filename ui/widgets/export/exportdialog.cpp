// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/exportdialog.h"

#include "export/figureexporter.h"
#include "export/painterfigurerenderer.h"
#include "heatmap/colormap.h"
#include "scaling/scalingrunner.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace ae {

namespace {

const char directoryKey[] = "export/directory";
const char extensionKey[] = "export/extension";
const char dpiKey[] = "export/dpi";
const char valuesKey[] = "export/values";
const char colorBarKey[] = "export/colorBar";

QString settingsKey(const char *key)
{
    return QString::fromLatin1(key);
}

QSpinBox *sizeBox(QWidget *parent)
{
    auto *box = new QSpinBox(parent);
    box->setRange(0, FigureOptions::maxSide);
    box->setSingleStep(50);
    box->setSuffix(ExportDialog::tr(" px"));
    box->setSpecialValueText(ExportDialog::tr("Automatic"));
    return box;
}

} // namespace

ExportDialog::ExportDialog(const ExportSource &source, QWidget *parent)
    : QDialog(parent)
    , m_source(source)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Figure"));
    buildUi();
    restoreSettings();
    updateState();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::buildUi()
{
    m_what = new QComboBox(this);
    m_what->setObjectName(QStringLiteral("whatCombo"));
    m_what->addItem(tr("The large heatmap (%1)").arg(m_source.selectedHeatmap().title),
        int(ExportSource::What::Heatmap));
    m_what->addItem(m_source.heads.size() > 1
            ? tr("The grid of heads (the mean and each of %1 heads)").arg(m_source.heads.size())
            : tr("The grid of heads (one head)"),
        int(ExportSource::What::Grid));
    m_what->addItem(
        tr("The alignment lines of the large view (%1)").arg(m_source.selectedHeatmap().title),
        int(ExportSource::What::Lines));
    if (m_source.scalingAvailable)
        m_what->addItem(tr("The scaling plot (entropy vs d_k)"), int(ExportSource::What::Scaling));

    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("fileEdit"));
    m_file->setToolTip(tr("The extension chooses the format: .svg (vector, for slides and papers), "
                          ".png (image) or .pdf (vector)."));
    m_browse = new QPushButton(tr("Browse\u2026"), this);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_browse);

    m_width = sizeBox(this);
    m_width->setObjectName(QStringLiteral("widthBox"));
    m_height = sizeBox(this);
    m_height->setObjectName(QStringLiteral("heightBox"));
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("\u00d7"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch();

    m_dpi = new QSpinBox(this);
    m_dpi->setObjectName(QStringLiteral("dpiBox"));
    m_dpi->setRange(FigureOptions::minDpi, FigureOptions::maxDpi);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setValue(192);
    m_dpi->setToolTip(tr("PNG only. 96 dpi is one pixel per unit of size; 192 dpi doubles it for "
                         "sharp slides."));
    m_pixels = new QLabel(this);
    m_pixels->setObjectName(QStringLiteral("pixelsLabel"));
    auto *dpiRow = new QHBoxLayout;
    dpiRow->addWidget(m_dpi);
    dpiRow->addWidget(m_pixels, 1);

    m_values = new QCheckBox(tr("Write each cell's &value"), this);
    m_values->setObjectName(QStringLiteral("valuesCheck"));
    m_values->setChecked(true);
    m_colorBar = new QCheckBox(tr("Include the &colour bar"), this);
    m_colorBar->setObjectName(QStringLiteral("colorBarCheck"));
    m_colorBar->setChecked(true);
    m_titleBox = new QCheckBox(tr("&Title:"), this);
    m_titleBox->setObjectName(QStringLiteral("titleCheck"));
    m_titleBox->setChecked(true);
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("titleEdit"));
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_titleBox);
    titleRow->addWidget(m_title, 1);

    m_colorMap = new QComboBox(this);
    m_colorMap->setObjectName(QStringLiteral("colorMapCombo"));
    for (const ColorMapKind kind : ColorMap::all())
        m_colorMap->addItem(ColorMap::displayName(kind), ColorMap::key(kind));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("messageLabel"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setVisible(false);
    m_pngInstead = new QPushButton(tr("Export as &PNG Instead"), this);
    m_pngInstead->setObjectName(QStringLiteral("pngInsteadButton"));
    m_pngInstead->setVisible(false);

    // Rows holding a layout get a label with an explicit buddy, so that the mnemonic works.
    auto label = [this](const QString &text, QWidget *buddy) {
        auto *l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    auto *form = new QFormLayout;
    form->addRow(tr("Fi&gure:"), m_what);
    form->addRow(label(tr("&File:"), m_file), fileRow);
    form->addRow(label(tr("&Size:"), m_width), sizeRow);
    form->addRow(label(tr("PNG &resolution:"), m_dpi), dpiRow);
    form->addRow(tr("Colour &map:"), m_colorMap);
    form->addRow(QString(), m_values);
    form->addRow(QString(), m_colorBar);
    form->addRow(QString(), titleRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_exportButton = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    m_exportButton->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_pngInstead, 0, Qt::AlignLeft);
    layout->addStretch();
    layout->addWidget(buttons);

    // Accepting is exportNow()'s decision, not the button box's.
    connect(buttons, &QDialogButtonBox::accepted, this, [this] { exportNow(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_pngInstead, &QPushButton::clicked, this, [this] {
        useExtension(QStringLiteral("png"));
        exportNow();
    });
    connect(m_what, &QComboBox::currentIndexChanged, this, [this] {
        // Follow the figure with the suggested name unless the user chose another one.
        const QFileInfo info(fileName());
        const QString stem = info.completeBaseName();
        for (const auto w : { ExportSource::What::Heatmap, ExportSource::What::Grid,
                 ExportSource::What::Scaling, ExportSource::What::Lines }) {
            if (stem == m_source.suggestedStem(w) && w != what()) {
                setFileName(QDir(info.path())
                                .filePath(m_source.suggestedStem(what()) + QLatin1Char('.')
                                    + info.suffix()));
                break;
            }
        }
        updateState();
    });
    for (QSpinBox *box : { m_width, m_height, m_dpi })
        connect(box, &QSpinBox::valueChanged, this, &ExportDialog::updateState);
    connect(m_file, &QLineEdit::textChanged, this, &ExportDialog::updateState);
    connect(m_titleBox, &QCheckBox::toggled, m_title, &QWidget::setEnabled);
    for (QCheckBox *box : { m_values, m_colorBar })
        connect(box, &QCheckBox::toggled, this, &ExportDialog::updateState);
}

void ExportDialog::restoreSettings()
{
    const QSettings settings;
    QString directory = settings.value(settingsKey(directoryKey)).toString();
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        directory = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        directory = QDir::homePath();
    QString extension = settings.value(settingsKey(extensionKey), QStringLiteral("svg")).toString();
    if (!FigureExporter::formatOf(QStringLiteral("x.") + extension))
        extension = QStringLiteral("svg");
    m_dpi->setValue(settings.value(settingsKey(dpiKey), 192).toInt());
    m_values->setChecked(settings.value(settingsKey(valuesKey), true).toBool());
    m_colorBar->setChecked(settings.value(settingsKey(colorBarKey), true).toBool());
    setFileName(
        QDir(directory).filePath(m_source.suggestedStem(what()) + QLatin1Char('.') + extension));
}

void ExportDialog::saveSettings() const
{
    QSettings settings;
    const QFileInfo info(fileName());
    settings.setValue(settingsKey(directoryKey), info.absolutePath());
    settings.setValue(settingsKey(extensionKey), info.suffix().toLower());
    settings.setValue(settingsKey(dpiKey), m_dpi->value());
    settings.setValue(settingsKey(valuesKey), m_values->isChecked());
    settings.setValue(settingsKey(colorBarKey), m_colorBar->isChecked());
}

ExportSource::What ExportDialog::what() const
{
    return ExportSource::What(m_what->currentData().toInt());
}

void ExportDialog::setWhat(ExportSource::What what)
{
    const int index = m_what->findData(int(what));
    if (index >= 0)
        m_what->setCurrentIndex(index);
}

QString ExportDialog::fileName() const
{
    return m_file->text().trimmed();
}

void ExportDialog::setFileName(const QString &fileName)
{
    m_file->setText(QDir::toNativeSeparators(fileName));
}

FigureOptions ExportDialog::options() const
{
    FigureOptions o;
    o.size = QSize(m_width->value(), m_height->value());
    o.dpi = m_dpi->value();
    o.includeValues = m_values->isChecked();
    o.includeColorBar = m_colorBar->isChecked();
    o.includeTitle = m_titleBox->isChecked();
    o.title = m_title->text();
    o.colorMap
        = ColorMap::fromKey(m_colorMap->currentData().toString()).value_or(ColorMap::defaultKind());
    return o;
}

void ExportDialog::setOptions(const FigureOptions &o)
{
    m_width->setValue(o.size.width());
    m_height->setValue(o.size.height());
    m_dpi->setValue(o.dpi);
    m_values->setChecked(o.includeValues);
    m_colorBar->setChecked(o.includeColorBar);
    m_titleBox->setChecked(o.includeTitle);
    m_title->setText(o.title);
    const int index = m_colorMap->findData(ColorMap::key(o.colorMap));
    if (index >= 0)
        m_colorMap->setCurrentIndex(index);
    updateState();
}

void ExportDialog::useExtension(const QString &extension)
{
    const QFileInfo info(fileName());
    setFileName(QDir(info.path()).filePath(info.completeBaseName() + QLatin1Char('.') + extension));
}

void ExportDialog::browse()
{
    const QString filters
        = tr("SVG vector figure (*.svg);;PNG image (*.png);;PDF document (*.pdf)");
    const QString suffix = QFileInfo(fileName()).suffix().toLower();
    QString selected = suffix == QLatin1String("png") ? tr("PNG image (*.png)")
        : suffix == QLatin1String("pdf")              ? tr("PDF document (*.pdf)")
                                                      : tr("SVG vector figure (*.svg)");
    QString chosen
        = QFileDialog::getSaveFileName(this, tr("Export Figure"), fileName(), filters, &selected);
    if (chosen.isEmpty())
        return;
    if (!FigureExporter::formatOf(chosen)) {
        // Take the extension from the chosen filter when the name has none of ours.
        const QString ext = selected.contains(QLatin1String("*.png")) ? QStringLiteral(".png")
            : selected.contains(QLatin1String("*.pdf"))               ? QStringLiteral(".pdf")
                                                                      : QStringLiteral(".svg");
        chosen += ext;
    }
    m_confirmedOverwrite = chosen; // the file dialog asked already
    setFileName(chosen);
}

void ExportDialog::showMessage(const QString &text, bool isError)
{
    m_message->setText(text);
    m_message->setStyleSheet(isError ? QStringLiteral("color: #b00020;") : QString());
    m_message->setVisible(!text.isEmpty());
}

QString ExportDialog::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

bool ExportDialog::isComputingScaling() const
{
    return m_runner && m_runner->isBusy();
}

void ExportDialog::updateState()
{
    const ExportSource::What w = what();
    const bool scaling = w == ExportSource::What::Scaling;
    const bool lines = w == ExportSource::What::Lines;
    m_colorBar->setEnabled(!scaling && !lines);
    m_values->setEnabled(!lines);
    m_colorMap->setEnabled(!scaling);
    m_values->setText(scaling ? tr("Write each point's &value") : tr("Write each cell's &value"));
    m_title->setPlaceholderText(m_source.defaultTitle(w));
    const auto format = FigureExporter::formatOf(fileName());
    const bool png = format == FigureExporter::Format::Png;
    m_dpi->setEnabled(png);
    m_pngInstead->setVisible(false);

    m_pixels->clear();
    if (png) {
        QSizeF size(m_width->value(), m_height->value());
        if ((size.width() <= 0 || size.height() <= 0)
            && m_source.refusal(w, FigureExporter::Format::Svg).isEmpty()
            && (!scaling || m_source.scalingResult))
            size = m_source.figure(w, options()).size; // automatic: ask the layout
        if (size.width() > 0 && size.height() > 0) {
            Figure probe;
            probe.size = size;
            const QSize px = PainterFigureRenderer::pngPixelSize(probe, m_dpi->value());
            m_pixels->setText(tr("%1 \u00d7 %2 pixels").arg(px.width()).arg(px.height()));
        }
    }
    if (!m_message->isHidden() && !isComputingScaling())
        showMessage(QString(), false);
    if (format) {
        if (const QString refused = m_source.refusal(w, *format); !refused.isEmpty()) {
            showMessage(refused, true);
            m_pngInstead->setVisible(true);
        }
    }
}

void ExportDialog::startScaling()
{
    if (const auto problem = validateExperiment(m_source.scalingConfig)) {
        showMessage(
            tr("The scaling experiment's settings are not valid: %1").arg(problem->toString()),
            true);
        m_exportWhenReady = false;
        return;
    }
    if (!m_runner) {
        m_runner = new ScalingRunner(this);
        connect(m_runner, &ScalingRunner::finished, this,
            [this](const EntropyExperimentConfig &config, const EntropyExperimentResult &result) {
                if (config != m_source.scalingConfig)
                    return;
                m_source.scalingResult = result;
                m_exportButton->setEnabled(true);
                showMessage(QString(), false);
                if (m_exportWhenReady) {
                    m_exportWhenReady = false;
                    exportNow();
                }
            });
        connect(m_runner, &ScalingRunner::failed, this, [this](const QString &text) {
            m_exportWhenReady = false;
            m_exportButton->setEnabled(true);
            showMessage(tr("The scaling experiment could not be computed: %1").arg(text), true);
        });
    }
    showMessage(tr("Computing the scaling experiment for the plot\u2026"), false);
    m_exportButton->setEnabled(false);
    m_runner->request(m_source.scalingConfig);
}

bool ExportDialog::exportNow()
{
    const QString file = fileName();
    if (const QString problem = FigureExporter::formatProblem(file); !problem.isEmpty()) {
        showMessage(problem.at(0).toUpper() + problem.mid(1) + QLatin1Char('.'), true);
        return false;
    }
    const ExportSource::What w = what();
    if (w == ExportSource::What::Scaling && !m_source.scalingResult) {
        m_exportWhenReady = true;
        startScaling();
        return false;
    }
    if (const QString refused = m_source.refusal(w, *FigureExporter::formatOf(file));
        !refused.isEmpty()) {
        showMessage(refused, true);
        m_pngInstead->setVisible(true);
        return false;
    }
    const QFileInfo info(file);
    if (!info.absoluteDir().exists()) {
        showMessage(
            tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(info.absolutePath())),
            true);
        return false;
    }
    if (info.exists()
        && info.absoluteFilePath() != QFileInfo(m_confirmedOverwrite).absoluteFilePath()) {
        // Asking inline: press Export again to replace.
        m_confirmedOverwrite = info.absoluteFilePath();
        showMessage(
            tr("“%1” already exists. Press Export again to replace it.").arg(info.fileName()),
            false);
        return false;
    }

    const FigureOptions o = options();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Figure figure = m_source.figure(w, o);
    const FigureExporter::Outcome outcome = FigureExporter::write(figure, file, o.dpi);
    QApplication::restoreOverrideCursor();
    if (!outcome.ok()) {
        showMessage(outcome.message, true);
        if (outcome.status == FigureExporter::Outcome::Status::Refused
            && FigureExporter::formatOf(file) == FigureExporter::Format::Svg)
            m_pngInstead->setVisible(true);
        return false;
    }
    saveSettings();
    emit exported(info.absoluteFilePath());
    accept();
    return true;
}

} // namespace ae
