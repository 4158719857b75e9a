// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file exportdialog.h
/// File ▸ Export…: the large heatmap, the grid of heads or the scaling plot, as SVG, PNG or
/// PDF (chosen by the file name's extension), with size, resolution, values, colour bar and
/// title. Problems are shown inside the dialog; nothing is lost by a failed export.

#include "export/exportsource.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace ae {

class ScalingRunner;

/// The export dialog. Draws with the same figure code as `attention-explorer export`.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ExportDialog(const ExportSource &source, QWidget *parent = nullptr);
    ~ExportDialog() override;

    /// @name Settings (the controls' values)
    /// @{
    ExportSource::What what() const;
    void setWhat(ExportSource::What what);
    QString fileName() const;
    void setFileName(const QString &fileName);
    FigureOptions options() const;
    void setOptions(const FigureOptions &options);
    /// @}

    /// Writes the figure now. Returns true on success (the dialog then closes); on failure the
    /// reason is shown in the dialog, which stays open.
    bool exportNow();
    /// The message shown in the dialog (an error, a warning or a progress note).
    QString message() const;
    /// True while the scaling experiment is computed for the plot.
    bool isComputingScaling() const;

signals:
    /// A figure was written to @p fileName.
    void exported(const QString &fileName);

private:
    void buildUi();
    void updateState();
    void browse();
    void showMessage(const QString &text, bool isError);
    void useExtension(const QString &extension);
    void restoreSettings();
    void saveSettings() const;
    void startScaling();

    ExportSource m_source;
    QComboBox *m_what = nullptr;
    QLineEdit *m_file = nullptr;
    QPushButton *m_browse = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QSpinBox *m_dpi = nullptr;
    QLabel *m_pixels = nullptr;
    QCheckBox *m_values = nullptr;
    QCheckBox *m_colorBar = nullptr;
    QCheckBox *m_titleBox = nullptr;
    QLineEdit *m_title = nullptr;
    QComboBox *m_colorMap = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_pngInstead = nullptr;
    QPushButton *m_exportButton = nullptr;
    ScalingRunner *m_runner = nullptr;
    QString m_confirmedOverwrite; ///< a file the user agreed to replace
    bool m_exportWhenReady = false;
};

} // namespace ae
