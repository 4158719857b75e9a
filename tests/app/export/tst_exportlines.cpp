// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer export --view lines` run headless: the alignment view as SVG (one line per
// pair whose weight reaches --threshold, counted against `compute`'s weights; every token as
// text), PNG and PDF, and refusals of bad views and thresholds with exit status 2.

#include "testsupportcli.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace ae;
using namespace ae::test;

namespace {

QString example(const char *name)
{
    return QStringLiteral(AE_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

/// Lines of class "link" and token texts in an SVG, read independently of the program.
struct LinesSvg
{
    bool wellFormed = false;
    int links = 0;
    QStringList tokens;
};

LinesSvg readLines(const QByteArray &bytes)
{
    LinesSvg s;
    QXmlStreamReader xml(bytes);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QStringList classes
            = xml.attributes().value(QLatin1String("class")).toString().split(QLatin1Char(' '));
        if (xml.name() == QLatin1String("line") && classes.contains(QStringLiteral("link")))
            ++s.links;
        if (xml.name() == QLatin1String("text")
            && (classes.contains(QStringLiteral("query-token"))
                || classes.contains(QStringLiteral("key-token"))))
            s.tokens << xml.readElementText(QXmlStreamReader::SkipChildElements);
    }
    s.wellFormed = !xml.hasError();
    return s;
}

/// Pairs of @p weights (a JSON matrix from `compute`) at or above @p threshold and above 0.
int pairsAtLeast(const QJsonArray &weights, double threshold)
{
    int n = 0;
    for (const QJsonValue &row : weights) {
        for (const QJsonValue &w : row.toArray())
            n += w.toDouble() > 0.0 && w.toDouble() >= threshold ? 1 : 0;
    }
    return n;
}

} // namespace

class TestExportLines : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void svgHasOneLinePerPairAboveTheThreshold_data();
    void svgHasOneLinePerPairAboveTheThreshold();
    void pngAndPdf();
    void refusals_data();
    void refusals();

private:
    QTemporaryDir m_dir;
};

void TestExportLines::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestExportLines::svgHasOneLinePerPairAboveTheThreshold_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("head");
    QTest::addColumn<double>("threshold");
    QTest::newRow("cross, mean") << example("cross-attention-2heads.json")
                                 << QStringLiteral("lines") << -1 << 0.05;
    QTest::newRow("cross, head 1, 0.25")
        << example("cross-attention-2heads.json") << QStringLiteral("lines:head:1") << 1 << 0.25;
    QTest::newRow("causal, mean, 0")
        << example("decoder-causal.json") << QStringLiteral("lines:mean") << -1 << 0.0;
    QTest::newRow("long pair, head 3, 0.1")
        << example("long-sentence-pair.json") << QStringLiteral("lines:head:3") << 3 << 0.1;
}

void TestExportLines::svgHasOneLinePerPairAboveTheThreshold()
{
    QFETCH(QString, session);
    QFETCH(QString, view);
    QFETCH(int, head);
    QFETCH(double, threshold);
    const QString out = m_dir.filePath(QStringLiteral("lines.svg"));
    const CliRun run = runCli(
        { QStringLiteral("export"), session, QStringLiteral("-o"), out, QStringLiteral("--view"),
            view, QStringLiteral("--threshold"), QString::number(threshold) });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(describe(run)));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const LinesSvg svg = readLines(file.readAll());
    QVERIFY(svg.wellFormed);

    const CliRun computed = runCli({ QStringLiteral("compute"), session });
    QVERIFY2(computed.exitCode == 0, qPrintable(describe(computed)));
    const QJsonObject result = parseObject(computed.out);
    const QJsonArray weights = head < 0 ? result.value(QStringLiteral("mean_weights")).toArray()
                                        : result.value(QStringLiteral("heads"))
                                              .toArray()
                                              .at(head)
                                              .toObject()
                                              .value(QStringLiteral("weights"))
                                              .toArray();
    QVERIFY(!weights.isEmpty());
    QCOMPARE(svg.links, pairsAtLeast(weights, threshold));
    const int queries = int(weights.size());
    const int keys = int(weights.first().toArray().size());
    QCOMPARE(int(svg.tokens.size()), queries + keys);
}

void TestExportLines::pngAndPdf()
{
    for (const QString &ext : { QStringLiteral("png"), QStringLiteral("pdf") }) {
        const QString out = m_dir.filePath(QStringLiteral("lines.") + ext);
        const CliRun run = runCli({ QStringLiteral("export"), example("decoder-causal.json"),
            QStringLiteral("-o"), out, QStringLiteral("--view"), QStringLiteral("lines") });
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(describe(run)));
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(8);
        QVERIFY(ext == QLatin1String("png") ? head.startsWith("\x89PNG") : head.startsWith("%PDF"));
    }
}

void TestExportLines::refusals_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("message");
    QTest::newRow("head past the last") << QStringList { QStringLiteral("--view"),
        QStringLiteral("lines:head:2") } << QStringLiteral("out of range");
    QTest::newRow("unknown after lines:") << QStringList { QStringLiteral("--view"),
        QStringLiteral("lines:grid") } << QStringLiteral("after lines:");
    QTest::newRow("threshold above 1") << QStringList { QStringLiteral("--view"),
        QStringLiteral("lines"), QStringLiteral("--threshold"), QStringLiteral("1.5") }
                                       << QStringLiteral("--threshold");
    QTest::newRow("threshold not a number") << QStringList { QStringLiteral("--view"),
        QStringLiteral("lines"), QStringLiteral("--threshold"), QStringLiteral("half") }
                                            << QStringLiteral("--threshold");
}

void TestExportLines::refusals()
{
    QFETCH(QStringList, options);
    QFETCH(QString, message);
    const QString session = example("cross-attention-2heads.json");
    const QString out = m_dir.filePath(QStringLiteral("refused.svg"));
    const CliRun run = runCli(
        QStringList { QStringLiteral("export"), session, QStringLiteral("-o"), out } + options);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith(QStringLiteral("export: ") + session), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY(!QFile::exists(out));
}

QTEST_MAIN(TestExportLines)
#include "tst_exportlines.moc"
