// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonblankscreen.h"

#include <QPainter>
#include <QScreen>

namespace ae {

LessonBlankScreen::LessonBlankScreen(QWidget *parent)
    : QWidget(parent, Qt::Window | Qt::FramelessWindowHint | Qt::WindowStaysOnTopHint)
{
    setObjectName(QStringLiteral("lessonBlankScreen"));
    setCursor(Qt::BlankCursor);
}

void LessonBlankScreen::blank(QScreen *screen)
{
    if (screen)
        setGeometry(screen->geometry());
    showFullScreen();
    raise();
    activateWindow();
}

void LessonBlankScreen::paintEvent(QPaintEvent *)
{
    QPainter(this).fillRect(rect(), Qt::black);
}

void LessonBlankScreen::mousePressEvent(QMouseEvent *)
{
    emit clicked();
}

} // namespace ae
