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

bool FocusRingStyle::darkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 64;
}

namespace {

/// A thin outline in @p palette's text colour just inside @p rect.
void outline(QPainter *painter, const QRect &rect, const QPalette &palette)
{
    painter->save();
    painter->setPen(QPen(palette.color(QPalette::WindowText), 1.0));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5));
    painter->restore();
}

} // namespace

void FocusRingStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
    QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool framed = element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton
        || element == PE_FrameLineEdit;
    if (framed && darkPalette(option->palette))
        outline(painter, option->rect, option->palette);
}

void FocusRingStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
    QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control == CC_SpinBox && darkPalette(option->palette))
        outline(painter, option->rect, option->palette);
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
