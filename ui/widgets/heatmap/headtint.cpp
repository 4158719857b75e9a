// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap/headtint.h"

#include <QGuiApplication>
#include <QPalette>

namespace ae {

QColor headTint(int head)
{
    if (head % 2 == 0)
        return QColor();
    const QPalette palette = QGuiApplication::palette();
    const QColor base = palette.color(QPalette::Base);
    const QColor highlight = palette.color(QPalette::Highlight);
    QColor tint;
    tint.setRgbF(0.88f * base.redF() + 0.12f * highlight.redF(),
        0.88f * base.greenF() + 0.12f * highlight.greenF(),
        0.88f * base.blueF() + 0.12f * highlight.blueF());
    return tint;
}

} // namespace ae
