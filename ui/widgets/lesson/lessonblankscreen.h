// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonblankscreen.h
/// The black screen a presenter shows with "." or B so that the class looks at the teacher.

#include <QWidget>

class QScreen;

namespace ae {

/// A black, frameless window covering one screen; a click or any key (LessonKeyFilter) ends it.
class LessonBlankScreen : public QWidget
{
    Q_OBJECT
public:
    explicit LessonBlankScreen(QWidget *parent = nullptr);
    /// Covers @p screen in black.
    void blank(QScreen *screen);

signals:
    /// The presenter clicked the black screen.
    void clicked();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
};

} // namespace ae
