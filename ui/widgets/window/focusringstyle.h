// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file focusringstyle.h
/// The application's style with a focus ring that shows on every control: Fusion draws none
/// on a slider and a faint one on a combo box, so a keyboard user could not see where keys go.
/// On a dark palette (high contrast) it also outlines check boxes, radio buttons, text fields
/// and spin boxes, whose frames Fusion darkens from the window's colour into invisibility.

#include <QProxyStyle>

namespace ae {

/// The platform's style, plus a ring in the palette's highlight colour around a focused slider
/// or combo box (WCAG 2.4.7, focus visible).
class FocusRingStyle : public QProxyStyle
{
public:
    /// Wraps the application's default style.
    FocusRingStyle();

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
        QPainter *painter, const QWidget *widget = nullptr) const override;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
        const QWidget *widget = nullptr) const override;

    /// True when @p control gets the ring (those the base style marks too faintly or not).
    static bool ringed(ComplexControl control);
    /// True when @p palette's window is dark, where outlines are drawn in its text colour.
    static bool darkPalette(const QPalette &palette);
};

} // namespace ae
