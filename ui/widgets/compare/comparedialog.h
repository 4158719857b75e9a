// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file comparedialog.h
/// View ▸ Compare…: the current session against a copy with one field changed, side by side
/// with the difference map, exportable as one figure.

#include "compare/comparefigure.h"
#include "session/sessioncompare.h"

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
    /// The figure as it is exported (its size chosen from the content).
    Figure figure() const;
    /// The figure as it is on screen: laid out to fill the figure view at the zoom.
    Figure screenFigure() const;
    /// Scales the panels' labels and titles by @p zoom (lesson mode's zoom; 1 = everyday).
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    /// The view drawing the panels (tests).
    FigureView *figureView() const { return m_figure; }
    /// Writes the figure to @p fileName (SVG, PNG or PDF by extension); false with a message
    /// shown on failure.
    bool exportTo(const QString &fileName);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void recompute();
    void retranslate();
    void updateControls();
    void exportWithDialog();
    /// Lays the figure out again for the view's size and the zoom.
    void showFigure();

    Document *m_document;
    std::optional<CompareResult> m_result;
    double m_zoom = 1.0;
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
