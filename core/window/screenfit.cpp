// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/screenfit.h"

#include <algorithm>

namespace ae {

namespace {

/// The offset that moves the span [start, start + length) into [low, high): the least
/// movement, with the low edge winning when the span is longer than the room.
int shiftInto(int start, int length, int low, int high)
{
    int shift = 0;
    if (start + length > high)
        shift = high - (start + length);
    if (start + shift < low)
        shift = low - start;
    return shift;
}

} // namespace

ScreenClass ScreenFit::classify(int logicalWidth)
{
    return logicalWidth >= wideWidth ? ScreenClass::Wide : ScreenClass::Narrow;
}

QString ScreenFit::key(ScreenClass screenClass)
{
    return screenClass == ScreenClass::Wide ? QStringLiteral("wide") : QStringLiteral("narrow");
}

WindowFitResult ScreenFit::fitWindow(const WindowFitRequest &request)
{
    WindowFitResult result;
    const QMargins &f = request.frame;
    // Room for the client area once the frame is taken off the available area.
    const QSize room(request.available.width() - f.left() - f.right(),
        request.available.height() - f.top() - f.bottom());
    const QSize wanted = request.geometry.size();
    QSize size = wanted.boundedTo(room).expandedTo(request.minimumSize);
    result.overflows = request.minimumSize.width() > room.width()
        || request.minimumSize.height() > room.height();
    result.resized = size != wanted;

    // Move the frame, not the client area, into the available area.
    const QRect frame(request.geometry.topLeft() - QPoint(f.left(), f.top()),
        QSize(size.width() + f.left() + f.right(), size.height() + f.top() + f.bottom()));
    const QRect &a = request.available;
    const QPoint shift(shiftInto(frame.x(), frame.width(), a.x(), a.x() + a.width()),
        shiftInto(frame.y(), frame.height(), a.y(), a.y() + a.height()));
    result.moved = !shift.isNull();
    result.geometry = QRect(request.geometry.topLeft() + shift, size);
    return result;
}

QRect ScreenFit::initialGeometry(const QRect &available, const QMargins &frame)
{
    const QSize room(available.width() - frame.left() - frame.right(),
        available.height() - frame.top() - frame.bottom());
    const QSize size = preferredSize.boundedTo(room).expandedTo(QSize(1, 1));
    QRect geometry(QPoint(), size);
    // Centre the frame, then step in by the frame's top-left corner.
    const QSize outer(
        size.width() + frame.left() + frame.right(), size.height() + frame.top() + frame.bottom());
    const QPoint frameTopLeft(available.x() + std::max(0, (available.width() - outer.width()) / 2),
        available.y() + std::max(0, (available.height() - outer.height()) / 2));
    geometry.moveTopLeft(frameTopLeft + QPoint(frame.left(), frame.top()));
    return geometry;
}

} // namespace ae
