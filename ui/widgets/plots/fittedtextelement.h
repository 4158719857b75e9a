// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file fittedtextelement.h
/// A plot's title that fits the plot's width instead of being cut at both ends.

#include <qcustomplot.h>

namespace ae {

/// A QCPTextElement drawn within its rectangle's width: a text wider than the plot is drawn
/// in a smaller font (down to 60 % of its own), and only then cut short with an ellipsis.
/// Hidden (setVisible(false)), it takes no room in the plot's layout.
class FittedTextElement : public QCPTextElement
{
public:
    /// An empty title of @p plot.
    explicit FittedTextElement(QCustomPlot *plot);

    /// The text as drawn at the element's current width (all of text() when it fits).
    QString shownText() const;
    /// The font the text is drawn in at the element's current width.
    QFont shownFont() const;

protected:
    void draw(QCPPainter *painter) override;
    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

private:
    /// The font and text that fit @p width px.
    std::pair<QFont, QString> fitted(double width) const;
};

} // namespace ae
