// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportscaling.h
/// Helpers of the scaling dock suites: the shown dock, a plotted curve's points and the core's
/// points for the same experiment, to compare one with the other.

#include <QList>
#include <QPointF>

class QCPGraph;

namespace ae {
class Document;
class ScalingPlotDock;
struct EntropyExperimentConfig;
} // namespace ae

namespace ae::test {

/// A scaling dock on its own document, shown at 700 x 520; the scaling dock suites derive from
/// it and call createDock() and destroyDock() around each test.
class ScalingDockFixture
{
protected:
    /// Makes and shows the dock and waits until it is exposed.
    void createDock();
    /// Deletes the dock and its document.
    void destroyDock();

    Document *m_document = nullptr;
    ScalingPlotDock *m_dock = nullptr;
};

/// The (d_k, value) points of @p graph, in order of d_k.
QList<QPointF> points(QCPGraph *graph);

/// The points runEntropyExperiment gives for @p config (its scaled curve when @p scaled, else
/// its unscaled one), sorted by d_k.
QList<QPointF> expectedPoints(const EntropyExperimentConfig &config, bool scaled);

} // namespace ae::test
