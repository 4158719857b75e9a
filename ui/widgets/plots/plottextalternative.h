// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plottextalternative.h
/// A curve plot in words, for a screen reader: its title, its axes and each series' values at
/// the horizontal axis's ticks.

#include <QCoreApplication>
#include <QString>

class QCustomPlot;

namespace ae {

/// The text alternative of the program's curve plots (SeriesPlot sets it as the plot's
/// accessible description after every replot).
class PlotTextAlternative
{
    Q_DECLARE_TR_FUNCTIONS(PlotTextAlternative)
public:
    /// @p plot in words, as its last replot laid it out, in the interface language:
    /// "<title>. Horizontal axis: <label>, from <lower> to <upper>. Vertical axis: …" (the
    /// right-hand value axis too when it is shown), then one sentence per visible named line
    /// or bar series: "<name>: <value> at <tick>, …", a value for each tick of the horizontal
    /// axis within the series' keys. With a right-hand axis each name says its axis; two
    /// series of one name say which is the solid line and which the dashed one. A line's value
    /// between two of its points is interpolated linearly; a bar's is that of the bar the tick
    /// falls on. Numbers read as NumberFormat::display() writes them, ticks as the axis labels
    /// them.
    static QString describe(QCustomPlot *plot, const QString &title);
};

} // namespace ae
