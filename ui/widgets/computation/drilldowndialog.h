// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file drilldowndialog.h
/// One attention weight made by hand, in a window beside the heatmap: the products term by
/// term, the scaled score, the softmax row and the weight (the same text as `explain`), to the
/// decimals chosen above it, every result worked out from the numbers written (handcheck.h).

#include "explain/explain.h"

#include <QDialog>
#include <optional>

class QLabel;
class QSpinBox;
class QTextBrowser;

namespace ae {

class Document;

/// Explains the weight of a chosen cell of the document's latest result; follows edits.
class DrillDownDialog : public QDialog
{
    Q_OBJECT
public:
    explicit DrillDownDialog(Document *document, QWidget *parent = nullptr);

    /// Explains cell (@p query, @p key) of head @p head (ExplainRequest::meanOfHeads for the
    /// mean) with @p decimals decimals (the heatmap's, so that the last digits agree) unless
    /// the user chose the decimals in the window, and shows the window.
    void explain(int head, int query, int key, int decimals);

    /// The explanation on show, or nothing.
    const std::optional<WeightExplanation> &explanation() const { return m_explanation; }
    /// The weight as written in the derivation (to the decimals in use); empty when none.
    QString weightText() const;
    /// The derivation as Markdown (what the window renders).
    QString markdown() const { return m_markdown; }
    /// Larger text for a classroom (1 = everyday).
    void setZoom(double factor);
    /// The decimals of the derivation (the control above it).
    int decimals() const { return m_decimals; }
    /// Sets the decimals, as the control does; they then stay for the next cells.
    void setDecimals(int decimals);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Recomputes the derivation for the current request from the document.
    void refresh();
    void retranslate();

    Document *m_document;
    std::optional<ExplainRequest> m_request;
    int m_decimals = 4;
    bool m_decimalsChosen = false; ///< the user set the decimals; explain() keeps them
    double m_zoom = 1.0;
    std::optional<WeightExplanation> m_explanation;
    QString m_markdown;
    QLabel *m_decimalsLabel;
    QSpinBox *m_decimalsBox;
    QTextBrowser *m_browser;
};

} // namespace ae
