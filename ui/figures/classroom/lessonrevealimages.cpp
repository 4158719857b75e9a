// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/lessonrevealimages.h"

#include "export/exportsource.h"
#include "export/figureoptions.h"
#include "export/painterfigurerenderer.h"
#include "session/sessioncompute.h"

#include <QBuffer>
#include <QImage>
#include <algorithm>
#include <cmath>

namespace ae {

LessonRevealImages::LessonRevealImages(std::function<const ResolvedLesson *()> lesson)
    : m_lesson(std::move(lesson))
{
}

Figure LessonRevealImages::revealFigure(const ResolvedLessonStep &step)
{
    const Session &session = step.session;
    ExportSource source = ExportSource::fromResult(session, computeSession(session), false);
    source.selectedView = step.view.head;
    return source.figure(step.view.heatmap == LessonHeatmap::Lines ? ExportSource::What::Lines
                                                                   : ExportSource::What::Heatmap,
        FigureOptions());
}

QByteArray LessonRevealImages::revealPng(int step)
{
    const ResolvedLesson *lesson = m_lesson ? m_lesson() : nullptr;
    if (!lesson || step < 0 || step >= static_cast<int>(lesson->steps.size()))
        return {};
    const Figure figure = revealFigure(lesson->steps[static_cast<size_t>(step)]);
    // A phone shows it at most a few hundred pixels wide: a large figure is drawn smaller.
    const QSize natural = PainterFigureRenderer::pngPixelSize(figure, 96);
    const double pixels = double(natural.width()) * natural.height();
    const int dpi = pixels > maxPixels
        ? std::max(FigureOptions::minDpi, static_cast<int>(96.0 * std::sqrt(maxPixels / pixels)))
        : 96;
    if (!PainterFigureRenderer::pngRefusal(figure, dpi).isEmpty())
        return {};
    const QImage image = PainterFigureRenderer::toImage(figure, dpi);
    QByteArray png;
    QBuffer buffer(&png);
    if (image.isNull() || !buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG"))
        return {};
    return png;
}

} // namespace ae
