// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file queryrowview.h
/// The computation view's "one query's row, whole": for a chosen query of the head shown, each
/// key's q·k, scaled score and weight beside the value rows and the output row they make.

#include "computation/queryrow.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace ae {

class Document;
class MatrixTableWidget;

/// Shows QueryRow::parts() of the document's result as three tables; exports them as a figure.
class QueryRowView : public QWidget
{
    Q_OBJECT
public:
    explicit QueryRowView(Document *document, QWidget *parent = nullptr);

    /// The head (0-based) and query (0-based) shown.
    int head() const { return m_head; }
    void setHead(int head);
    int query() const { return m_query; }
    void setQuery(int query);
    /// Decimals of every number (0 .. 10).
    void setDecimals(int decimals);
    /// Larger fonts for a classroom (1 = everyday).
    void setZoom(double factor);
    /// Rebuilds the tables from the document's result (the view calls it when shown).
    void refresh();

    /// The parts on show.
    const QueryRowParts &parts() const { return m_parts; }
    /// The figure as it is exported.
    Figure figure() const;
    /// Writes the figure to @p fileName (SVG, PNG or PDF by its extension); false with the
    /// reason shown under the tables.
    bool exportTo(const QString &fileName);

    /// @name Inspection (tests)
    /// @{
    QComboBox *queryBox() const { return m_queryBox; }
    QList<MatrixTableWidget *> tables() const { return { m_keys, m_values, m_output }; }
    QString messageText() const;
    /// @}

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    /// Blanks the numbers while the document hides the weights.
    void updateWeightsHidden();
    void updateQueries();
    void retranslate();
    void exportWithDialog();

    Document *m_document;
    int m_head = 0;
    int m_query = 0;
    int m_decimals = 4;
    QueryRowParts m_parts;
    QLabel *m_queryLabel;
    QComboBox *m_queryBox;
    QPushButton *m_exportButton;
    QLabel *m_title;
    QLabel *m_times;
    QLabel *m_equals;
    QLabel *m_message;
    MatrixTableWidget *m_keys;
    MatrixTableWidget *m_values;
    MatrixTableWidget *m_output;
};

} // namespace ae
