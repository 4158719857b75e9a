// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingcurveplot.h
/// One of the training lab's live plots: loss and accuracy, the gradient norms of w_q and w_k,
/// or the saturation, for the two runs on one step axis, with the scrubbed step marked. The
/// curves can be smoothed (a running mean, as TensorBoard does) with the raw values faint
/// behind; run B's lines carry markers, so the runs differ in more than their hue.

#include "plots/seriesplot.h"
#include "training/trainingtrace.h"

#include <array>

namespace ae {

/// A SeriesPlot of one quantity of two TrainingTraces.
class TrainingCurvePlot : public SeriesPlot
{
    Q_OBJECT
public:
    /// What the plot shows.
    enum class Kind {
        LossAccuracy, ///< loss (left axis) and accuracy (right axis, 0 to 1)
        GradientNorms, ///< |grad w_q| (solid) and |grad w_k| (dashed), log axis
        Saturation ///< mean largest weight, 0 to 1
    };

    explicit TrainingCurvePlot(Kind kind, QWidget *parent = nullptr);

    Kind kind() const { return m_kind; }
    /// Shows @p traces (run 0 and run 1) named @p names in the legend.
    void setTraces(
        const std::array<const TrainingTrace *, 2> &traces, const std::array<QString, 2> &names);
    /// Smooths the curves with weight @p weight (smoothedCurve(); 0: the raw values only).
    void setSmoothing(double weight);
    double smoothing() const { return m_smoothing; }
    /// Marks step @p step (the scrubber's); a negative step removes the marker.
    void setMarkedStep(double step);
    /// Sets every visible text in the current language.
    void retranslate();
    /// For the transformer's runs: the gradient plot shows one curve, the global norm of every
    /// parameter's gradient (kept in the trace's gradNormQ), and the texts say so.
    void setTransformer(bool on);
    bool isTransformer() const { return m_transformer; }

    /// @name Inspection (tests)
    /// @{
    /// The curve of quantity @p series (0: loss / |grad w_q| / saturation, 1: accuracy /
    /// |grad w_k|) of run @p run, or nullptr when the plot has no such curve.
    QCPGraph *graph(int run, int series) const;
    /// The faint raw curve behind graph(@p run, @p series) (hidden without smoothing).
    QCPGraph *rawGraph(int run, int series) const;
    QCPItemStraightLine *stepMarker() const { return m_marker; }
    /// @}

    /// The colour of run @p run (0 or 1), shared with the heatmap captions.
    static QColor runColor(int run);

protected:
    /// Hides the legend when it does not fit (the status line names the runs in colour).
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyStyle() override;
    void updateRanges();
    /// Fills the curves from m_traces at the current smoothing.
    void fillCurves();

    Kind m_kind;
    /// [run][series]; series 1 is null for the saturation plot.
    std::array<std::array<QCPGraph *, 2>, 2> m_graphs {};
    /// The raw values behind m_graphs, [run][series].
    std::array<std::array<QCPGraph *, 2>, 2> m_raw {};
    std::array<const TrainingTrace *, 2> m_traces {};
    double m_smoothing = 0.0;
    std::array<QString, 2> m_names;
    QCPItemStraightLine *m_marker;
    double m_lastStep = 0.0;
    bool m_transformer = false;
};

} // namespace ae
