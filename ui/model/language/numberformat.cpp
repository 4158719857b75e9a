// SPDX-License-Identifier: GPL-3.0-or-later
#include "language/numberformat.h"

#include <QLocale>
#include <cmath>

namespace ae {

QString NumberFormat::display(double value)
{
    if (value == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    // Three decimals read well in a narrow column; very small or large numbers switch to
    // three significant digits so that they never show as a misleading "0" or overflow.
    if (magnitude < 0.001 || magnitude >= 10000.0)
        return QString::number(value, 'g', 3);
    QString text = QString::number(value, 'f', 3);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

QString NumberFormat::exact(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

std::optional<double> NumberFormat::parse(const QString &text)
{
    QString t = text.trimmed();
    // Spreadsheets and web pages often use the typographic minus sign.
    t.replace(QChar(0x2212), QLatin1Char('-'));
    if (t.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double value = t.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace ae
