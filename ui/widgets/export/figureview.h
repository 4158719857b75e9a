// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file figureview.h
/// A widget that shows a laid-out Figure, scaled to fit and centred.

#include "export/figure.h"

#include <QWidget>

namespace ae {

/// Draws a Figure with the same renderer as PNG and PDF export, so the screen shows the file.
class FigureView : public QWidget
{
    Q_OBJECT
public:
    explicit FigureView(QWidget *parent = nullptr);

    void setFigure(const Figure &figure);
    const Figure &figure() const { return m_figure; }
    /// A line shown instead of the figure (e.g. why there is none); empty shows the figure.
    void setPlaceholder(const QString &text);
    /// Lets the figure be drawn up to @p zoom times its size (at least twice).
    void setZoom(double zoom);
    /// How much the figure is enlarged on screen now (tests).
    double drawScale() const;

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Figure m_figure;
    QString m_placeholder;
    double m_zoom = 1.0;
};

} // namespace ae
