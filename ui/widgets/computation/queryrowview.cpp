// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/queryrowview.h"

#include "computation/matrixtablewidget.h"
#include "document/document.h"
#include "document/recentfolders.h"
#include "export/figureexporter.h"
#include "plots/matrixplotadapter.h"
#include "plots/textsize.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace ae {

QueryRowView::QueryRowView(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_queryLabel(new QLabel(this))
    , m_queryBox(new QComboBox(this))
    , m_exportButton(new QPushButton(this))
    , m_title(new QLabel(this))
    , m_times(new QLabel(QStringLiteral("×"), this))
    , m_equals(new QLabel(QStringLiteral("="), this))
    , m_message(new QLabel(this))
    , m_keys(new MatrixTableWidget(this))
    , m_values(new MatrixTableWidget(this))
    , m_output(new MatrixTableWidget(this))
{
    setObjectName(QStringLiteral("queryRowView"));
    m_queryBox->setObjectName(QStringLiteral("queryRowQueryBox"));
    m_queryBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_queryLabel->setBuddy(m_queryBox);
    m_exportButton->setObjectName(QStringLiteral("queryRowExportButton"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setObjectName(QStringLiteral("queryRowTitle"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_keys->setObjectName(QStringLiteral("queryRowKeys"));
    m_values->setObjectName(QStringLiteral("queryRowValues"));
    m_output->setObjectName(QStringLiteral("queryRowOutput"));

    auto *top = new QHBoxLayout;
    top->addWidget(m_queryLabel);
    top->addWidget(m_queryBox);
    top->addSpacing(8);
    top->addWidget(m_title, 1);
    top->addWidget(m_exportButton);
    // Side by side, key rows level: each key's weight, times its value row, sums to o.
    auto *tables = new QHBoxLayout;
    tables->addWidget(m_keys, 0, Qt::AlignTop);
    tables->addWidget(m_times);
    tables->addWidget(m_values, 0, Qt::AlignTop);
    tables->addWidget(m_equals);
    tables->addWidget(m_output, 0, Qt::AlignTop);
    tables->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(tables, 1);
    layout->addWidget(m_message);

    connect(m_queryBox, &QComboBox::activated, this, &QueryRowView::setQuery);
    connect(m_exportButton, &QPushButton::clicked, this, &QueryRowView::exportWithDialog);
    connect(m_document, &Document::resultChanged, this, [this] {
        if (isVisible())
            refresh();
    });
    connect(m_document, &Document::weightsHiddenChanged, this, &QueryRowView::updateWeightsHidden);
    updateWeightsHidden();
    retranslate();
    setZoom(1.0);
}

void QueryRowView::setHead(int head)
{
    if (head == m_head)
        return;
    m_head = head;
    refresh();
}

void QueryRowView::setQuery(int query)
{
    m_query = std::max(0, query);
    refresh();
}

void QueryRowView::updateWeightsHidden()
{
    // A lesson's question is open: the row keeps its shape and labels, but no number.
    const bool hidden = m_document->weightsHidden();
    for (MatrixTableWidget *t : tables())
        t->setNumbersShown(!hidden);
    m_exportButton->setEnabled(!hidden);
}

void QueryRowView::setDecimals(int decimals)
{
    m_decimals = std::clamp(decimals, 0, 10);
    for (MatrixTableWidget *t : tables())
        t->setDecimals(m_decimals);
}

void QueryRowView::setZoom(double factor)
{
    for (MatrixTableWidget *t : tables())
        t->setZoom(factor);
    QFont f = m_times->font();
    f.setPointSizeF(TextSize::points(14.0 * factor));
    f.setBold(true);
    m_times->setFont(f);
    m_equals->setFont(f);
    QFont title = m_title->font();
    title.setPointSizeF(TextSize::points(10.0 * factor));
    title.setBold(true);
    m_title->setFont(title);
}

void QueryRowView::updateQueries()
{
    const QStringList tokens = m_document->hasResult()
        ? m_document->resultSession().querySequence().tokens
        : QStringList();
    const QSignalBlocker blocker(m_queryBox);
    m_queryBox->clear();
    for (int i = 0; i < tokens.size(); ++i) {
        m_queryBox->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(
            MatrixPlotAdapter::elided(tokens[i], MatrixPlotAdapter::maxLabelChars)));
        m_queryBox->setItemData(i, tokens[i], Qt::ToolTipRole);
    }
    m_query = std::clamp(m_query, 0, std::max(0, int(tokens.size()) - 1));
    m_queryBox->setCurrentIndex(m_query);
}

void QueryRowView::refresh()
{
    updateQueries();
    if (!m_document->hasResult()) {
        m_parts = QueryRowParts();
        return;
    }
    m_parts = QueryRow::parts(m_document->resultSession(), m_document->result(), m_head, m_query);
    m_head = m_parts.head;
    m_query = m_parts.query;
    m_title->setText(m_parts.title);
    m_keys->setMatrix(m_parts.keys);
    m_values->setMatrix(m_parts.values);
    m_output->setMatrix(m_parts.output);
    setDecimals(m_decimals);
}

Figure QueryRowView::figure() const
{
    return QueryRow::figure(m_parts, m_decimals, FigureOptions());
}

bool QueryRowView::exportTo(const QString &fileName)
{
    if (!m_document->hasResult())
        return false;
    m_message->show();
    if (const QString problem = FigureExporter::formatProblem(fileName); !problem.isEmpty()) {
        m_message->setText(problem);
        return false;
    }
    const auto outcome = FigureExporter::write(figure(), fileName, 192);
    m_message->setText(outcome.ok()
            ? tr("Exported the row to %1.").arg(QDir::toNativeSeparators(fileName))
            : outcome.message);
    return outcome.ok();
}

QString QueryRowView::messageText() const
{
    return m_message->text();
}

void QueryRowView::exportWithDialog()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString stem = QStringLiteral("row-head%1-query%2").arg(m_head + 1).arg(m_query + 1);
    const QString file = QFileDialog::getSaveFileName(this, tr("Export the Row"),
        RecentFolders::suggestion(RecentFolders::figure, stem + QStringLiteral(".svg"), dir),
        tr("SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)"));
    RecentFolders::remember(RecentFolders::figure, file);
    if (!file.isEmpty())
        exportTo(file);
}

void QueryRowView::retranslate()
{
    m_queryLabel->setText(tr("Query:"));
    m_exportButton->setText(tr("Export\u2026"));
    m_exportButton->setToolTip(tr("Save these three tables as one figure (SVG, PNG or PDF)."));
    m_times->setToolTip(tr("Each key's weight times its value row…"));
    m_equals->setToolTip(tr("…summed over the keys gives the query's output row."));
}

void QueryRowView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh(); // the titles are made in the language of the moment
    }
    QWidget::changeEvent(event);
}

void QueryRowView::showEvent(QShowEvent *event)
{
    refresh();
    QWidget::showEvent(event);
}

} // namespace ae
