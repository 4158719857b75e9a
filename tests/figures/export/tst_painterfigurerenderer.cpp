// SPDX-License-Identifier: GPL-3.0-or-later
// PNG and PDF export through QPainter: the files exist with the right magic bytes, the PNG has
// the pixel size the DPI asks for and the cell colours, the PDF is one vector page of the
// figure's size, and failures are reported.

#include "export/figureexporter.h"
#include "export/painterfigurerenderer.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmapfigure.h"
#include "scaling/scalingfigure.h"
#include "testsupportexport.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

using T = ExportTestSupport;

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestPainterFigureRenderer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void png_data();
    void png();
    void pngShowsTheCellColors();
    void pngRefusesHugeImages();
    void pdf_data();
    void pdf();
    void exporterChoosesByExtension_data();
    void exporterChoosesByExtension();
    void failedWriteKeepsTheOldFile();
    void fullDiskKeepsTheOldFile_data();
    void fullDiskKeepsTheOldFile();

private:
    QTemporaryDir m_dir;
};

void TestPainterFigureRenderer::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestPainterFigureRenderer::png_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<QSize>("pixels");
    // Pixels = ceil(size in 1/96 inch * dpi / 96).
    QTest::newRow("800 x 600 at 96 dpi") << QSize(800, 600) << 96 << QSize(800, 600);
    QTest::newRow("800 x 600 at 192 dpi") << QSize(800, 600) << 192 << QSize(1600, 1200);
    QTest::newRow("640 x 480 at 300 dpi") << QSize(640, 480) << 300 << QSize(2000, 1500);
    QTest::newRow("500 x 333 at 72 dpi") << QSize(500, 333) << 72 << QSize(375, 250);
}

void TestPainterFigureRenderer::png()
{
    QFETCH(QSize, size);
    QFETCH(int, dpi);
    QFETCH(QSize, pixels);
    FigureOptions options;
    options.size = size;
    const Figure figure = HeatmapFigure::single(T::heatmap(T::specExample()), options);
    QCOMPARE(figure.size, QSizeF(size));
    const QString file = m_dir.filePath(QStringLiteral("figure-%1.png").arg(dpi));
    QString error;
    QVERIFY2(PainterFigureRenderer::writePng(figure, file, dpi, &error), qPrintable(error));
    const QByteArray bytes = T::readFile(file);
    QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
    QImage image;
    QVERIFY(image.load(file));
    QCOMPARE(image.size(), pixels);
    // The resolution is stored, so that layout programs place the image at its size.
    QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
}

void TestPainterFigureRenderer::pngShowsTheCellColors()
{
    const HeatmapData data = T::heatmap(T::specExample());
    FigureOptions options;
    options.includeValues = false; // the centre pixel is the fill, not a digit
    options.colorMap = ColorMapKind::Viridis;
    const Figure figure = HeatmapFigure::single(data, options);
    const QImage image = PainterFigureRenderer::toImage(figure, 96);
    int checked = 0;
    for (const Figure::Item &item : figure.items) {
        if (item.role != QLatin1String("cell"))
            continue;
        // Inset from the argmax frames drawn over some cells.
        const QPoint centre = item.rect.center().toPoint();
        const QColor pixel = image.pixelColor(centre.x(), centre.y() + int(item.rect.height() / 4));
        QVERIFY2(std::abs(pixel.red() - item.fill.red()) <= 1
                && std::abs(pixel.green() - item.fill.green()) <= 1
                && std::abs(pixel.blue() - item.fill.blue()) <= 1,
            qPrintable(pixel.name() + QStringLiteral(" vs ") + item.fill.name()));
        ++checked;
    }
    QCOMPARE(checked, 8);
}

void TestPainterFigureRenderer::pngRefusesHugeImages()
{
    Figure figure;
    figure.size = QSizeF(20000, 20000);
    QVERIFY(!PainterFigureRenderer::pngRefusal(figure, 96).isEmpty());
    QVERIFY(PainterFigureRenderer::pngRefusal(figure, 24).isEmpty());
    const QString file = m_dir.filePath(QStringLiteral("huge.png"));
    QString error;
    QVERIFY(!PainterFigureRenderer::writePng(figure, file, 300, &error));
    QVERIFY(error.startsWith(file));
    QVERIFY(!QFileInfo::exists(file));
}

void TestPainterFigureRenderer::pdf_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QSize>("size");
    QTest::newRow("heatmap 960 x 720") << QStringLiteral("heatmap") << QSize(960, 720);
    QTest::newRow("grid 1200 x 800") << QStringLiteral("grid") << QSize(1200, 800);
    QTest::newRow("scaling 720 x 480") << QStringLiteral("scaling") << QSize(720, 480);
}

