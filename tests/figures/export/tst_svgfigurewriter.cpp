// SPDX-License-Identifier: GPL-3.0-or-later
// The SVG export: well-formed XML for every kind of label, one <rect> per cell, every token as
// <text>, no raster image anywhere, the size limit and the refusal that offers PNG.

#include "export/figure.h"
#include "export/svgfigurewriter.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapfigure.h"
#include "session/sessionjson.h"
#include "testsupportexport.h"
#include "testsupporttools.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

using T = ExportTestSupport;

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

/// @p n tokens "w0" ... "w(n-1)".
QStringList numbered(const QString &prefix, int n)
{
    QStringList t;
    for (int i = 0; i < n; ++i)
        t << prefix + QString::number(i);
    return t;
}

FigureOptions defaults()
{
    return FigureOptions {};
}

} // namespace

Q_DECLARE_METATYPE(ae::Session)

class TestSvgFigureWriter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void heatmap_data();
    void heatmap();
    void grid_data();
    void grid();
    void hostileLabelsAreEscaped();
    void xmlSafe_data();
    void xmlSafe();
    void parsesWithLibxml2();
    void fontFamilyFallsBackToCjk();
    void optionsChangeTheContent();
    void sizeAt64x64();
    void refusesTooManyCells();
    void largestMapIsWrittenCompactly();
    void equalNeighboursShareOneRect();
    void writeReportsAnUnwritableFile();

private:
    QTemporaryDir m_dir;
};

void TestSvgFigureWriter::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestSvgFigureWriter::heatmap_data()
{
    QTest::addColumn<Session>("session");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("masked");

    QTest::newRow("spec example, mean") << T::specExample() << -1 << 0;
    QTest::newRow("spec example, head 2") << T::specExample() << 1 << 0;
    QTest::newRow("CJK keys and queries")
        << T::session(words("我 爱 深度 学习"), words("我 爱 深度 学习 。"), 4, 2) << -1 << 0;
    // Causal, 4 queries x 5 keys, top-left aligned: row i hides keys j > i, i.e. 4+3+2+1 cells.
    QTest::newRow("causal, masked cells hatched")
        << T::session(words("a b c d"), words("a b c d e"), 4, 1, true) << -1 << 10;
    QTest::newRow("hostile tokens as rows")
        << T::session(T::hostileTokens(), words("k1 k2 k3"), 4, 2) << -1 << 0;
    QTest::newRow("hostile tokens as columns")
        << T::session(words("q1 q2"), T::hostileTokens(), 4, 2) << 0 << 0;
    QTest::newRow("one query, one key") << T::session(words("only"), words("one"), 2, 1) << -1 << 0;
    QTest::newRow("20 x 30 tokens")
        << T::session(numbered(QStringLiteral("q"), 20), numbered(QStringLiteral("k"), 30), 8, 4)
        << -1 << 0;

    // Every built-in example, read as a user would open it.
    const QDir examples(QStringLiteral(AE_SOURCE_DIR "/resources/examples"));
    for (const QString &name : examples.entryList({ QStringLiteral("*.json") }, QDir::Files)) {
        const SessionLoadResult loaded = loadSessionFile(examples.filePath(name));
        QVERIFY2(loaded.ok(), qPrintable(name));
        int masked = 0;
        if (loaded.session.attention.config.causal) {
            const int lq = loaded.session.querySequence().length();
            const int lk = loaded.session.keyValueSequence().length();
            for (int i = 0; i < lq; ++i)
                masked += std::max(0, lk - 1 - i);
        }
        QTest::newRow(qPrintable(QStringLiteral("example %1").arg(name)))
            << loaded.session << -1 << masked;
    }
}

void TestSvgFigureWriter::heatmap()
{
    QFETCH(Session, session);
    QFETCH(int, head);
    QFETCH(int, masked);
    const HeatmapData data = T::heatmap(session, head);
    const Figure figure = HeatmapFigure::single(data, defaults());
    QVERIFY(SvgFigureWriter::refusal(figure).isEmpty());
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(figure));

    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QCOMPARE(svg.cellRects, session.querySequence().length() * session.keyValueSequence().length());
    QCOMPARE(svg.maskedRects, masked);
    QCOMPARE(svg.images, 0);
    QCOMPARE(svg.foreignObjects, 0);
    QVERIFY(!svg.rasterData);
    // Every token is there as text, shown as it is (controls made visible, broken UTF-16 replaced).
    for (const QString &token : session.querySequence().tokens + session.keyValueSequence().tokens)
        QVERIFY2(svg.texts.contains(Figure::displayText(token)), qPrintable(token));
    QVERIFY(svg.texts.contains(data.title));
    QCOMPARE(svg.width, figure.size.width());
}

