// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file matrixtablewidget.h
/// One labelled matrix of the computation view: its name and shape, the numbers in a table
/// with token labels, and a button copying it in every Copy As format.

#include "export/labelledmatrix.h"

#include <QWidget>

class QLabel;
class QTableWidget;
class QToolButton;

namespace ae {

/// Shows a LabelledMatrix to a chosen number of decimals; masked cells read −∞.
class MatrixTableWidget : public QWidget
{
    Q_OBJECT
public:
    explicit MatrixTableWidget(QWidget *parent = nullptr);

    /// Shows @p matrix. @p columnHead gives the head of each column (for the head tint), or
    /// is empty for no tint.
    void setMatrix(const LabelledMatrix &matrix, const std::vector<int> &columnHead = {});
    const LabelledMatrix &matrix() const { return m_matrix; }
    /// Decimals of every number (0 .. 10).
    void setDecimals(int decimals);
    /// When false the numbers are hidden ("?"), the shape and labels stay: a lesson's "reveal".
    void setNumbersShown(bool shown);
    bool numbersShown() const { return m_shown; }
    /// Larger fonts and cells for a classroom, scaled by @p factor (1 = everyday).
    void setZoom(double factor);

    /// @name Inspection (tests)
    /// @{
    QTableWidget *table() const { return m_table; }
    QString titleText() const;
    /// The text of cell (@p row, @p column) as shown.
    QString cellText(int row, int column) const;
    /// What a screen reader says for cell (@p row, @p column) of the table (Qt's accessible
    /// table of the QTableWidget): "row 1 (i), column 2 (爱): 0.3084", the number as shown, or
    /// that the cell is masked or hidden; empty out of range. The header cells say their
    /// whole labels, the table its matrix's name.
    QString accessibleText(int row, int column) const;
    /// @}

signals:
    /// The user clicked cell (@p row, @p column).
    void cellClicked(int row, int column);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillCells();
    void retranslate();

    LabelledMatrix m_matrix;
    std::vector<int> m_columnHead;
    int m_decimals = 4;
    bool m_shown = true;
    double m_zoom = 1.0;
    QLabel *m_title;
    QTableWidget *m_table;
    QToolButton *m_copyButton;
};

} // namespace ae
