// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportheatmap.h"

#include <QApplication>
#include <QFont>

namespace ae::test {

void useFixedFont()
{
    QFont font = QApplication::font();
    font.setPointSize(9);
    QApplication::setFont(font);
}

Eigen::MatrixXd parseMatrix(const QString &text)
{
    const QStringList rows = text.split(QLatin1Char(';'));
    const int columns = static_cast<int>(rows.first().simplified().split(QLatin1Char(' ')).size());
    Eigen::MatrixXd m(rows.size(), columns);
    for (int r = 0; r < rows.size(); ++r) {
        const QStringList entries = rows[r].simplified().split(QLatin1Char(' '));
        for (int c = 0; c < columns; ++c)
            m(r, c) = entries[c].toDouble();
    }
    return m;
}

BoolMatrix parseMask(const QString &text)
{
    if (text.isEmpty())
        return BoolMatrix();
    return parseMatrix(text).unaryExpr([](double v) { return v != 0.0; });
}

HeatmapData makeData(
    const QStringList &rows, const QStringList &columns, const QString &values, const QString &mask)
{
    HeatmapData d;
    d.values = parseMatrix(values);
    d.visible = parseMask(mask);
    d.rowLabels = rows;
    d.columnLabels = columns;
    d.title = QStringLiteral("Test heatmap");
    d.shortTitle = QStringLiteral("Test");
    d.rowAxisTitle = QStringLiteral("queries from target Y");
    d.columnAxisTitle = QStringLiteral("keys/values from source X");
    return d;
}

} // namespace ae::test