void TestSvgFigureWriter::grid_data()
{
    QTest::addColumn<Session>("session");
    QTest::addColumn<int>("panels");
    QTest::newRow("2 heads: mean and 2 heads") << T::specExample() << 3;
    QTest::newRow("4 heads, CJK") << T::session(words("我 爱 你"), words("深度 学习 很 有趣"), 8, 4)
                                  << 5;
    QTest::newRow("1 head: one panel") << T::session(words("a b"), words("c d e"), 4, 1) << 1;
    QTest::newRow("hostile tokens, 2 heads")
        << T::session(T::hostileTokens(), T::hostileTokens(), 4, 2) << 3;
}

void TestSvgFigureWriter::grid()
{
    QFETCH(Session, session);
    QFETCH(int, panels);
    const int heads = session.attention.config.heads;
    std::vector<HeatmapData> data { T::heatmap(session, -1) };
    for (int h = 0; heads > 1 && h < heads; ++h)
        data.push_back(T::heatmap(session, h));
    QCOMPARE(int(data.size()), panels);
    const Figure figure = HeatmapFigure::grid(data, defaults(), QStringLiteral("All heads"));
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(figure));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    const int cells = session.querySequence().length() * session.keyValueSequence().length();
    QCOMPARE(svg.cellRects, panels * cells);
    QCOMPARE(svg.images, 0);
    QVERIFY(svg.texts.contains(QStringLiteral("All heads")));
    for (const HeatmapData &d : data)
        QVERIFY2(
            svg.texts.contains(d.title) || svg.texts.contains(d.shortTitle), qPrintable(d.title));
    // Each panel labels its rows and columns.
    for (const QString &token : session.querySequence().tokens)
        QCOMPARE(svg.texts.count(Figure::displayText(token)) >= panels, true);
}

void TestSvgFigureWriter::hostileLabelsAreEscaped()
{
    const Session s = T::session(T::hostileTokens(), T::hostileTokens(), 4, 2);
    FigureOptions options;
    options.title = QStringLiteral("<title>]]>&amp;\u0000\u202E");
    const QByteArray svg = SvgFigureWriter::toSvg(HeatmapFigure::single(T::heatmap(s), options));
    const SvgSummary summary = SvgSummary::read(svg);
    QVERIFY2(summary.wellFormed, qPrintable(summary.error));
    // The markup in the tokens stayed text: no element was injected.
    QCOMPARE(summary.images, 0);
    QVERIFY(!svg.contains("<image"));
    QVERIFY(!svg.contains("]]>"));
    QVERIFY(summary.texts.contains(QStringLiteral("</text><image/>")));
    QVERIFY(summary.texts.contains(QStringLiteral("<&\"]]>")));
    // Control characters are shown as their pictures: a␁b␇c.
    QVERIFY(summary.texts.contains(QStringLiteral("a\u2401b\u2407c")));
    // The lone surrogate and the noncharacter became U+FFFD.
    QVERIFY(summary.texts.contains(QStringLiteral("\uFFFDx")));
    QVERIFY(summary.texts.contains(QStringLiteral("\uFFFDz")));
    // Right-to-left marks are legal XML and are kept.
    QVERIFY(summary.texts.contains(QStringLiteral("\u200F\u05e9\u05dc\u05d5\u05dd\u200E")));
}

void TestSvgFigureWriter::xmlSafe_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("abc 我") << QStringLiteral("abc 我");
    QTest::newRow("NUL") << QString(QChar(0)) << QStringLiteral("\uFFFD");
    QTest::newRow("bell and escape")
        << QStringLiteral("\u0007\u001B") << QStringLiteral("\uFFFD\uFFFD");
    QTest::newRow("tab, newline, carriage return kept")
        << QStringLiteral("\t\n\r") << QStringLiteral("\t\n\r");
    QTest::newRow("lone low surrogate") << QString(QChar(0xDC00)) << QStringLiteral("\uFFFD");
    QTest::newRow("surrogate pair kept")
        << QStringLiteral("\U0001F600") << QStringLiteral("\U0001F600");
    QTest::newRow("U+FFFF") << QString(QChar(0xFFFF)) << QStringLiteral("\uFFFD");
    QTest::newRow("markup is XML-legal, left to the writer")
        << QStringLiteral("<&>") << QStringLiteral("<&>");
}

