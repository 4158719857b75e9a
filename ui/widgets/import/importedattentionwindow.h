// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file importedattentionwindow.h
/// A window showing attention weights imported from a file, clearly labelled as imported and
/// not computed, with the same heatmap as the main window and the same export.

#include "import/importedattention.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace ae {

class HeatmapPlot;

/// One imported set of weights: a view chooser (mean or a head), the heatmap, and Export….
class ImportedAttentionWindow : public QWidget
{
    Q_OBJECT
public:
    explicit ImportedAttentionWindow(const ImportedAttention &attention, QWidget *parent = nullptr);

    const ImportedAttention &attention() const { return m_attention; }
    /// The view shown: -1 the mean, else a head.
    int selectedView() const;
    void setSelectedView(int view);

    /// @name Inspection (tests)
    /// @{
    HeatmapPlot *plot() const { return m_plot; }
    QString bannerText() const;
    QPushButton *exportButton() const { return m_export; }
    /// @}

    /// Opens the export dialog for what is shown.
    void exportFigure();

private:
    void showView();

    ImportedAttention m_attention;
    QLabel *m_banner;
    QLabel *m_warnings;
    QComboBox *m_view;
    QComboBox *m_colorMap;
    QPushButton *m_export;
    HeatmapPlot *m_plot;
};

} // namespace ae
