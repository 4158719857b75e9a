// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/importedattentionwindow.h"

#include "export/exportdialog.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmapfigure.h"
#include "heatmap/heatmapplot.h"
#include "language/retranslator.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace ae {

ImportedAttentionWindow::ImportedAttentionWindow(
    const ImportedAttention &attention, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_attention(attention)
{
    setObjectName(QStringLiteral("importedAttentionWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    const QString name = QFileInfo(attention.fileName).fileName();

    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("importedBanner"));
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff1e0; color: #7a3300; border: 1px solid "
                       "#e8a15c; border-radius: 3px; padding: 6px; }"));

    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("importWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setText(attention.warnings.join(QLatin1Char('\n')));
    m_warnings->setVisible(!attention.warnings.isEmpty());
    m_warnings->setStyleSheet(QStringLiteral("QLabel { color: #6b5300; }"));

    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("viewCombo"));
    m_view->addItem(QString(), -1);
    for (int h = 0; attention.headCount() > 1 && h < attention.headCount(); ++h)
        m_view->addItem(QString(), h);
    m_colorMap = new QComboBox(this);
    for (const ColorMapKind kind : ColorMap::all())
        m_colorMap->addItem(QString(), ColorMap::key(kind));
    m_export = new QPushButton(this);
    m_export->setObjectName(QStringLiteral("exportButton"));

    auto *controls = new QHBoxLayout;
    auto *viewLabel = new QLabel(this);
    viewLabel->setBuddy(m_view);
    auto *mapLabel = new QLabel(this);
    mapLabel->setBuddy(m_colorMap);
    // Every text in the language of the moment, again after each language switch.
    Retranslator::bind(this,
        [this, name, viewLabel, mapLabel, title = attention.title, heads = attention.headCount()] {
            setWindowTitle(
                tr("%1 \u2014 Imported Attention").arg(name.isEmpty() ? tr("Imported") : name));
            QString banner
                = QStringLiteral("<b>%1</b>").arg(HeatmapFigure::importedNote().toHtmlEscaped());
            banner += QStringLiteral(" \u2014 ")
                + tr("weights read from %1; this session did not compute them.")
                      .arg(name.toHtmlEscaped());
            if (!title.isEmpty())
                banner += QStringLiteral("<br>") + title.toHtmlEscaped();
            m_banner->setText(banner);
            m_view->setItemText(
                0, heads == 1 ? tr("The one head") : tr("Mean of %1 heads").arg(heads));
            for (int h = 0; heads > 1 && h < heads; ++h)
                m_view->setItemText(h + 1, tr("Head %1").arg(h + 1));
            for (int i = 0; i < m_colorMap->count(); ++i) {
                if (const auto kind = ColorMap::fromKey(m_colorMap->itemData(i).toString()))
                    m_colorMap->setItemText(i, ColorMap::displayName(*kind));
            }
            m_export->setText(tr("&Export\u2026"));
            viewLabel->setText(tr("&View:"));
            mapLabel->setText(tr("Colour &map:"));
        });
    controls->addWidget(viewLabel);
    controls->addWidget(m_view);
    controls->addSpacing(12);
    controls->addWidget(mapLabel);
    controls->addWidget(m_colorMap);
    controls->addStretch();
    controls->addWidget(m_export);

    m_plot = new HeatmapPlot(this);
    m_plot->setMinimumSize(360, 280);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(m_warnings);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);

    connect(m_view, &QComboBox::currentIndexChanged, this, &ImportedAttentionWindow::showView);
    connect(m_colorMap, &QComboBox::currentIndexChanged, this, [this] {
        m_plot->setColorMap(ColorMap::fromKey(m_colorMap->currentData().toString())
                                .value_or(ColorMap::defaultKind()));
    });
    connect(m_export, &QPushButton::clicked, this, &ImportedAttentionWindow::exportFigure);
    showView();
    resize(760, 600);
}

int ImportedAttentionWindow::selectedView() const
{
    return m_view->currentData().toInt();
}

void ImportedAttentionWindow::setSelectedView(int view)
{
    const int index = m_view->findData(view);
    if (index >= 0)
        m_view->setCurrentIndex(index);
}

QString ImportedAttentionWindow::bannerText() const
{
    return m_banner->text();
}

void ImportedAttentionWindow::showView()
{
    m_plot->setData(m_attention.view(selectedView()));
}

void ImportedAttentionWindow::exportFigure()
{
    ExportSource source;
    source.mean = m_attention.view(-1);
    for (int h = 0; h < m_attention.headCount(); ++h)
        source.heads.push_back(m_attention.view(h));
    source.selectedView = m_attention.headCount() > 1 ? selectedView() : -1;
    source.sessionTitle
        = m_attention.title.isEmpty() ? m_attention.view(-1).title : m_attention.title;
    source.scalingAvailable = false;
    auto *dialog = new ExportDialog(source, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    FigureOptions options = dialog->options();
    options.colorMap = m_plot->colorMap();
    dialog->setOptions(options);
    dialog->open();
}

} // namespace ae