void TestSvgFigureWriter::xmlSafe()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(SvgFigureWriter::xmlSafe(input), expected);
}

void TestSvgFigureWriter::parsesWithLibxml2()
{
    // A second, unrelated parser: libxml2's xmllint, as browsers and Inkscape use libxml2-like
    // strictness.
    const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
    AE_REQUIRE_TOOL("xmllint", "libxml2-utils");
    const Session s = T::session(T::hostileTokens(), T::hostileTokens(), 4, 2);
    for (const Figure &figure : { HeatmapFigure::single(T::heatmap(s), defaults()),
             HeatmapFigure::grid({ T::heatmap(s), T::heatmap(s, 0), T::heatmap(s, 1) }, defaults(),
                 T::hostileTokens().join(QLatin1Char(' '))) }) {
        QProcess lint;
        lint.start(xmllint, { QStringLiteral("--noout"), QStringLiteral("-") });
        QVERIFY(lint.waitForStarted());
        lint.write(SvgFigureWriter::toSvg(figure));
        lint.closeWriteChannel();
        QVERIFY(lint.waitForFinished());
        QVERIFY2(lint.exitCode() == 0, lint.readAllStandardError().constData());
    }
}

void TestSvgFigureWriter::fontFamilyFallsBackToCjk()
{
    const SvgSummary svg = SvgSummary::read(
        SvgFigureWriter::toSvg(HeatmapFigure::single(T::heatmap(T::specExample()), defaults())));
    QVERIFY(svg.fontFamily.contains(QLatin1String("Noto Sans CJK SC")));
    QVERIFY(svg.fontFamily.contains(QLatin1String("Microsoft YaHei")));
    QVERIFY(svg.fontFamily.contains(QLatin1String("PingFang SC")));
    QVERIFY(svg.fontFamily.endsWith(QLatin1String("sans-serif")));
}

void TestSvgFigureWriter::optionsChangeTheContent()
{
    const HeatmapData data = T::heatmap(T::specExample());
    FigureOptions all;
    const SvgSummary full
        = SvgSummary::read(SvgFigureWriter::toSvg(HeatmapFigure::single(data, all)));
    // 2 x 4 visible cells, each with its value; one argmax per row (爱 for both, the
    // reference's note: the exact argmax of the mean is position 1).
    QCOMPARE(full.textsWithClass(QStringLiteral("v")), 8);
    QCOMPARE(full.argmaxRects, 2);
    QVERIFY(full.textsWithClass(QStringLiteral("tick-label")) >= 2);
    QCOMPARE(full.textsWithClass(QStringLiteral("title")), 1);

    FigureOptions bare;
    bare.includeValues = false;
    bare.includeColorBar = false;
    bare.includeTitle = false;
    const SvgSummary plain
        = SvgSummary::read(SvgFigureWriter::toSvg(HeatmapFigure::single(data, bare)));
    QCOMPARE(plain.textsWithClass(QStringLiteral("v")), 0);
    QCOMPARE(plain.textsWithClass(QStringLiteral("tick-label")), 0);
    QCOMPARE(plain.textsWithClass(QStringLiteral("title")), 0);
    QCOMPARE(plain.cellRects, 8);

    FigureOptions titled;
    titled.title = QStringLiteral("注意力权重 / attention");
    const SvgSummary withTitle
        = SvgSummary::read(SvgFigureWriter::toSvg(HeatmapFigure::single(data, titled)));
    QVERIFY(withTitle.texts.contains(titled.title));

    FigureOptions sized;
    sized.size = QSize(1000, 700);
    const SvgSummary big
        = SvgSummary::read(SvgFigureWriter::toSvg(HeatmapFigure::single(data, sized)));
    QCOMPARE(big.width, 1000.0);
    QCOMPARE(big.height, 700.0);
}

void TestSvgFigureWriter::sizeAt64x64()
{
    const Session s = T::session(
        numbered(QStringLiteral("query"), 64), numbered(QStringLiteral("key"), 64), 16, 4);
    const QByteArray svg = SvgFigureWriter::toSvg(HeatmapFigure::single(T::heatmap(s), defaults()));
    QVERIFY2(svg.size() < 2 * 1024 * 1024, qPrintable(QString::number(svg.size())));
    const SvgSummary summary = SvgSummary::read(svg);
    QVERIFY(summary.wellFormed);
    QCOMPARE(summary.cellRects, 64 * 64);
}

