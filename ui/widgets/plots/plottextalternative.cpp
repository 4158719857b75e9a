// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plottextalternative.h"

#include "language/numberformat.h"

#include <QStringList>
#include <cmath>
#include <optional>
#include <qcustomplot.h>
#include <vector>

namespace ae {

namespace {

/// The sentence of @p axis, called @p which: its label and its range.
QString axisSentence(const QCPAxis *axis, const QString &which)
{
    const QString lower = NumberFormat::display(axis->range().lower);
    const QString upper = NumberFormat::display(axis->range().upper);
    const QString label = axis->label().simplified();
    if (label.isEmpty())
        return PlotTextAlternative::tr("%1 from %2 to %3.").arg(which, lower, upper);
    return PlotTextAlternative::tr("%1: %2, from %3 to %4.").arg(which, label, lower, upper);
}

/// The value of a line @p graph at @p key: a point's own at its key, linearly interpolated
/// between two points, nothing outside its keys or next to a gap (NaN).
std::optional<double> lineValue(const QCPGraph *graph, double key)
{
    const QSharedPointer<QCPGraphDataContainer> data = graph->data();
    if (data->isEmpty())
        return std::nullopt;
    const double tolerance = 1e-9 * std::max(1.0, std::abs(key));
    auto after = data->findBegin(key - tolerance, false);
    if (after == data->constEnd())
        return std::nullopt;
    if (std::abs(after->key - key) <= tolerance)
        return std::isnan(after->value) ? std::nullopt : std::optional<double>(after->value);
    if (after == data->constBegin())
        return std::nullopt;
    const auto before = after - 1;
    if (std::isnan(before->value) || std::isnan(after->value))
        return std::nullopt;
    const double t = (key - before->key) / (after->key - before->key);
    return before->value + t * (after->value - before->value);
}

/// The value of the bar of @p bars that @p key falls on, nothing between bars.
std::optional<double> barValue(const QCPBars *bars, double key)
{
    const double half = bars->width() / 2.0;
    for (const QCPBarsData &bar : *bars->data()) {
        if (key >= bar.key - half && key <= bar.key + half)
            return bar.value;
    }
    return std::nullopt;
}

} // namespace

QString PlotTextAlternative::describe(QCustomPlot *plot, const QString &title)
{
    QStringList sentences;
    if (!title.simplified().isEmpty())
        sentences << tr("%1.").arg(title.simplified());
    sentences << axisSentence(plot->xAxis, tr("Horizontal axis"));
    sentences << axisSentence(plot->yAxis, tr("Vertical axis"));
    if (plot->yAxis2->visible())
        sentences << axisSentence(plot->yAxis2, tr("Right-hand axis"));

    // The series named (the legend's, and lines a legend leaves out to spare room, such as
    // a second quantity of the same run), each with its value axis when there are two, and
    // with its line's style when that is all that tells two apart.
    struct Series
    {
        const QCPAbstractPlottable *plottable;
        QString label;
    };
    std::vector<Series> described;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        const QCPAbstractPlottable *series = plot->plottable(i);
        const QString name = series->name().simplified();
        if (!series->visible() || name.isEmpty()
            || (!qobject_cast<const QCPGraph *>(series) && !qobject_cast<const QCPBars *>(series)))
            continue;
        const QString axis = series->valueAxis()->label().simplified();
        described.push_back({ series,
            plot->yAxis2->visible() && !axis.isEmpty() ? tr("%1 (%2)").arg(name, axis) : name });
    }
    QStringList labels;
    for (const Series &series : described)
        labels << series.label;
    for (Series &series : described) {
        if (labels.count(series.label) < 2)
            continue;
        const bool solid = series.plottable->pen().style() == Qt::SolidLine;
        series.label = solid ? tr("%1, solid line").arg(series.label)
                             : tr("%1, dashed line").arg(series.label);
    }

    const QVector<double> ticks = plot->xAxis->tickVector();
    const QVector<QString> tickLabels = plot->xAxis->tickVectorLabels();
    for (const Series &series : described) {
        const auto *graph = qobject_cast<const QCPGraph *>(series.plottable);
        const auto *bars = qobject_cast<const QCPBars *>(series.plottable);
        QStringList points;
        for (int t = 0; t < ticks.size(); ++t) {
            const std::optional<double> value
                = graph ? lineValue(graph, ticks[t]) : barValue(bars, ticks[t]);
            if (!value)
                continue;
            const QString tick = t < tickLabels.size() && !tickLabels[t].simplified().isEmpty()
                ? QString(tickLabels[t]).simplified()
                : NumberFormat::display(ticks[t]);
            points << tr("%1 at %2").arg(NumberFormat::display(*value), tick);
        }
        QString values = points.isEmpty() ? tr("no values") : points.front();
        for (qsizetype p = 1; p < points.size(); ++p)
            values = tr("%1, %2").arg(values, points[p]);
        sentences << tr("%1: %2.").arg(series.label, values);
    }
    return sentences.join(QLatin1Char(' '));
}

} // namespace ae
