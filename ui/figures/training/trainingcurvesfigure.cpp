// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingcurvesfigure.h"

#include "export/figurestyle.h"
#include "scaling/scalingfigure.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using namespace figurestyle;
using Panel = TrainingCurvesFigure::Panel;

constexpr double panelTitlePx = 13.0;
constexpr double legendPx = 11.0;

/// Maps a step and a value to a plot rectangle: linear steps, linear or log10 values.
struct Axes
{
    QRectF plot;
    double xHigh = 1.0;
    double yLow = 0.0, yHigh = 1.0; ///< log10 of the values on a log axis
    bool logY = false;

    double x(double step) const { return plot.left() + step / xHigh * plot.width(); }
    double y(double v) const
    {
        const double t = logY ? std::log10(v) : v;
        return plot.bottom() - (t - yLow) / (yHigh - yLow) * plot.height();
    }
};

/// A quantity of a step.
double valueOf(const StepMetrics &m, const QString &quantity)
{
    if (quantity == QLatin1String("loss"))
        return m.loss;
    if (quantity == QLatin1String("accuracy"))
        return m.accuracy;
    if (quantity == QLatin1String("grad-q"))
        return m.gradNormQ;
    if (quantity == QLatin1String("grad-k"))
        return m.gradNormK;
    return m.maxWeight;
}

/// "10⁻³": a power of ten with a superscript exponent.
QString powerOfTen(int exponent)
{
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString e;
    for (const QChar c : QString::number(std::abs(exponent)))
        e += digits.at(c.digitValue());
    return QStringLiteral("10") + (exponent < 0 ? QStringLiteral("⁻") : QString()) + e;
}

/// The quantities of a panel: solid first, dashed second.
QStringList quantitiesOf(Panel panel)
{
    switch (panel) {
    case Panel::LossAccuracy:
        return { QStringLiteral("loss"), QStringLiteral("accuracy") };
    case Panel::GradientNorms:
        return { QStringLiteral("grad-q"), QStringLiteral("grad-k") };
    case Panel::Saturation:
        break;
    }
    return { QStringLiteral("saturation") };
}

QString yTitleOf(Panel panel)
{
    switch (panel) {
    case Panel::LossAccuracy:
        return TrainingCurvesFigure::tr("loss (solid)");
    case Panel::GradientNorms:
        return TrainingCurvesFigure::tr("W_q solid, W_k dashed");
    case Panel::Saturation:
        break;
    }
    return TrainingCurvesFigure::tr("mean largest weight");
}

/// Hollow circles in run B's colour on about a dozen of @p points (every one when few).
void addMarkers(Figure &f, const QPolygonF &points, const QString &role)
{
    const qsizetype step = std::max<qsizetype>(1, points.size() / 12);
    for (qsizetype i = 0; i < points.size(); i += step) {
        Figure::Item &marker = f.addCircle(points[i], 3.0, QColor(Qt::white), role);
        marker.stroke = TrainingCurvesFigure::runColor(1);
        marker.strokeWidth = 1.4;
    }
}

