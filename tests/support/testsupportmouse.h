// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportmouse.h
/// The keyboard-only suites' witness that no mouse was used.

#include <QEvent>
#include <QObject>

namespace ae::test {

/// Counts the mouse and wheel events reaching the objects it filters (install it on the
/// application): a keyboard-only suite expects none.
class MouseCounter : public QObject
{
public:
    int count = 0; ///< mouse presses, releases, double clicks, moves and wheel turns seen

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
        case QEvent::MouseMove:
        case QEvent::Wheel:
            ++count;
            break;
        default:
            break;
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace ae::test
