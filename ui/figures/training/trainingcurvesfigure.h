// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingcurvesfigure.h
/// The training lab's curves for export: loss and accuracy of both runs, the gradient norms of
/// W_q and W_k (log axis) and the saturation, three panels on one shared step axis. The window's
/// Export… and the lesson handout draw them through here.

#include "export/figure.h"
#include "export/figureoptions.h"
#include "training/trainingconfig.h"
#include "training/trainingmetrics.h"

#include <QCoreApplication>
#include <array>
#include <vector>

namespace ae {

/// One run as the training figures show it.
struct TrainingFigureRun
{
    QString name; ///< e.g. "Run A: scaled by √d_k"
    const std::vector<StepMetrics> *metrics = nullptr; ///< every step, index = step; not owned
};

/// Lays out the training curves as Figure primitives.
class TrainingCurvesFigure
{
    Q_DECLARE_TR_FUNCTIONS(TrainingCurvesFigure)
public:
    /// The panels, left to right.
    enum class Panel { LossAccuracy, GradientNorms, Saturation };

    /// Most points a curve draws; longer runs are thinned evenly (the last step always kept).
    static constexpr int maxPoints = 1200;

    /// The colour of run @p run (0 or 1), shared with the window's curves and captions.
    static QColor runColor(int run);
    /// The name of a run of @p scale: "scaled (÷√d_k)", "unscaled", "÷ 4".
    static QString scaleTitle(const ScaleSpec &scale);
    /// Run @p run's name for legends and captions: "A: scaled (÷√d_k)".
    static QString runName(int run, const ScaleSpec &scale);
    /// The settings two runs share, in one line for a subtitle: "reverse · length 6 ·
    /// vocabulary 12 · d_model 128 · 1 head · adam, lr 0.003 · batch 32 · seed 0".
    static QString settingsText(const RunConfig &config);
    /// The panel's title.
    static QString title(Panel panel);
    /// The indices into a run of @p steps steps that a curve draws: all of them up to
    /// maxPoints, else an even thinning that keeps the first and the last.
    static std::vector<int> drawnIndices(int steps);

    /// The three panels side by side for @p runs (run A first), under options' title (or
    /// "Training curves") and @p subtitle (the settings), with one legend naming the runs.
    /// Curves carry the roles "curve", the quantity ("loss", "accuracy", "grad-q", "grad-k",
    /// "saturation") and "run0" / "run1"; one point per drawn step, in step order.
    static Figure make(const std::array<TrainingFigureRun, 2> &runs, const QString &subtitle,
        const FigureOptions &options);

    /// The figure of a lesson step that opens the Training window, made without a window: the
    /// curves of @p config's run A, scaled by √d_k (@p scaled), and run B, unscaled
    /// (@p unscaled), every other setting @p config's.
    static Figure makeTwins(const RunConfig &config, const std::vector<StepMetrics> &scaled,
        const std::vector<StepMetrics> &unscaled, const FigureOptions &options);
};

} // namespace ae
