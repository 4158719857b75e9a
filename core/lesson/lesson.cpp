// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lesson.h"

#include "lesson/lessonlimits.h"

#include <cmath>

namespace ae {

QString LessonText::in(bool chinese) const
{
    const QString &asked = chinese ? zh : en;
    return asked.isEmpty() ? (chinese ? en : zh) : asked;
}

const QStringList &lessonComputationSteps()
{
    static const QStringList steps { QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"),
        QStringLiteral("scores"), QStringLiteral("scaled"), QStringLiteral("mask"),
        QStringLiteral("weights"), QStringLiteral("head_output"), QStringLiteral("concat"),
        QStringLiteral("w_o"), QStringLiteral("output") };
    return steps;
}

const QStringList &lessonScalingPanels()
{
    static const QStringList panels { QStringLiteral("entropy"), QStringLiteral("spread"),
        QStringLiteral("gradient"), QStringLiteral("saturation"), QStringLiteral("histogram") };
    return panels;
}

void applyLessonTemperature(Session &session, double temperature)
{
    ScaleSpec &scale = session.attention.config.scale;
    scale.mode = ScaleMode::Custom;
    scale.divisor
        = temperature * std::sqrt(static_cast<double>(headWidth(session.attention.config)));
}

std::optional<double> lessonTemperatureOf(const Session &session)
{
    const AttentionConfig &config = session.attention.config;
    const int dk = headWidth(config);
    if (config.scale.mode != ScaleMode::Custom || dk <= 0)
        return std::nullopt;
    const double root = std::sqrt(static_cast<double>(dk));
    const double estimate = config.scale.divisor / root;
    if (!(estimate >= limits::minLessonTemperature && estimate <= limits::maxLessonTemperature))
        return std::nullopt;
    // The quotient may be a few units in the last place from a factor that multiplies back.
    double below = estimate;
    double above = estimate;
    for (int i = 0; i < 4; ++i) {
        if (below * root == config.scale.divisor)
            return below;
        if (above * root == config.scale.divisor)
            return above;
        below = std::nextafter(below, 0.0);
        above = std::nextafter(above, limits::maxLessonTemperature * 2);
    }
    return estimate;
}

bool operator==(const LessonText &a, const LessonText &b)
{
    return a.en == b.en && a.zh == b.zh;
}

bool operator!=(const LessonText &a, const LessonText &b)
{
    return !(a == b);
}

bool operator==(const LessonView &a, const LessonView &b)
{
    return a.heatmap == b.heatmap && a.head == b.head && a.computationStep == b.computationStep
        && a.scalingPanel == b.scalingPanel && a.temperature == b.temperature
        && a.highlights == b.highlights;
}

bool operator!=(const LessonView &a, const LessonView &b)
{
    return !(a == b);
}

bool operator==(const LessonQuestion &a, const LessonQuestion &b)
{
    return a.kind == b.kind && a.prompt == b.prompt && a.head == b.head && a.query == b.query
        && a.key == b.key && a.measure == b.measure && a.dim == b.dim && a.options == b.options
        && a.correctOption == b.correctOption && a.dependsOnScalingPanel == b.dependsOnScalingPanel
        && a.dependsOnTraining == b.dependsOnTraining && a.dependsOnLabels == b.dependsOnLabels
        && a.explanation == b.explanation;
}

bool operator!=(const LessonQuestion &a, const LessonQuestion &b)
{
    return !(a == b);
}

} // namespace ae