/// One panel (title, axes, the curves of both runs) in @p area; @p lastStep ends the shared
/// step axis.
void drawPanel(Figure &f, const QRectF &area, Panel panel,
    const std::array<TrainingFigureRun, 2> &runs, double lastStep)
{
    const QFontMetricsF pfm(Figure::font(panelTitlePx, true));
    Figure::Item &t = f.addText(QPointF(area.center().x(), area.top() + pfm.ascent()),
        pfm.elidedText(TrainingCurvesFigure::title(panel), Qt::ElideRight, area.width()),
        panelTitlePx, textColor, Figure::Align::Middle, QStringLiteral("panel-title"));
    t.bold = true;
    const QStringList quantities = quantitiesOf(panel);

    Axes axes;
    axes.xHigh = std::max(10.0, lastStep);
    axes.logY = panel == Panel::GradientNorms;
    double lo = HUGE_VAL, hi = 0.0;
    for (const TrainingFigureRun &run : runs) {
        if (!run.metrics)
            continue;
        for (const StepMetrics &m : *run.metrics) {
            for (int q = 0; q < (panel == Panel::LossAccuracy ? 1 : quantities.size()); ++q) {
                const double v = valueOf(m, quantities[q]);
                if (axes.logY && v <= 0.0)
                    continue;
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    std::vector<std::pair<double, QString>> yTicks;
    if (axes.logY) {
        // Whole decades, so that every tick is a power of ten.
        const int from = hi > 0.0 ? int(std::floor(std::log10(lo))) : -4;
        int to = hi > 0.0 ? int(std::ceil(std::log10(hi))) : 1;
        if (to <= from)
            to = from + 1;
        axes.yLow = from;
        axes.yHigh = to;
        const int stride = std::max(1, (to - from + 5) / 6);
        for (int e = from; e <= to; e += stride)
            yTicks.emplace_back(std::pow(10.0, e), powerOfTen(e));
    } else {
        axes.yHigh = panel == Panel::LossAccuracy ? (hi > 0.0 ? hi * 1.05 : 1.0) : 1.0;
        for (const double v : Figure::niceTicks(0.0, axes.yHigh, 5))
            yTicks.emplace_back(v, Figure::tickText(v, 2));
    }

    const QFontMetricsF tfm(Figure::font(tickPx));
    const QFontMetricsF afm(Figure::font(axisTitlePx));
    double tickWidth = 0.0;
    for (const auto &tick : yTicks)
        tickWidth = std::max(tickWidth, tfm.horizontalAdvance(tick.second));
    const bool rightAxis = panel == Panel::LossAccuracy;
    const double rightSpace
        = rightAxis ? tfm.horizontalAdvance(QStringLiteral("0.75")) + axisTitlePx * 1.6 + 7.0 : 6.0;
    const double top = area.top() + pfm.height() + 8.0;
    axes.plot = QRectF(QPointF(area.left() + axisTitlePx * 1.6 + tickWidth + 7.0, top),
        QPointF(area.right() - rightSpace,
            std::max(top + 20.0, area.bottom() - axisTitlePx * 1.6 - tfm.height() - 5.0)));
    const QRectF &plot = axes.plot;

    for (const auto &[value, text] : yTicks) {
        const double py = axes.y(value);
        f.addLine(QPointF(plot.left(), py), QPointF(plot.right(), py), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addText(QPointF(plot.left() - 5.0, py + baselineOffset(tfm)), text, tickPx, textColor,
            Figure::Align::End, QStringLiteral("tick-label y-tick"));
    }
    if (rightAxis) {
        for (const double v : Figure::niceTicks(0.0, 1.0, 4))
            f.addText(QPointF(plot.right() + 5.0,
                          plot.bottom() - v * plot.height() + baselineOffset(tfm)),
                Figure::tickText(v, 2), tickPx, textColor, Figure::Align::Start,
                QStringLiteral("tick-label y2-tick"));
        Figure::Item &y2 = f.addText(QPointF(area.right() - afm.descent(), plot.center().y()),
            TrainingCurvesFigure::tr("accuracy (dashed)"), axisTitlePx, mutedTextColor,
            Figure::Align::Middle, QStringLiteral("axis-title"));
        y2.rotation = 90.0;
    }
    // The step ticks: as many as the plot's width gives room for (Figure::tickCountForWidth).
    const double labelWidth = tfm.horizontalAdvance(Figure::tickText(axes.xHigh, 0));
    std::vector<double> xTicks
        = Figure::niceTicks(0.0, axes.xHigh, Figure::tickCountForWidth(plot.width(), labelWidth));
    if (xTicks.size() < 2)
        xTicks = { 0.0, axes.xHigh }; // room for one interval: the two ends
    for (const double v : xTicks) {
        const double px = axes.x(v);
        f.addLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()), gridColor, 1.0,
            QStringLiteral("grid"));
        f.addText(QPointF(px, plot.bottom() + 5.0 + tfm.ascent()), Figure::tickText(v, 0), tickPx,
            textColor, Figure::Align::Middle, QStringLiteral("tick-label x-tick"));
    }
    f.addFrame(plot, frameColor, 1.0, QStringLiteral("frame"));
    f.addText(QPointF(plot.center().x(), plot.bottom() + 5.0 + tfm.height() + 2.0 + afm.ascent()),
        TrainingCurvesFigure::tr("step"), axisTitlePx, mutedTextColor, Figure::Align::Middle,
        QStringLiteral("axis-title"));
    Figure::Item &y
        = f.addText(QPointF(area.left() + afm.ascent(), plot.center().y()), yTitleOf(panel),
            axisTitlePx, mutedTextColor, Figure::Align::Middle, QStringLiteral("axis-title"));
    y.rotation = -90.0;

    for (int run = 0; run < 2; ++run) {
        const std::vector<StepMetrics> *metrics = runs[size_t(run)].metrics;
        if (!metrics || metrics->empty())
            continue;
        const std::vector<int> indices = TrainingCurvesFigure::drawnIndices(int(metrics->size()));
        for (int q = 0; q < quantities.size(); ++q) {
            QPolygonF points;
            for (const int i : indices) {
                const StepMetrics &m = (*metrics)[size_t(i)];
                const double v = valueOf(m, quantities[q]);
                if (axes.logY && v <= 0.0)
                    continue; // a norm of exactly 0 has no place on a log axis
                // Accuracy reads on the right axis, 0 to 1.
                const double py = quantities[q] == QLatin1String("accuracy")
                    ? plot.bottom() - v * plot.height()
                    : axes.y(v);
                points << QPointF(axes.x(m.step), py);
            }
            Figure::Item &curve = f.addPolyline(points, TrainingCurvesFigure::runColor(run), 1.8,
                QStringLiteral("curve %1 run%2").arg(quantities[q]).arg(run));
            curve.dashed = q == 1;
            curve.tooltip = runs[size_t(run)].name;
            // Run B's curves carry hollow circles, as on screen: the runs differ in more than
            // their hue.
            if (run == 1)
                addMarkers(f, points, QStringLiteral("run-marker marker-%1").arg(quantities[q]));
        }
    }
}

/// The legend: one swatch per run in its colour (run B's with its circle), centred at height
/// @p y; returns its height.
double drawLegend(Figure &f, double width, double y, const std::array<TrainingFigureRun, 2> &runs)
{
    const QFontMetricsF fm(Figure::font(legendPx));
    constexpr double swatch = 22.0, spacing = 18.0;
    double total = -spacing;
    for (const TrainingFigureRun &run : runs)
        total += swatch + 5.0 + fm.horizontalAdvance(run.name) + spacing;
    double x = std::max(outerMargin, (width - total) / 2.0);
    const double ly = y + fm.height() / 2.0 + 2.0;
    for (int run = 0; run < 2; ++run) {
        const QString &name = runs[size_t(run)].name;
        f.addLine(QPointF(x, ly), QPointF(x + swatch, ly), TrainingCurvesFigure::runColor(run), 2.0,
            QStringLiteral("legend-swatch"));
        if (run == 1)
            addMarkers(f, { QPointF(x + swatch / 2.0, ly) }, QStringLiteral("legend-marker"));
        f.addText(QPointF(x + swatch + 5.0, ly + baselineOffset(fm)), name, legendPx, textColor,
            Figure::Align::Start, QStringLiteral("legend"));
        x += swatch + 5.0 + fm.horizontalAdvance(name) + spacing;
    }
    return fm.height() + 8.0;
}

} // namespace

QColor TrainingCurvesFigure::runColor(int run)
{
    return run == 0 ? ScalingFigure::scaledColor() : ScalingFigure::unscaledColor();
}

QString TrainingCurvesFigure::scaleTitle(const ScaleSpec &scale)
{
    switch (scale.mode) {
    case ScaleMode::SqrtDk:
        return tr("scaled (÷√d_k)");
    case ScaleMode::None:
        return tr("unscaled");
    default:
        return tr("÷ %1").arg(scale.divisor);
    }
}

QString TrainingCurvesFigure::runName(int run, const ScaleSpec &scale)
{
    const QString letter = run == 0 ? QStringLiteral("A") : QStringLiteral("B");
    return tr("%1: %2").arg(letter, scaleTitle(scale));
}

QString TrainingCurvesFigure::settingsText(const RunConfig &config)
{
    QString task;
    switch (config.task.kind) {
    case TaskKind::Copy:
        task = tr("copy");
        break;
    case TaskKind::Reverse:
        task = tr("reverse");
        break;
    case TaskKind::Rotate:
        task = tr("rotate");
        break;
    case TaskKind::Translate:
        task = tr("translate");
        break;
    case TaskKind::TranslateZhEn:
    case TaskKind::TranslateEnZh:
        // The window trains the one-layer model only, which never takes the corpus tasks.
        task = taskName(config.task.kind);
        break;
    }
    QStringList parts { task };
    if (!taskFixesShape(config.task.kind))
        parts << tr("length %1").arg(config.task.length)
              << tr("vocabulary %1").arg(config.task.vocab);
    parts << tr("d_model %1").arg(config.dModel)
          << (config.heads == 1 ? tr("1 head") : tr("%1 heads").arg(config.heads))
          << tr("%1, lr %2").arg(optimizerName(config.optimizer.kind)).arg(config.optimizer.lr)
          << tr("batch %1").arg(config.batch) << tr("seed %1").arg(config.seed);
    return parts.join(QStringLiteral(" · "));
}

QString TrainingCurvesFigure::title(Panel panel)
{
    switch (panel) {
    case Panel::LossAccuracy:
        return tr("Loss and accuracy");
    case Panel::GradientNorms:
        return tr("Gradient norms");
    case Panel::Saturation:
        break;
    }
    return tr("Saturation");
}

std::vector<int> TrainingCurvesFigure::drawnIndices(int steps)
{
    std::vector<int> out;
    if (steps <= 0)
        return out;
    if (steps <= maxPoints) {
        out.resize(size_t(steps));
        for (int i = 0; i < steps; ++i)
            out[size_t(i)] = i;
        return out;
    }
    out.reserve(maxPoints);
    for (int k = 0; k < maxPoints; ++k)
        out.push_back(int(std::llround(double(k) * (steps - 1) / (maxPoints - 1))));
    return out;
}

Figure TrainingCurvesFigure::makeTwins(const RunConfig &config,
    const std::vector<StepMetrics> &scaled, const std::vector<StepMetrics> &unscaled,
    const FigureOptions &options)
{
    std::array<TrainingFigureRun, 2> runs;
    for (int run = 0; run < 2; ++run) {
        ScaleSpec scale;
        if (run == 1)
            scale.mode = ScaleMode::None;
        runs[size_t(run)]
            = TrainingFigureRun { runName(run, scale), run == 0 ? &scaled : &unscaled };
    }
    return make(runs, settingsText(config), options);
}

Figure TrainingCurvesFigure::make(const std::array<TrainingFigureRun, 2> &runs,
    const QString &subtitle, const FigureOptions &options)
{
    Figure f;
    f.size = QSizeF(options.size.width() > 0 ? options.size.width() : 1080,
        options.size.height() > 0 ? options.size.height() : 400);
    const QString fallback = tr("Training curves");
    const QString title = !options.includeTitle ? QString()
        : options.title.trimmed().isEmpty()     ? fallback
                                                : options.title;
    f.title = title.isEmpty() ? fallback : title;
    const double w = f.size.width();
    double y = outerMargin;
    if (!title.isEmpty()) {
        const QFontMetricsF fm(Figure::font(titlePx, true));
        Figure::Item &t = f.addText(QPointF(w / 2.0, y + fm.ascent()),
            fm.elidedText(Figure::displayText(title), Qt::ElideRight, w - 2 * outerMargin), titlePx,
            textColor, Figure::Align::Middle, QStringLiteral("title"));
        t.bold = true;
        y += fm.height() + 4.0;
    }
    if (!subtitle.isEmpty()) {
        const QFontMetricsF fm(Figure::font(axisTitlePx));
        f.addText(QPointF(w / 2.0, y + fm.ascent()),
            fm.elidedText(subtitle, Qt::ElideRight, w - 2 * outerMargin), axisTitlePx,
            mutedTextColor, Figure::Align::Middle, QStringLiteral("subtitle"));
        y += fm.height() + 6.0;
    }
    y += drawLegend(f, w, y, runs);
    double lastStep = 0.0;
    for (const TrainingFigureRun &run : runs)
        if (run.metrics && !run.metrics->empty())
            lastStep = std::max(lastStep, double(run.metrics->back().step));
    const Panel panels[] = { Panel::LossAccuracy, Panel::GradientNorms, Panel::Saturation };
    const double cellW = (w - 2 * outerMargin) / 3.0;
    for (int i = 0; i < 3; ++i) {
        const QRectF cell(outerMargin + cellW * i, y, cellW, f.size.height() - outerMargin - y);
        drawPanel(f, cell.adjusted(4, 4, -10, -4), panels[i], runs, lastStep);
    }
    return f;
}

} // namespace ae
