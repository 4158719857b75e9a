// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/fittedtextelement.h"

#include <QFontMetricsF>
#include <algorithm>

namespace ae {

namespace {

/// The smallest share of its own size a fitted font takes before the text is cut instead.
constexpr double leastShare = 0.6;

} // namespace

FittedTextElement::FittedTextElement(QCustomPlot *plot)
    : QCPTextElement(plot, QString())
{
}

std::pair<QFont, QString> FittedTextElement::fitted(double width) const
{
    QFont font = mainFont();
    const double wide = QFontMetricsF(font).horizontalAdvance(text());
    if (width <= 0 || wide <= width || font.pointSizeF() <= 0)
        return { font, text() };
    font.setPointSizeF(font.pointSizeF() * std::max(leastShare, width / wide * 0.98));
    return { font, QFontMetricsF(font).elidedText(text(), Qt::ElideRight, width) };
}

QString FittedTextElement::shownText() const
{
    return fitted(mRect.width()).second;
}

QFont FittedTextElement::shownFont() const
{
    return fitted(mRect.width()).first;
}

void FittedTextElement::draw(QCPPainter *painter)
{
    // Drawn as QCPTextElement draws, with the fitted font and text.
    const auto [font, shown] = fitted(mRect.width());
    painter->setFont(font);
    painter->setPen(QPen(mainTextColor()));
    painter->drawText(mRect, mTextFlags, shown, &mTextBoundingRect);
}

QSize FittedTextElement::minimumOuterSizeHint() const
{
    return visible() ? QCPTextElement::minimumOuterSizeHint() : QSize(0, 0);
}

QSize FittedTextElement::maximumOuterSizeHint() const
{
    // A hidden title gives its row back to the plot (a tile whose grid names it elsewhere).
    return visible() ? QCPTextElement::maximumOuterSizeHint() : QSize(QWIDGETSIZE_MAX, 0);
}

} // namespace ae
