// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/focusringstyle.h"

#include <QPainter>
#include <QStyleOptionComplex>

namespace ae {

FocusRingStyle::FocusRingStyle()
    : QProxyStyle(nullptr)
{
}

bool FocusRingStyle::ringed(ComplexControl control)
{
    return control == CC_Slider || control == CC_ComboBox;
}

void FocusRingStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
    QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (!ringed(control) || !(option->state & State_HasFocus))
        return;
    // Inside the control's own rectangle, so that no layout changes for it.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(option->palette.color(QPalette::Highlight), 2.0));
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(QRectF(option->rect).adjusted(1.0, 1.0, -1.0, -1.0), 3.0, 3.0);
    painter->restore();
}

} // namespace ae
