// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/textsize.h"

#include <QApplication>

namespace ae {

double TextSize::points(double designPoints)
{
    const QFont app = QApplication::font();
    double base = app.pointSizeF();
    if (base <= 0)
        base = app.pixelSize() * 72.0 / 96.0;
    if (base <= 0)
        base = designBasePoints;
    return designPoints * base / designBasePoints;
}

QFont TextSize::sized(QFont font, double designPoints)
{
    font.setPointSizeF(points(designPoints));
    return font;
}

} // namespace ae
