// SPDX-License-Identifier: GPL-3.0-or-later
// The alignment figure: a well-formed SVG with one line per (query, key) pair whose weight
// reaches the threshold, every token as text, masked keys drawn as masked, and hover focus
// keeping only one token's lines.

#include "compare/alignmentfigure.h"
#include "export/svgfigurewriter.h"
#include "heatmap/heatmapdata.h"
#include "testsupportexport.h"

#include <QTest>
#include <QXmlStreamReader>

using namespace ae;

namespace {

using T = ExportTestSupport;

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

/// What the SVG holds, read with QXmlStreamReader.
struct Lines
{
    bool wellFormed = false;
    int links = 0; ///< <line> elements of class "link"
    QStringList queryTexts; ///< <text class="query-token">
    QStringList keyTexts; ///< <text> whose class list holds "key-token"
    int maskedKeys = 0;
};

Lines readLines(const QByteArray &svg)
{
    Lines out;
    QXmlStreamReader r(svg);
    while (!r.atEnd()) {
        if (r.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QStringList classes = r.attributes()
                                        .value(QStringLiteral("class"))
                                        .toString()
                                        .split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (r.name() == QLatin1String("line") && classes.contains(QStringLiteral("link")))
            ++out.links;
        if (r.name() == QLatin1String("text")) {
            const bool query = classes.contains(QStringLiteral("query-token"));
            const bool key = classes.contains(QStringLiteral("key-token"));
            const QString text = r.readElementText(QXmlStreamReader::IncludeChildElements);
            if (query)
                out.queryTexts << text;
            if (key) {
                out.keyTexts << text;
                out.maskedKeys += classes.contains(QStringLiteral("masked")) ? 1 : 0;
            }
        }
    }
    out.wellFormed = !r.hasError();
    return out;
}

/// Pairs a reader expects to see joined: visible, weight > 0 and at least @p threshold.
int expectedLines(const HeatmapData &d, double threshold)
{
    int n = 0;
    for (int r = 0; r < d.values.rows(); ++r) {
        for (int c = 0; c < d.values.cols(); ++c) {
            const bool visible = d.visible.size() == 0 || d.visible(r, c);
            const double w = d.values(r, c);
            n += visible && w > 0.0 && w >= threshold ? 1 : 0;
        }
    }
    return n;
}

} // namespace

Q_DECLARE_METATYPE(ae::Session)

class TestAlignmentFigure : public QObject
{
    Q_OBJECT
private slots:
    void oneLinePerPairAboveTheThreshold_data();
    void oneLinePerPairAboveTheThreshold();
    void everyTokenIsText_data();
    void everyTokenIsText();
    void maskedKeysAreMarked();
    void focusKeepsOnlyOneTokensLines();
    void strongerWeightsDrawThickerLines();
    void layoutFindsTokensUnderThePointer();
};

void TestAlignmentFigure::oneLinePerPairAboveTheThreshold_data()
{
    QTest::addColumn<Session>("session");
    QTest::addColumn<int>("head");
    QTest::addColumn<double>("threshold");
    QTest::newRow("spec example, mean, 0.05") << T::specExample() << -1 << 0.05;
    QTest::newRow("spec example, head 2, 0.25") << T::specExample() << 1 << 0.25;
    QTest::newRow("spec example, every pair") << T::specExample() << -1 << 0.0;
    QTest::newRow("nothing reaches 1") << T::specExample() << -1 << 1.0;
    QTest::newRow("causal 5 x 5, 0.1")
        << T::session(words("a b c d e"), words("v w x y z"), 4, 2, true) << 0 << 0.1;
    QTest::newRow("12 x 9, 0.2") << T::session(
        words("a b c d e f g h i j k l"), words("p q r s t u v w x"), 4, 1)
                                 << -1 << 0.2;
}

void TestAlignmentFigure::oneLinePerPairAboveTheThreshold()
{
    QFETCH(Session, session);
    QFETCH(int, head);
    QFETCH(double, threshold);
    const HeatmapData data = T::heatmap(session, head);
    const Figure f = AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions { threshold });
    const Lines svg = readLines(SvgFigureWriter::toSvg(f));
    QVERIFY(svg.wellFormed);
    const int expected = expectedLines(data, threshold);
    QCOMPARE(svg.links, expected);
    QCOMPARE(AlignmentFigure::lineCount(data, threshold), qint64(expected));
    if (threshold == 0.0 && data.visible.size() == 0)
        QCOMPARE(expected, int(data.values.size())); // softmax weights are never 0 here
}

