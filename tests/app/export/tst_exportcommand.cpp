// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-explorer export` run as a separate process with no display: every built-in example
// to SVG, PNG and PDF (one shape per cell, every token as text, no raster in the SVG), the
// options, and exit statuses 0 / 1 / 2 with messages that start with the file name.

#include "testsupportcli.h"
#include "testsupportsvg.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;
using namespace ae::test;

namespace {

/// The pixel size in a PNG's header (the IHDR chunk right after the signature).
QSize pngSize(const QByteArray &png)
{
    if (png.size() < 24 || !png.startsWith("\x89PNG\r\n\x1a\n") || png.mid(12, 4) != "IHDR")
        return {};
    auto be32 = [&png](int at) {
        return int((quint32(quint8(png[at])) << 24) | (quint32(quint8(png[at + 1])) << 16)
            | (quint32(quint8(png[at + 2])) << 8) | quint32(quint8(png[at + 3])));
    };
    return QSize(be32(16), be32(20));
}

/// The built-in examples: resources/examples/*.json.
QStringList examples()
{
    const QDir dir(QStringLiteral(AE_SOURCE_DIR "/resources/examples"));
    QStringList files;
    for (const QString &name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files))
        files << dir.filePath(name);
    return files;
}

/// The query and key tokens of a session file, read from its JSON.
std::pair<QStringList, QStringList> tokensOf(const QString &file)
{
    const QJsonObject root = parseObject(readFileBytes(file));
    const QJsonObject attention = root.value(QStringLiteral("attention")).toObject();
    auto tokens = [&root](const QString &role) {
        QStringList t;
        for (const QJsonValue &v :
            root.value(role).toObject().value(QStringLiteral("tokens")).toArray())
            t << v.toString();
        return t;
    };
    return { tokens(attention.value(QStringLiteral("query_from")).toString()),
        tokens(attention.value(QStringLiteral("key_value_from")).toString()) };
}

int headsOf(const QString &file)
{
    return parseObject(readFileBytes(file))
        .value(QStringLiteral("attention"))
        .toObject()
        .value(QStringLiteral("heads"))
        .toInt();
}

} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyExample_data();
    void everyExample();
    void scalingPlot_data();
    void scalingPlot();
    void scalingLabViews_data();
    void scalingLabViews();
    void options();
    void refused_data();
    void refused();
    void cannotReadOrWrite_data();
    void cannotReadOrWrite();

private:
    QString out(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
    QString m_session;
};

void TestExportCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(!examples().isEmpty());
    m_session = examples().constFirst();
    // No display anywhere in the children's environment.
    QVERIFY(!headlessEnvironment().contains(QStringLiteral("DISPLAY")));
}

void TestExportCommand::everyExample_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const QString &file : examples()) {
        const QString name = QFileInfo(file).completeBaseName();
        for (const QString &format :
            { QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("pdf") }) {
            for (const QString &view :
                { QStringLiteral("mean"), QStringLiteral("head:0"), QStringLiteral("grid") }) {
                QTest::newRow(qPrintable(QStringLiteral("%1 %2 %3").arg(name, view, format)))
                    << file << view << format;
            }
        }
    }
}

