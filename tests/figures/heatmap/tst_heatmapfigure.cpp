// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap figure's layout: one cell per value in row-major places that tile a square-celled
// grid, inside the figure; labels, values and marks where a reader expects them; the grid of
// heads; colours from the chosen map.

#include "heatmap/colormap.h"
#include "heatmap/heatmapfigure.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QTest>
#include <cmath>

using namespace ae;

namespace {

using T = ExportTestSupport;

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

std::vector<const Figure::Item *> withRole(const Figure &f, const QString &role)
{
    std::vector<const Figure::Item *> out;
    for (const Figure::Item &item : f.items) {
        if (item.role.split(QLatin1Char(' ')).contains(role))
            out.push_back(&item);
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(ae::Session)

class TestHeatmapFigure : public QObject
{
    Q_OBJECT

private slots:
    void cellsTileTheGrid_data();
    void cellsTileTheGrid();
    void cellColorsFollowTheMap();
    void valuesAreTheWeights();
    void argmaxMarksTheLargestWeightOfEachRow();
    void maskedCellsAreHatched();
    void labelsSitByTheirRowsAndColumns();
    void explicitSizeIsHonoured_data();
    void explicitSizeIsHonoured();
    void gridHasOnePanelPerView();
    void largeGridsGetSmallerCells_data();
    void largeGridsGetSmallerCells();
    void importedFiguresSaySo();
};

void TestHeatmapFigure::cellsTileTheGrid_data()
{
    QTest::addColumn<Session>("session");
    QTest::newRow("2 x 4") << T::specExample();
    QTest::newRow("1 x 1") << T::session(words("a"), words("b"), 2, 1);
    QTest::newRow("7 x 3 CJK") << T::session(
        words("一 二 三 四 五 六 七"), words("甲 乙 丙"), 4, 2);
}

void TestHeatmapFigure::cellsTileTheGrid()
{
    QFETCH(Session, session);
    const HeatmapData data = T::heatmap(session);
    const Figure f = HeatmapFigure::single(data, FigureOptions {});
    const auto cells = withRole(f, QStringLiteral("cell"));
    QCOMPARE(int(cells.size()), data.rows() * data.columns());
    const QRectF first = cells.front()->rect;
    const QRectF bounds(QPointF(0, 0), f.size);
    for (int r = 0; r < data.rows(); ++r) {
        for (int c = 0; c < data.columns(); ++c) {
            const QRectF rect = cells[size_t(r * data.columns() + c)]->rect;
            // Square cells, row-major, edge to edge.
            QCOMPARE(rect.width(), rect.height());
            QCOMPARE(rect.width(), first.width());
            QVERIFY(std::abs(rect.left() - (first.left() + c * first.width())) < 1e-9);
            QVERIFY(std::abs(rect.top() - (first.top() + r * first.height())) < 1e-9);
            QVERIFY(bounds.contains(rect));
        }
    }
    // Every text's anchor lies inside the figure.
    for (const Figure::Item &item : f.items) {
        if (item.kind == Figure::Kind::Text)
            QVERIFY2(bounds.contains(item.anchor), qPrintable(item.text));
    }
}

void TestHeatmapFigure::cellColorsFollowTheMap()
{
    const HeatmapData data = T::heatmap(T::specExample());
    for (const ColorMapKind kind : ColorMap::all()) {
        FigureOptions options;
        options.colorMap = kind;
        const auto cells = withRole(HeatmapFigure::single(data, options), QStringLiteral("cell"));
        for (int r = 0; r < data.rows(); ++r) {
            for (int c = 0; c < data.columns(); ++c) {
                // The scale runs from 0 to 1: the colour at t = weight.
                QCOMPARE(cells[size_t(r * data.columns() + c)]->fill,
                    ColorMap::at(kind, data.values(r, c)));
            }
        }
    }
}

void TestHeatmapFigure::valuesAreTheWeights()
{
    // The spec example's head-averaged weights, from the shared reference (PyTorch, float64).
    const Eigen::MatrixXd expected = AttentionTestSupport::referenceMatrix(
        QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
    QCOMPARE(expected.rows(), 2);
    QCOMPARE(expected.cols(), 4);
    const Figure f = HeatmapFigure::single(T::heatmap(T::specExample()), FigureOptions {});
    const auto values = withRole(f, QStringLiteral("value"));
    QCOMPARE(int(values.size()), 8);
    for (int i = 0; i < 8; ++i) {
        const double shown = values[size_t(i)]->text.toDouble();
        const double decimals = values[size_t(i)]->text.section(QLatin1Char('.'), 1).size();
        QVERIFY(decimals == 2 || decimals == 3);
        QVERIFY2(
            std::abs(shown - expected(i / 4, i % 4)) <= 0.5 * std::pow(10.0, -decimals) + 1e-12,
            qPrintable(values[size_t(i)]->text));
    }
}

void TestHeatmapFigure::argmaxMarksTheLargestWeightOfEachRow()
{
    // In the reference both rows of the mean attend most to 爱 (column 1).
    const Figure f = HeatmapFigure::single(T::heatmap(T::specExample()), FigureOptions {});
    const auto cells = withRole(f, QStringLiteral("cell"));
    const auto marks = withRole(f, QStringLiteral("argmax"));
    QCOMPARE(int(marks.size()), 2);
    for (int r = 0; r < 2; ++r)
        QVERIFY(cells[size_t(r * 4 + 1)]->rect.contains(marks[size_t(r)]->rect.center()));
}

void TestHeatmapFigure::maskedCellsAreHatched()
{
    // Causal 3 x 3: the three cells above the diagonal are masked.
    const Session s = T::session(words("a b c"), words("a b c"), 4, 1, true);
    const Figure f = HeatmapFigure::single(T::heatmap(s), FigureOptions {});
    const auto masked = withRole(f, QStringLiteral("masked"));
    QCOMPARE(int(masked.size()), 3);
    QCOMPARE(int(withRole(f, QStringLiteral("hatch")).size()), 3);
    const auto cells = withRole(f, QStringLiteral("cell"));
    for (const auto &[r, c] : { std::pair { 0, 1 }, std::pair { 0, 2 }, std::pair { 1, 2 } })
        QVERIFY(cells[size_t(r * 3 + c)]->role.contains(QLatin1String("masked")));
    // No value is written in a masked cell: 6 visible cells, 6 values.
    QCOMPARE(int(withRole(f, QStringLiteral("value")).size()), 6);
}

void TestHeatmapFigure::labelsSitByTheirRowsAndColumns()
{
    const Session s = T::specExample();
    const Figure f = HeatmapFigure::single(T::heatmap(s), FigureOptions {});
    const auto cells = withRole(f, QStringLiteral("cell"));
    const auto rows = withRole(f, QStringLiteral("row-label"));
    const auto columns = withRole(f, QStringLiteral("column-label"));
    QCOMPARE(int(rows.size()), 2);
    QCOMPARE(int(columns.size()), 4);
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(rows[size_t(r)]->text, s.target.tokens.at(r));
        // Left of the grid, within the row's height.
        const QRectF cell = cells[size_t(r * 4)]->rect;
        QVERIFY(rows[size_t(r)]->anchor.x() <= cell.left());
        QVERIFY(rows[size_t(r)]->anchor.y() > cell.top()
            && rows[size_t(r)]->anchor.y() < cell.bottom());
    }
    for (int c = 0; c < 4; ++c) {
        QCOMPARE(columns[size_t(c)]->text, s.source.tokens.at(c));
        const QRectF cell = cells[size_t(4 + c)]->rect;
        QVERIFY(columns[size_t(c)]->anchor.y() > cell.bottom());
        QVERIFY(std::abs(columns[size_t(c)]->anchor.x() - cell.center().x()) < cell.width() / 2);
    }
}

void TestHeatmapFigure::explicitSizeIsHonoured_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("800 x 600") << QSize(800, 600);
    QTest::newRow("tall 300 x 900") << QSize(300, 900);
    QTest::newRow("wide 1600 x 400") << QSize(1600, 400);
}

void TestHeatmapFigure::explicitSizeIsHonoured()
{
    QFETCH(QSize, size);
    FigureOptions options;
    options.size = size;
    const Figure f = HeatmapFigure::single(
        T::heatmap(T::session(words("a b c d e"), words("v w x y z"), 4, 1)), options);
    QCOMPARE(f.size, QSizeF(size));
    const QRectF bounds(QPointF(0, 0), f.size);
    const auto cells = withRole(f, QStringLiteral("cell"));
    QCOMPARE(int(cells.size()), 5 * 5);
    for (const auto *cell : cells)
        QVERIFY(bounds.contains(cell->rect));
}

void TestHeatmapFigure::gridHasOnePanelPerView()
{
    const Session s = T::session(words("a b"), words("c d e"), 8, 4);
    std::vector<HeatmapData> panels { T::heatmap(s) };
    for (int h = 0; h < 4; ++h)
        panels.push_back(T::heatmap(s, h));
    const Figure f = HeatmapFigure::grid(panels, FigureOptions {}, QStringLiteral("t"));
    QCOMPARE(int(withRole(f, QStringLiteral("cell")).size()), 5 * 6);
    QCOMPARE(int(withRole(f, QStringLiteral("panel-title")).size()), 5);
    QCOMPARE(int(withRole(f, QStringLiteral("colorbar")).size()), 1);
    QCOMPARE(HeatmapFigure::cellCount(panels), qint64(30));
    // The panels do not overlap: every cell lies in one panel's cell grid only.
    const auto cells = withRole(f, QStringLiteral("cell"));
    for (size_t i = 0; i < cells.size(); ++i) {
        for (size_t j = i + 1; j < cells.size(); ++j)
            QVERIFY(!cells[i]->rect.intersected(cells[j]->rect).isValid()
                || cells[i]->rect.intersected(cells[j]->rect).width() < 1e-9
                || cells[i]->rect.intersected(cells[j]->rect).height() < 1e-9);
    }
}

void TestHeatmapFigure::largeGridsGetSmallerCells_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("heads");
    QTest::newRow("8 tokens, 2 heads") << 8 << 2;
    QTest::newRow("64 tokens, 8 heads") << 64 << 8;
    QTest::newRow("256 tokens, 16 heads") << 256 << 16;
}

void TestHeatmapFigure::largeGridsGetSmallerCells()
{
    QFETCH(int, tokens);
    QFETCH(int, heads);
    HeatmapData map;
    map.values = Eigen::MatrixXd::Constant(tokens, tokens, 1.0 / tokens);
    for (int i = 0; i < tokens; ++i) {
        map.rowLabels << QStringLiteral("q%1").arg(i);
        map.columnLabels << QStringLiteral("k%1").arg(i);
    }
    const std::vector<HeatmapData> panels(size_t(heads + 1), map);
    const Figure f = HeatmapFigure::grid(panels, FigureOptions {}, QStringLiteral("t"));
    const auto cells = withRole(f, QStringLiteral("cell"));
    QCOMPARE(qint64(cells.size()), HeatmapFigure::cellCount(panels));
    const double cell = cells.front()->rect.width();
    const double cellArea = double(cells.size()) * cell * cell;
    // The usual 300 px per map, 6 px cells at least, while the cells cover little; past
    // that the cells shrink so that they cover no more than the bound.
    const double usual = std::clamp(300.0 / tokens, 6.0, 44.0);
    const double usualArea = double(cells.size()) * usual * usual;
    if (usualArea <= HeatmapFigure::maxGridCellArea) {
        QVERIFY(std::abs(cell - usual) < 0.5);
    } else {
        QVERIFY2(
            cellArea <= HeatmapFigure::maxGridCellArea * 1.01, qPrintable(QString::number(cell)));
        QVERIFY(cell >= HeatmapFigure::minGridCell);
        QVERIFY(cell < usual);
    }
    QVERIFY(f.size.width() * f.size.height() < 4.0 * std::max(cellArea, 1e5));
}

void TestHeatmapFigure::importedFiguresSaySo()
{
    HeatmapData data = T::heatmap(T::specExample());
    data.imported = true;
    const Figure f = HeatmapFigure::single(data, FigureOptions {});
    const auto notes = withRole(f, QStringLiteral("imported-note"));
    QCOMPARE(int(notes.size()), 1);
    QCOMPARE(notes.front()->text, HeatmapFigure::importedNote());
    // Even without a title the note stays.
    FigureOptions bare;
    bare.includeTitle = false;
    QCOMPARE(
        int(withRole(HeatmapFigure::single(data, bare), QStringLiteral("imported-note")).size()),
        1);
}

QTEST_MAIN(TestHeatmapFigure)
#include "tst_heatmapfigure.moc"