void TestSvgFigureWriter::refusesTooManyCells()
{
    // 513 x 512 cells: just past the documented limit.
    const Session s
        = T::session(numbered(QStringLiteral("q"), 513), numbered(QStringLiteral("k"), 512), 2, 1);
    const Figure figure = HeatmapFigure::single(T::heatmap(s), defaults());
    QVERIFY(HeatmapFigure::cellCount(T::heatmap(s)) > SvgFigureWriter::maxCells);
    const QString refusal = SvgFigureWriter::refusal(figure);
    QVERIFY(refusal.contains(QLatin1String("PNG")));
    QVERIFY(refusal.contains(QString::number(513 * 512)));
    const QString file = m_dir.filePath(QStringLiteral("too-big.svg"));
    QString error;
    QVERIFY(!SvgFigureWriter::write(figure, file, &error));
    QVERIFY(error.startsWith(file));
    QVERIFY(!QFileInfo::exists(file));
}

void TestSvgFigureWriter::largestMapIsWrittenCompactly()
{
    // 512 x 512 cells, the largest square within the limit: every cell drawn, as vectors,
    // without per-cell text, in a file that stays far below what one <rect> per cell with
    // two-decimal coordinates and a tooltip took (over 40 MB).
    const Session s
        = T::session(numbered(QStringLiteral("q"), 512), numbered(QStringLiteral("k"), 512), 8, 1);
    const Figure figure = HeatmapFigure::single(T::heatmap(s), defaults());
    QVERIFY(SvgFigureWriter::refusal(figure).isEmpty());
    const QByteArray svg = SvgFigureWriter::toSvg(figure);
    QVERIFY2(svg.size() < 16 * 1024 * 1024, qPrintable(QString::number(svg.size())));
    const SvgSummary summary = SvgSummary::read(svg);
    QVERIFY(summary.wellFormed);
    QCOMPARE(summary.cellRects, 512 * 512);
    QCOMPARE(summary.images, 0);
    QVERIFY(!summary.rasterData);
    QVERIFY(!svg.contains("<title>q0 "));
}

void TestSvgFigureWriter::equalNeighboursShareOneRect()
{
    // A row of four cells: three of one colour, then one of another. Written on the cell grid,
    // the three become one rect three cells wide.
    Figure f;
    f.size = QSizeF(100, 40);
    for (int c = 0; c < 4; ++c) {
        f.addRect(QRectF(10.5 + c * 7.25, 20.0, 7.25, 7.25), c < 3 ? Qt::red : Qt::blue,
            QStringLiteral("cell"));
    }
    const QByteArray svg = SvgFigureWriter::toSvg(f);
    const SvgSummary summary = SvgSummary::read(svg);
    QCOMPARE(summary.cellRects, 4);
    QCOMPARE(summary.cellElements, 2);
    QVERIFY(svg.contains("translate(10.5 20) scale(7.25 7.25)"));
    QVERIFY(svg.contains(R"(<rect x="0" y="0" width="3" height="1" fill="#ff0000"/>)"));
    QVERIFY(svg.contains(R"(<rect x="3" y="0" width="1" height="1" fill="#0000ff"/>)"));
}

void TestSvgFigureWriter::writeReportsAnUnwritableFile()
{
    const Figure figure = HeatmapFigure::single(T::heatmap(T::specExample()), defaults());
    // A folder that does not exist, and a path under /proc where nobody may create files.
    for (const QString &file : { m_dir.filePath(QStringLiteral("missing/folder/f.svg")),
             QStringLiteral("/proc/ae-test.svg") }) {
        QString error;
        QVERIFY2(!SvgFigureWriter::write(figure, file, &error), qPrintable(file));
        QVERIFY2(error.startsWith(file), qPrintable(error));
    }
    const QString good = m_dir.filePath(QStringLiteral("ok.svg"));
    QString error;
    QVERIFY2(SvgFigureWriter::write(figure, good, &error), qPrintable(error));
    QVERIFY(SvgSummary::read(T::readFile(good)).wellFormed);
}

QTEST_MAIN(TestSvgFigureWriter)
#include "tst_svgfigurewriter.moc"
