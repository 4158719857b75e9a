// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/matrixtablewidget.h"

#include "export/matrixclipboard.h"
#include "heatmap/headtint.h"
#include "heatmap/heatmapcellinfo.h"
#include "plots/matrixplotadapter.h"
#include "plots/textsize.h"
#include "session/displayindex.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

namespace ae {

namespace {

/// A header item showing @p label, elided when long, the whole label as its tooltip and as
/// what a screen reader says.
QTableWidgetItem *headerItem(const QString &label)
{
    auto *item
        = new QTableWidgetItem(MatrixPlotAdapter::elided(label, MatrixPlotAdapter::maxLabelChars));
    item->setToolTip(label);
    item->setData(Qt::AccessibleTextRole, label);
    return item;
}

} // namespace

MatrixTableWidget::MatrixTableWidget(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_copyButton(new QToolButton(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Keys belong to the stepping of the computation view, not to moving between cells.
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    connect(m_table, &QTableWidget::cellClicked, this, &MatrixTableWidget::cellClicked);

    m_copyButton->setPopupMode(QToolButton::InstantPopup);
    m_copyButton->setFocusPolicy(Qt::NoFocus);
    auto *menu = new QMenu(m_copyButton);
    for (const MatrixClipboard::Format format : MatrixClipboard::formats()) {
        QAction *action = menu->addAction(MatrixClipboard::displayName(format));
        connect(action, &QAction::triggered, this,
            [this, format] { MatrixClipboard::copy({ m_matrix }, format); });
    }
    m_copyButton->setMenu(menu);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_title, 1);
    header->addWidget(m_copyButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_table);
    retranslate();
}

void MatrixTableWidget::setMatrix(const LabelledMatrix &matrix, const std::vector<int> &columnHead)
{
    m_matrix = matrix;
    m_columnHead = columnHead;
    fillCells();
}

void MatrixTableWidget::setDecimals(int decimals)
{
    m_decimals = std::clamp(decimals, 0, 10);
    fillCells();
}

void MatrixTableWidget::setNumbersShown(bool shown)
{
    if (shown == m_shown)
        return;
    m_shown = shown;
    fillCells();
}

void MatrixTableWidget::setZoom(double factor)
{
    m_zoom = factor;
    QFont tableFont = m_table->font();
    tableFont.setPointSizeF(std::max(6.0, TextSize::points(9.0 * factor)));
    m_table->setFont(tableFont);
    m_table->horizontalHeader()->setFont(tableFont);
    m_table->verticalHeader()->setFont(tableFont);
    // Rows tall enough to read from the back of a room once the font is large.
    m_table->verticalHeader()->setMinimumSectionSize(
        static_cast<int>(std::lround(QFontMetricsF(tableFont).height() * 1.4)));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(std::max(6.0, TextSize::points(9.0 * factor)));
    titleFont.setBold(true);
    m_title->setFont(titleFont);
}

QString MatrixTableWidget::titleText() const
{
    return m_title->text();
}

QString MatrixTableWidget::cellText(int row, int column) const
{
    const QTableWidgetItem *item = m_table->item(row, column);
    return item ? item->text() : QString();
}

void MatrixTableWidget::fillCells()
{
    const int rows = static_cast<int>(m_matrix.values.rows());
    const int columns = static_cast<int>(m_matrix.values.cols());
    m_title->setText(tr("%1 (%2 × %3)").arg(m_matrix.name).arg(rows).arg(columns));
    // Sized once after filling: sections sized to their contents while cells arrive measure
    // a whole row or column per cell, minutes for a matrix with a thousand columns.
    QHeaderView *horizontal = m_table->horizontalHeader();
    QHeaderView *vertical = m_table->verticalHeader();
    horizontal->setSectionResizeMode(QHeaderView::Interactive);
    vertical->setSectionResizeMode(QHeaderView::Interactive);
    m_table->clear();
    m_table->setRowCount(rows);
    m_table->setColumnCount(columns);
    for (int r = 0; r < rows && r < m_matrix.rowLabels.size(); ++r)
        m_table->setVerticalHeaderItem(r, headerItem(m_matrix.rowLabels[r]));
    for (int c = 0; c < columns && c < m_matrix.columnLabels.size(); ++c)
        m_table->setHorizontalHeaderItem(c, headerItem(m_matrix.columnLabels[c]));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const bool visible = m_matrix.isVisible(r, c);
            QString text = QStringLiteral("?");
            if (m_shown)
                text = visible ? HeatmapCellInfo::cellLabel(m_matrix.values(r, c), m_decimals)
                               : QStringLiteral("−∞");
            auto *item = new QTableWidgetItem(text);
            item->setData(Qt::AccessibleTextRole, accessibleText(r, c));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (m_shown && visible)
                item->setToolTip(
                    tr("%1, %2: %3")
                        .arg(m_matrix.rowLabels.value(r), m_matrix.columnLabels.value(c), text));
            else if (!visible)
                item->setToolTip(tr("Masked: this query may not see this key."));
            if (static_cast<size_t>(c) < m_columnHead.size()) {
                const QColor tint = headTint(m_columnHead[static_cast<size_t>(c)]);
                if (tint.isValid())
                    item->setBackground(tint);
            }
            m_table->setItem(r, c, item);
        }
    }
    horizontal->setSectionResizeMode(QHeaderView::ResizeToContents);
    vertical->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Qt's own accessible table of the QTableWidget carries the cells' and headers' texts.
    m_table->setAccessibleName(m_matrix.name);
    m_table->setAccessibleDescription(
        tr("%1 rows, %2 columns; each cell reads its row, its column and its value.")
            .arg(rows)
            .arg(columns));
}

QString MatrixTableWidget::accessibleText(int row, int column) const
{
    const int rows = static_cast<int>(m_matrix.values.rows());
    const int columns = static_cast<int>(m_matrix.values.cols());
    if (row < 0 || row >= rows || column < 0 || column >= columns)
        return QString();
    // A label that only repeats the number (a dimension of Q, K or V) is not said twice.
    const auto place = [](const QString &format, const QString &formatLabelled, int index,
                           const QString &label) {
        return label.isEmpty() || label == displayNumber(index)
            ? format.arg(displayNumber(index))
            : formatLabelled.arg(displayNumber(index), label);
    };
    const QString where = tr("%1, %2").arg(
        place(tr("row %1"), tr("row %1 (%2)"), row, m_matrix.rowLabels.value(row)),
        place(tr("column %1"), tr("column %1 (%2)"), column, m_matrix.columnLabels.value(column)));
    if (!m_matrix.isVisible(row, column))
        return tr("%1: masked, minus infinity").arg(where);
    if (!m_shown)
        return tr("%1: hidden while the question is open").arg(where);
    return tr("%1: %2").arg(
        where, HeatmapCellInfo::cellLabel(m_matrix.values(row, column), m_decimals));
}

void MatrixTableWidget::retranslate()
{
    m_copyButton->setText(tr("Copy As"));
    m_copyButton->setToolTip(tr("Copy this matrix as TSV, CSV, Markdown or LaTeX."));
    const QList<QAction *> actions = m_copyButton->menu()->actions();
    const std::vector<MatrixClipboard::Format> formats = MatrixClipboard::formats();
    for (int i = 0; i < actions.size() && static_cast<size_t>(i) < formats.size(); ++i)
        actions[i]->setText(MatrixClipboard::displayName(formats[static_cast<size_t>(i)]));
    fillCells();
}

void MatrixTableWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace ae
