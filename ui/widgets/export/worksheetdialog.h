// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file worksheetdialog.h
/// File ▸ Make Worksheets…: the options of `attention-explorer worksheet`, a preview of the
/// first student's sheet, and the same files written to a folder.

#include "worksheet/worksheet.h"
#include "worksheet/worksheetwriter.h"

#include <QDialog>
#include <QImage>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace ae {

/// The worksheet dialog. Non-modal use: open(), then written() on success.
class WorksheetDialog : public QDialog
{
    Q_OBJECT

public:
    explicit WorksheetDialog(QWidget *parent = nullptr);

    /// The options as set in the dialog (the range rules are checkWorksheetConfig()'s).
    WorksheetConfig config() const;
    /// Shows @p config in the controls and updates the preview.
    void setConfig(const WorksheetConfig &config);
    WorksheetFormat format() const;
    void setFormat(WorksheetFormat format);
    /// The folder the files go to.
    QString folder() const;
    void setFolder(const QString &folder);

    /// The preview of the first student's sheet as shown (null while the options are refused).
    QImage preview() const { return m_preview; }
    /// The message under the options: why they are refused or why writing failed; empty if none.
    QString problem() const;

    /// Writes the worksheets as the Write button does. On failure the dialog stays open and
    /// shows why. @return true when every file was written.
    bool writeWorksheets();

signals:
    /// Every file was written: @p count files for @p students students into @p folder.
    void written(const QString &folder, int students, int count);

private:
    void updatePreview();
    void chooseFolder();
    void showProblem(const QString &text);

    QLineEdit *m_folder;
    QSpinBox *m_students;
    QSpinBox *m_seed;
    QComboBox *m_language;
    QComboBox *m_format;
    QSpinBox *m_tokens;
    QSpinBox *m_dModel;
    QComboBox *m_heads;
    QComboBox *m_wiring;
    QCheckBox *m_causal;
    QLabel *m_previewLabel;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    QImage m_preview;
};

} // namespace ae
