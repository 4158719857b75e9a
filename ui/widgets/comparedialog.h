// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file comparedialog.h
/// View ▸ Compare…: the current session against a copy with one field changed, side by side
/// with the difference map, exportable as one figure.

#include "comparefigure.h"
#include "sessioncompare.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace ae {

class Document;
class FigureView;

/// Compares two configurations of the document's session; follows the document's edits.
class CompareDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CompareDialog(Document *document, QWidget *parent = nullptr);

    /// What is compared (the kind chooser and the head choices).
    CompareSpec spec() const;
    void setSpec(const CompareSpec &spec);
    /// The comparison on show, or nothing when it cannot be made (see problemText()).
    const std::optional<CompareResult> &comparison() const { return m_result; }
    /// Why nothing is compared, or an empty string.
    QString problemText() const { return m_problem; }
    /// The figure on screen, as it would be exported.
    Figure figure() const;
    /// Writes the figure to @p fileName (SVG, PNG or PDF by extension); false with a message
    /// shown on failure.
    bool exportTo(const QString &fileName);

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void retranslate();
    void updateControls();
    void exportWithDialog();

    Document *m_document;
    std::optional<CompareResult> m_result;
    QString m_problem;
    QLabel *m_kindLabel;
    QComboBox *m_kind;
    QLabel *m_viewLabel;
    QComboBox *m_view;
    QLabel *m_headALabel;
    QSpinBox *m_headA;
    QLabel *m_headBLabel;
    QSpinBox *m_headB;
    QLabel *m_note;
    FigureView *m_figure;
    QPushButton *m_export;
    QPushButton *m_close;
};

} // namespace ae
