// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingsettingsform.h
/// The training lab's settings: the model (one cross-attention layer or the transformer,
/// with its layers and d_ff), task, length, vocabulary, d_model, heads, optimiser,
/// learning rate, batch, steps, seed, the two runs' scales and when to stop. It turns them into
/// the core's RunConfigs and says in words what is wrong when they break a limit.

#include "training/trainingconfig.h"

#include <QWidget>
#include <array>
#include <functional>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace ae {

/// A form of spin boxes and drop-downs; the ranges come from traininglimits.h.
class TrainingSettingsForm : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingSettingsForm(QWidget *parent = nullptr);

    /// The two runs the form describes (they differ in the scale only), or nothing when a
    /// setting breaks a limit (problem() says which).
    std::optional<std::array<RunConfig, 2>> configs() const;
    /// What is wrong with the settings, in the interface language; empty when nothing is.
    QString problem() const;
    /// Shows @p config (task, model, optimiser, batch, steps, seed) and the scales @p scales.
    void setConfigs(const std::array<RunConfig, 2> &configs);
    /// The accuracy at which a run stops by itself (0 to 1; 0 = never).
    double targetAccuracy() const;
    /// A run's name for legends and captions: "scaled (÷√d_k)", "unscaled", "÷ 4".
    QString runName(int run) const;
    /// Asked before a picked task replaces the runs: false keeps the task that was there
    /// (the user cancelled). Without a guard, a pick always goes through.
    void setTaskChangeGuard(std::function<bool()> guard) { m_taskGuard = std::move(guard); }

    /// @name Fields (tests)
    /// @{
    QComboBox *modelBox() const { return m_model; }
    QSpinBox *layersBox() const { return m_layers; }
    QSpinBox *feedForwardBox() const { return m_dFf; }
    QComboBox *taskBox() const { return m_task; }
    QSpinBox *lengthBox() const { return m_length; }
    QSpinBox *vocabBox() const { return m_vocab; }
    QSpinBox *modelDimBox() const { return m_dModel; }
    QSpinBox *headsBox() const { return m_heads; }
    QComboBox *optimizerBox() const { return m_optimizer; }
    QDoubleSpinBox *learningRateBox() const { return m_lr; }
    QSpinBox *batchBox() const { return m_batch; }
    QSpinBox *stepsBox() const { return m_steps; }
    QSpinBox *seedBox() const { return m_seed; }
    QComboBox *scaleBox(int run) const { return m_scales[size_t(run)]; }
    QDoubleSpinBox *targetBox() const { return m_target; }
    /// The inline message under the form.
    QLabel *messageLabel() const { return m_message; }
    /// @}

signals:
    /// A setting that shapes the runs changed.
    void changed();
    /// The target accuracy changed (runs go on).
    void targetChanged(double accuracy);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// Length and vocabulary apply to the synthetic tasks only; layers and d_ff are shown for
    /// the transformer only.
    void updateEnabled();
    /// The run the fields describe, before the scales (run A's scale, or √d_k).
    RunConfig fieldsConfig() const;
    /// The scale a run's box holds, or nothing when its text is not a scale.
    std::optional<ScaleSpec> scale(int run) const;
    /// Shows problem() under the form and marks the field it names.
    void updateMessage();

    QFormLayout *m_form;
    QComboBox *m_model;
    QSpinBox *m_layers;
    QSpinBox *m_dFf;
    QComboBox *m_task;
    std::function<bool()> m_taskGuard;
    int m_taskIndex = 0; ///< the task last accepted
    QSpinBox *m_length;
    QSpinBox *m_vocab;
    QSpinBox *m_dModel;
    QSpinBox *m_heads;
    QComboBox *m_optimizer;
    QDoubleSpinBox *m_lr;
    QSpinBox *m_batch;
    QSpinBox *m_steps;
    QSpinBox *m_seed;
    std::array<QComboBox *, 2> m_scales {};
    QDoubleSpinBox *m_target;
    QLabel *m_message;
};

} // namespace ae