void TestPainterFigureRenderer::pdf()
{
    QFETCH(QString, kind);
    QFETCH(QSize, size);
    FigureOptions options;
    options.size = size;
    const Session s = T::session(words("我 爱 你"), words("深度 学习 很 有趣"), 4, 2);
    Figure figure;
    if (kind == QLatin1String("heatmap")) {
        figure = HeatmapFigure::single(T::heatmap(s), options);
    } else if (kind == QLatin1String("grid")) {
        figure = HeatmapFigure::grid(
            { T::heatmap(s), T::heatmap(s, 0), T::heatmap(s, 1) }, options, QStringLiteral("grid"));
    } else {
        EntropyExperimentResult r;
        r.dims = { 8, 32, 128, 512 };
        r.unscaled = { 1.2, 0.5, 0.25, 0.1 };
        r.scaled = { 2.0, 1.95, 1.9, 1.93 };
        figure = ScalingFigure::make(r, EntropyExperimentConfig {}, 2, options);
    }
    const QString file = m_dir.filePath(kind + QStringLiteral(".pdf"));
    QString error;
    QVERIFY2(PainterFigureRenderer::writePdf(figure, file, &error), qPrintable(error));
    const QByteArray bytes = T::readFile(file);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    // One page of exactly the figure's size in points (1/72 inch): width * 72 / 96.
    QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page "), 1);
    const QRegularExpression mediaBox(
        QStringLiteral("/MediaBox \\[\\s*0 0 ([0-9.]+) ([0-9.]+)\\s*\\]"));
    const QRegularExpressionMatch m = mediaBox.match(QString::fromLatin1(bytes));
    QVERIFY(m.hasMatch());
    QVERIFY(std::abs(m.captured(1).toDouble() - size.width() * 0.75) < 1.0);
    QVERIFY(std::abs(m.captured(2).toDouble() - size.height() * 0.75) < 1.0);
    // Vector: no raster image in the file.
    QVERIFY(!bytes.contains("/Subtype /Image"));
}

void TestPainterFigureRenderer::exporterChoosesByExtension_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("svg") << QStringLiteral("f.svg") << QByteArray("<?xml");
    QTest::newRow("SVG upper case") << QStringLiteral("F.SVG") << QByteArray("<?xml");
    QTest::newRow("png") << QStringLiteral("f.png") << QByteArray("\x89PNG");
    QTest::newRow("pdf") << QStringLiteral("f.pdf") << QByteArray("%PDF");
}

void TestPainterFigureRenderer::exporterChoosesByExtension()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, magic);
    const Figure figure = HeatmapFigure::single(T::heatmap(T::specExample()), FigureOptions {});
    const QString file = m_dir.filePath(name);
    const FigureExporter::Outcome outcome = FigureExporter::write(figure, file, 96);
    QVERIFY2(outcome.ok(), qPrintable(outcome.message));
    QVERIFY(T::readFile(file).startsWith(magic));

    const FigureExporter::Outcome unknown
        = FigureExporter::write(figure, m_dir.filePath(QStringLiteral("f.jpg")), 96);
    QCOMPARE(unknown.status, FigureExporter::Outcome::Status::Refused);
    QVERIFY(unknown.message.contains(QLatin1String(".svg")));
}

void TestPainterFigureRenderer::failedWriteKeepsTheOldFile()
{
    const Figure figure = HeatmapFigure::single(T::heatmap(T::specExample()), FigureOptions {});
    for (const QString &name :
        { QStringLiteral("missing-folder/f.png"), QStringLiteral("missing-folder/f.pdf") }) {
        const FigureExporter::Outcome outcome
            = FigureExporter::write(figure, m_dir.filePath(name), 96);
        QCOMPARE(outcome.status, FigureExporter::Outcome::Status::WriteFailed);
        QVERIFY(outcome.message.startsWith(m_dir.filePath(name)));
    }
    // Too many pixels: refused before anything is written, the old file stays.
    const QString old = m_dir.filePath(QStringLiteral("old.png"));
    QVERIFY(T::writeFile(old, "old content"));
    Figure huge = figure;
    huge.size = QSizeF(20000, 20000);
    const FigureExporter::Outcome refused = FigureExporter::write(huge, old, 300);
    QCOMPARE(refused.status, FigureExporter::Outcome::Status::Refused);
    QCOMPARE(T::readFile(old), QByteArray("old content"));
}

void TestPainterFigureRenderer::fullDiskKeepsTheOldFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("SVG") << QStringLiteral("full.svg");
    QTest::newRow("PNG") << QStringLiteral("full.png");
    QTest::newRow("PDF") << QStringLiteral("full.pdf");
}

void TestPainterFigureRenderer::fullDiskKeepsTheOldFile()
{
    QFETCH(QString, name);
    const QString file = m_dir.filePath(name);
    QVERIFY(T::writeFile(file, "the figure from last week"));
    const Figure figure = HeatmapFigure::single(T::heatmap(T::specExample()), FigureOptions {});
    FigureExporter::Outcome outcome;
    {
        // Room for the first 300 bytes only: the write stops part-way, as on a full disk.
        const T::FileSizeLimit limit(300);
        outcome = FigureExporter::write(figure, file, 96);
    }
    QCOMPARE(outcome.status, FigureExporter::Outcome::Status::WriteFailed);
    QVERIFY2(outcome.message.startsWith(file), qPrintable(outcome.message));
    QCOMPARE(T::readFile(file), QByteArray("the figure from last week"));
    QCOMPARE(
        QDir(m_dir.path()).entryList({ name + QStringLiteral(".*") }, QDir::Files), QStringList());
}

QTEST_MAIN(TestPainterFigureRenderer)
#include "tst_painterfigurerenderer.moc"