void TestAlignmentFigure::everyTokenIsText_data()
{
    QTest::addColumn<QStringList>("queries");
    QTest::addColumn<QStringList>("keys");
    QTest::newRow("latin") << words("i love") << words("we love deep learning");
    QTest::newRow("chinese") << words("i love") << words("我 爱 深度 学习");
    QTest::newRow("hostile") << T::hostileTokens().mid(0, 3) << T::hostileTokens().mid(3, 4);
}

void TestAlignmentFigure::everyTokenIsText()
{
    QFETCH(QStringList, queries);
    QFETCH(QStringList, keys);
    const HeatmapData data = T::heatmap(T::session(queries, keys), -1);
    const Lines svg = readLines(
        SvgFigureWriter::toSvg(AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions {})));
    QVERIFY(svg.wellFormed);
    QCOMPARE(svg.queryTexts.size(), queries.size());
    QCOMPARE(svg.keyTexts.size(), keys.size());
    // Plain tokens are written as they are; hostile ones are made safe but each has its text.
    for (int i = 0; i < queries.size(); ++i) {
        if (Figure::displayText(queries[i]) == queries[i])
            QCOMPARE(svg.queryTexts[i], queries[i]);
    }
    for (int i = 0; i < keys.size(); ++i) {
        if (Figure::displayText(keys[i]) == keys[i])
            QCOMPARE(svg.keyTexts[i], keys[i]);
    }
}

void TestAlignmentFigure::maskedKeysAreMarked()
{
    Session s = T::session(words("a b"), words("p q r"));
    s.source.padding = { false, true, false };
    const HeatmapData data = T::heatmap(s, -1);
    const Figure f = AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions { 0.0 });
    const Lines svg = readLines(SvgFigureWriter::toSvg(f));
    QCOMPARE(svg.maskedKeys, 1);
    QCOMPARE(svg.links, 4); // two queries x two unpadded keys
}

void TestAlignmentFigure::focusKeepsOnlyOneTokensLines()
{
    const HeatmapData data = T::heatmap(T::specExample(), -1);
    const Figure byQuery
        = AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions { 0.0, 1, -1 });
    QCOMPARE(byQuery.count(QStringLiteral("link")), int(data.values.cols()));
    const Figure byKey
        = AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions { 0.0, -1, 2 });
    QCOMPARE(byKey.count(QStringLiteral("link")), int(data.values.rows()));
    for (const Figure::Item &item : byKey.items) {
        if (item.role == QLatin1String("link"))
            QVERIFY(item.tooltip.contains(data.columnLabels[2]));
    }
}

void TestAlignmentFigure::strongerWeightsDrawThickerLines()
{
    QVERIFY(AlignmentFigure::lineWidth(0.9) > AlignmentFigure::lineWidth(0.2));
    QVERIFY(AlignmentFigure::lineOpacity(0.9) > AlignmentFigure::lineOpacity(0.2));
    const HeatmapData data = T::heatmap(T::specExample(), 0);
    const Figure f = AlignmentFigure::make(data, FigureOptions {}, AlignmentOptions { 0.0 });
    // Lines are drawn weakest first: widths never shrink along the item list.
    double last = 0.0;
    for (const Figure::Item &item : f.items) {
        if (item.role != QLatin1String("link"))
            continue;
        QVERIFY(item.strokeWidth >= last);
        last = item.strokeWidth;
    }
}

void TestAlignmentFigure::layoutFindsTokensUnderThePointer()
{
    const HeatmapData data = T::heatmap(T::specExample(), -1);
    FigureOptions options;
    options.size = QSize(600, 400);
    const AlignmentFigure::Layout l = AlignmentFigure::layout(data, options);
    QCOMPARE(int(l.queryRects.size()), int(data.values.rows()));
    QCOMPARE(int(l.keyRects.size()), int(data.values.cols()));
    for (size_t i = 0; i < l.queryRects.size(); ++i) {
        QCOMPARE(l.queryAt(l.queryRects[i].center()), int(i));
        QCOMPARE(l.keyAt(l.queryRects[i].center()), -1);
        QVERIFY(QRectF(QPointF(0, 0), l.size).contains(l.queryRects[i]));
    }
    for (size_t i = 0; i < l.keyRects.size(); ++i) {
        QCOMPARE(l.keyAt(l.keyRects[i].center()), int(i));
        QVERIFY(l.keyRects[i].left() > l.queryRects[0].right());
    }
}

QTEST_MAIN(TestAlignmentFigure)
#include "tst_alignmentfigure.moc"
