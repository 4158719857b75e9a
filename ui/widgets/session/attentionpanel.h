// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file attentionpanel.h
/// The attention controls: wiring, sizes, scale, mask and projections.

#include "attention/attentionconfig.h"

#include <QDockWidget>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace ae {

class Document;
class MessageBar;
class ProjectionEditor;
class TemperatureControl;

/// Where Q and K/V come from (with the four named wirings kept in sync), d_model and heads
/// (d_k shown), the scale, the causal mask and the projections. Changes go through the
/// Document; invalid values (heads that do not divide d_model, a bad divisor) are shown as
/// such and never corrected behind the user's back.
class AttentionPanel : public QDockWidget
{
    Q_OBJECT
public:
    /// The four named wirings, in the order of the wiring box.
    enum class Wiring { EncoderSelf, ReverseCross, StandardCross, DecoderSelf };

    explicit AttentionPanel(Document *document, QWidget *parent = nullptr);

    /// The wiring of Q from @p queryFrom and K/V from @p keyValueFrom.
    static Wiring wiringOf(SequenceRole queryFrom, SequenceRole keyValueFrom);
    /// The translated name of @p wiring, e.g. "Standard cross-attention (Y, X)".
    static QString wiringName(Wiring wiring);

    /// Larger text for a classroom projector.
    void setPresentationMode(bool on);

    /// @name The panel's parts, for tests.
    /// @{
    QComboBox *wiringCombo() const { return m_wiringCombo; }
    QComboBox *queryCombo() const { return m_queryCombo; }
    QComboBox *keyValueCombo() const { return m_keyValueCombo; }
    QSpinBox *modelDimSpin() const { return m_modelDimSpin; }
    QSpinBox *headsSpin() const { return m_headsSpin; }
    QLabel *dkLabel() const { return m_dkLabel; }
    QComboBox *scaleCombo() const { return m_scaleCombo; }
    QLineEdit *divisorEdit() const { return m_divisorEdit; }
    /// The divisor as a log slider around √d_k, with the sweep button.
    TemperatureControl *temperatureControl() const { return m_temperature; }
    QCheckBox *causalCheck() const { return m_causalCheck; }
    QComboBox *projectionCombo() const { return m_projectionCombo; }
    QSpinBox *projectionSeedSpin() const { return m_projectionSeedSpin; }
    QPushButton *editProjectionsButton() const { return m_editProjectionsButton; }
    MessageBar *messageBar() const { return m_message; }
    /// True while the four control groups sit in one row (false: two by two, or one above
    /// another).
    bool groupsSideBySide() const { return m_columns == 4; }
    /// How many columns the four control groups take: 4 (one row), 2 or 1 (a narrow column).
    int groupColumns() const { return m_columns; }
    /// The projection editor, once it has been opened (null before).
    ProjectionEditor *projectionEditor() const { return m_projectionEditor; }
    /// @}

    /// Opens (or raises) the projection editor.
    void openProjectionEditor();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void buildUi();
    /// Puts the four control groups in @p columns columns (4: one row; 2: two by two; 1).
    void arrangeGroups(int columns);
    /// Chooses the arrangement that fits the panel's width.
    void fitGroups();
    void connectUi();
    void followDocument();
    void followError();
    void applyScale();

    Document *m_document;
    QComboBox *m_wiringCombo = nullptr;
    QComboBox *m_queryCombo = nullptr;
    QComboBox *m_keyValueCombo = nullptr;
    QSpinBox *m_modelDimSpin = nullptr;
    QSpinBox *m_headsSpin = nullptr;
    QLabel *m_dkLabel = nullptr;
    QComboBox *m_scaleCombo = nullptr;
    QLineEdit *m_divisorEdit = nullptr;
    TemperatureControl *m_temperature = nullptr;
    QCheckBox *m_causalCheck = nullptr;
    QComboBox *m_projectionCombo = nullptr;
    QSpinBox *m_projectionSeedSpin = nullptr;
    QPushButton *m_editProjectionsButton = nullptr;
    MessageBar *m_message = nullptr;
    ProjectionEditor *m_projectionEditor = nullptr;
    bool m_divisorError = false;
    QList<QWidget *> m_groups;
    QGridLayout *m_groupGrid = nullptr;
    int m_columns = 4;
};

} // namespace ae