void TestExportCommand::everyExample()
{
    QFETCH(QString, session);
    QFETCH(QString, view);
    QFETCH(QString, format);
    const QString file
        = out(QStringLiteral("%1-%2.%3")
                  .arg(QFileInfo(session).completeBaseName(),
                      QString(view).replace(QLatin1Char(':'), QLatin1Char('-')), format));
    const CliRun run = runCli({ QStringLiteral("export"), session, QStringLiteral("-o"), file,
        QStringLiteral("--view"), view });
    QVERIFY2(run.finished && !run.crashed && run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QByteArray bytes = readFileBytes(file);
    if (format == QLatin1String("png")) {
        QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
        const QSize size = pngSize(bytes);
        QVERIFY(size.width() >= 200 && size.height() >= 100);
    } else if (format == QLatin1String("pdf")) {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(!bytes.contains("/Subtype /Image"));
    } else {
        const SvgSummary svg = SvgSummary::read(bytes);
        QVERIFY(svg.wellFormed);
        QCOMPARE(svg.images, 0);
        const auto [queries, keys] = tokensOf(session);
        const int heads = headsOf(session);
        const int panels = view == QLatin1String("grid") && heads > 1 ? heads + 1 : 1;
        QCOMPARE(svg.cellRects, panels * int(queries.size() * keys.size()));
        for (const QString &token : queries + keys)
            QVERIFY2(svg.texts.contains(token), qPrintable(token));
    }
}

void TestExportCommand::scalingPlot_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestExportCommand::scalingPlot()
{
    QFETCH(QString, format);
    const QString file = out(QStringLiteral("scaling.") + format);
    const CliRun run = runCli({ QStringLiteral("export"), m_session, QStringLiteral("-o"), file,
        QStringLiteral("--view"), QStringLiteral("scaling") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QByteArray bytes = readFileBytes(file);
    if (format == QLatin1String("svg")) {
        const SvgSummary svg = SvgSummary::read(bytes);
        QVERIFY(svg.wellFormed);
        QCOMPARE(svg.images, 0);
        // The default dimensions of the experiment label the x axis.
        for (const char *dim : { "8", "32", "128", "512" })
            QVERIFY2(svg.texts.contains(QLatin1String(dim)), dim);
    } else {
        QVERIFY(bytes.startsWith(
            format == QLatin1String("png") ? QByteArray("\x89PNG") : QByteArray("%PDF")));
    }
}

void TestExportCommand::scalingLabViews_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<bool>("dimsOnAxis");
    const auto s = [](const char *t) { return QString::fromUtf8(t); };
    QTest::newRow("entropy") << s("scaling:entropy")
                             << QStringList { s("Softmax entropy"), s("mean entropy (nats)") }
                             << true;
    QTest::newRow("spread") << s("scaling:spread") << QStringList { s("Score spread"), s("√d_k") }
                            << true;
    QTest::newRow("gradient") << s("scaling:gradient") << QStringList { s("Softmax gradient") }
                              << true;
    QTest::newRow("saturation") << s("scaling:saturation") << QStringList { s("Saturated rows") }
                                << true;
    QTest::newRow("histogram, upper case")
        << s("Scaling:Histogram") << QStringList { s("Score histogram") } << false;
    QTest::newRow("all") << s("scaling:all")
                         << QStringList { s("Softmax entropy"), s("Score spread"),
                                s("Softmax gradient"), s("Saturated rows"), s("Score histogram") }
                         << true;
}

void TestExportCommand::scalingLabViews()
{
    QFETCH(QString, view);
    QFETCH(QStringList, texts);
    QFETCH(bool, dimsOnAxis);
    const QString file
        = out(view.toLower().replace(QLatin1Char(':'), QLatin1Char('-')) + QStringLiteral(".svg"));
    const CliRun run = runCli({ QStringLiteral("export"), m_session, QStringLiteral("-o"), file,
        QStringLiteral("--view"), view, QStringLiteral("--width"), QStringLiteral("900") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QByteArray bytes = readFileBytes(file);
    const SvgSummary svg = SvgSummary::read(bytes);
    QVERIFY(svg.wellFormed);
    QCOMPARE(svg.images, 0); // vector, like the other views
    QCOMPARE(svg.width, 900.0);
    for (const QString &t : texts)
        QVERIFY2(svg.texts.contains(t), qPrintable(t));
    if (dimsOnAxis) {
        for (const char *dim : { "8", "32", "128", "512" })
            QVERIFY2(svg.texts.contains(QLatin1String(dim)), dim);
    }
    // PNG and PDF from the same views.
    const QString png = out(QStringLiteral("lab.png"));
    QCOMPARE(runCli({ QStringLiteral("export"), m_session, QStringLiteral("-o"), png,
                        QStringLiteral("--view"), view })
                 .exitCode,
        0);
    QVERIFY(readFileBytes(png).startsWith("\x89PNG"));
}

void TestExportCommand::options()
{
    // --width/--height in 1/96 inch, --dpi scales the PNG's pixels.
    const QString png = out(QStringLiteral("sized.png"));
    CliRun run = runCli({ QStringLiteral("export"), m_session, QStringLiteral("-o"), png,
        QStringLiteral("--width"), QStringLiteral("800"), QStringLiteral("--height"),
        QStringLiteral("500"), QStringLiteral("--dpi"), QStringLiteral("192") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QCOMPARE(pngSize(readFileBytes(png)), QSize(1600, 1000));

    const QString svgFile = out(QStringLiteral("options.svg"));
    run = runCli({ QStringLiteral("export"), m_session, QStringLiteral("-o"), svgFile,
        QStringLiteral("--no-values"), QStringLiteral("--no-colorbar"), QStringLiteral("--title"),
        QStringLiteral("注意力 <&>"), QStringLiteral("--colormap"), QStringLiteral("cividis"),
        QStringLiteral("--width"), QStringLiteral("700") });
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QByteArray bytes = readFileBytes(svgFile);
    const SvgSummary svg = SvgSummary::read(bytes);
    QVERIFY(svg.texts.contains(QStringLiteral("注意力 <&>")));
    QCOMPARE(svg.width, 700.0);
    QCOMPARE(svg.textsWithClass(QStringLiteral("v")), 0);
    QVERIFY(!bytes.contains("class=\"colorbar\""));
}

void TestExportCommand::refused_data()
{
    QTest::addColumn<QStringList>(
        "arguments"); // SESSION stands for the session, OUT for the output
    QTest::addColumn<QString>("expected");
    QTest::newRow("head out of range") << QStringList { QStringLiteral("--view"),
        QStringLiteral("head:5") } << QStringLiteral("--view head:5: out of range");
    QTest::newRow("unknown view") << QStringList { QStringLiteral("--view"),
        QStringLiteral("median") } << QStringLiteral("--view");
    QTest::newRow("unknown scaling panel") << QStringList { QStringLiteral("--view"),
        QStringLiteral("scaling:loss") } << QStringLiteral("scaling:histogram");
    QTest::newRow("negative head") << QStringList { QStringLiteral("--view"),
        QStringLiteral("head:-1") } << QStringLiteral("--view");
    QTest::newRow("dpi not a number") << QStringList { QStringLiteral("--dpi"),
        QStringLiteral("lots") } << QStringLiteral("--dpi");
    QTest::newRow("width too small") << QStringList { QStringLiteral("--width"),
        QStringLiteral("10") } << QStringLiteral("--width");
    QTest::newRow("unknown colour map") << QStringList { QStringLiteral("--colormap"),
        QStringLiteral("jet") } << QStringLiteral("--colormap");
    QTest::newRow("unknown format") << QStringList { QStringLiteral("-o"),
        QStringLiteral("OUT.jpg") } << QStringLiteral(".svg");
    QTest::newRow("no output") << QStringList { QStringLiteral("-o"), QString() }
                               << QStringLiteral("-o");
}

void TestExportCommand::refused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    QStringList args { QStringLiteral("export"), m_session };
    if (!arguments.contains(QStringLiteral("-o")))
        args << QStringLiteral("-o") << out(QStringLiteral("refused.svg"));
    for (const QString &a : arguments)
        args << (a == QLatin1String("OUT.jpg") ? out(QStringLiteral("figure.jpg")) : a);
    const CliRun run = runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromLocal8Bit(run.err);
    QVERIFY2(err.startsWith(QStringLiteral("export: ") + m_session), qPrintable(err));
    QVERIFY2(err.contains(expected), qPrintable(err));
    QVERIFY(!QFileInfo::exists(out(QStringLiteral("refused.svg"))));
}

void TestExportCommand::cannotReadOrWrite_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("output");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("expected");
    QTest::newRow("session file missing")
        << QStringLiteral("MISSING") << QStringLiteral("f.svg") << 1 << QString();
    QTest::newRow("output folder missing") << QString() << QStringLiteral("no/such/folder/f.svg")
                                           << 1 << QStringLiteral("no/such/folder/f.svg");
    QTest::newRow("output under /proc") << QString() << QStringLiteral("/proc/ae-figure.png") << 1
                                        << QStringLiteral("/proc/ae-figure.png");
    QTest::newRow("malformed session") << QStringLiteral("MALFORMED") << QStringLiteral("f.svg")
                                       << 2 << QStringLiteral("attention.heads");
    QTest::newRow("too many cells for SVG")
        << QStringLiteral("BIG") << QStringLiteral("big.svg") << 2 << QStringLiteral("PNG");
}

void TestExportCommand::cannotReadOrWrite()
{
    QFETCH(QString, session);
    QFETCH(QString, output);
    QFETCH(int, status);
    QFETCH(QString, expected);
    QString sessionFile = m_session;
    if (session == QLatin1String("MISSING")) {
        sessionFile = out(QStringLiteral("does-not-exist.json"));
    } else if (session == QLatin1String("MALFORMED")) {
        sessionFile = out(QStringLiteral("malformed.json"));
        QByteArray json = readFileBytes(m_session);
        QJsonObject root = parseObject(json);
        QJsonObject attention = root.value(QStringLiteral("attention")).toObject();
        attention.insert(QStringLiteral("heads"), 3);
        root.insert(QStringLiteral("attention"), attention);
        QFile f(sessionFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
    } else if (session == QLatin1String("BIG")) {
        // The grid of the mean and 2 heads of 300 x 300 tokens: more cells than an SVG figure
        // draws as vectors (a single map of at most 512 x 512 tokens always fits).
        sessionFile = out(QStringLiteral("big.json"));
        QJsonObject root = parseObject(readFileBytes(m_session));
        auto sequence = [](int n) {
            QJsonArray tokens, rows;
            for (int i = 0; i < n; ++i) {
                tokens.append(QStringLiteral("t%1").arg(i));
                rows.append(QJsonArray { 0.1 * (i % 7), 0.2, -0.1 * (i % 3), 0.3 });
            }
            return QJsonObject { { QStringLiteral("tokens"), tokens },
                { QStringLiteral("embeddings"), rows } };
        };
        root.insert(QStringLiteral("source"), sequence(300));
        root.insert(QStringLiteral("target"), sequence(300));
        QFile f(sessionFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
    }
    const QString file = QDir::isAbsolutePath(output) ? output : out(output);
    QStringList args { QStringLiteral("export"), sessionFile, QStringLiteral("-o"), file };
    if (session == QLatin1String("BIG"))
        args << QStringLiteral("--view") << QStringLiteral("grid");
    const CliRun run = runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, status);
    const QString err = QString::fromLocal8Bit(run.err);
    // The message starts with the subcommand and the file concerned: the session, or the output
    // that failed.
    QVERIFY2(err.startsWith(QStringLiteral("export: ") + sessionFile)
            || err.startsWith(QStringLiteral("export: ") + file),
        qPrintable(err));
    if (!expected.isEmpty())
        QVERIFY2(err.contains(expected), qPrintable(err));
    QVERIFY(!QFileInfo::exists(file));
}

QTEST_GUILESS_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
