// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Export…: the dialog writes the chosen figure in the format of the file name, with the
// options set; problems (unknown extension, too large for SVG, an existing file) are shown in
// the dialog, which stays open; the scaling plot is computed when it is not on screen yet.

#include "export/exportdialog.h"
#include "export/svgfigurewriter.h"
#include "session/sessioncompute.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

using T = ExportTestSupport;

ExportSource sourceFor(const Session &session, int view = -1)
{
    ExportSource s = ExportSource::fromResult(session, computeSession(session), false);
    s.selectedView = view;
    return s;
}

QStringList numbered(const QString &prefix, int n)
{
    QStringList t;
    for (int i = 0; i < n; ++i)
        t << prefix + QString::number(i);
    return t;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void writesEachFormat_data();
    void writesEachFormat();
    void optionsReachTheFigure();
    void unknownExtensionIsShown();
    void existingFileNeedsASecondPress();
    void tooLargeForSvgOffersPng();
    void scalingPlotIsComputedWhenNeeded();

private:
    QTemporaryDir m_dir;
};

void TestExportDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_exportdialog"));
}

void TestExportDialog::writesEachFormat_data()
{
    QTest::addColumn<int>("what");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("large heatmap as SVG")
        << int(ExportSource::What::Heatmap) << QStringLiteral("mean.svg") << QByteArray("<?xml");
    QTest::newRow("grid of heads as PNG")
        << int(ExportSource::What::Grid) << QStringLiteral("grid.png") << QByteArray("\x89PNG");
    QTest::newRow("large heatmap as PDF")
        << int(ExportSource::What::Heatmap) << QStringLiteral("mean.pdf") << QByteArray("%PDF");
    QTest::newRow("grid of heads as SVG")
        << int(ExportSource::What::Grid) << QStringLiteral("grid.svg") << QByteArray("<?xml");
}

void TestExportDialog::writesEachFormat()
{
    QFETCH(int, what);
    QFETCH(QString, name);
    QFETCH(QByteArray, magic);
    ExportDialog dialog(sourceFor(T::specExample()));
    dialog.setWhat(ExportSource::What(what));
    const QString file = m_dir.filePath(name);
    dialog.setFileName(file);
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    QVERIFY2(dialog.exportNow(), qPrintable(dialog.message()));
    QCOMPARE(exported.size(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(T::readFile(file).startsWith(magic));
    if (name.endsWith(QLatin1String(".svg"))) {
        const SvgSummary svg = SvgSummary::read(T::readFile(file));
        QVERIFY(svg.wellFormed);
        QCOMPARE(svg.cellRects, what == int(ExportSource::What::Grid) ? 3 * 8 : 8);
    }
}

void TestExportDialog::optionsReachTheFigure()
{
    ExportDialog dialog(sourceFor(T::specExample(), 1));
    FigureOptions options = dialog.options();
    options.size = QSize(900, 500);
    options.dpi = 192;
    options.includeValues = false;
    options.includeColorBar = false;
    options.title = QStringLiteral("第二个头");
    dialog.setOptions(options);
    const QString png = m_dir.filePath(QStringLiteral("options.png"));
    dialog.setFileName(png);
    QVERIFY2(dialog.exportNow(), qPrintable(dialog.message()));
    QImage image;
    QVERIFY(image.load(png));
    QCOMPARE(image.size(), QSize(1800, 1000)); // 900 x 500 at 192 dpi

    ExportDialog again(sourceFor(T::specExample(), 1));
    again.setOptions(options);
    const QString svgFile = m_dir.filePath(QStringLiteral("options.svg"));
    again.setFileName(svgFile);
    QVERIFY(again.exportNow());
    const SvgSummary svg = SvgSummary::read(T::readFile(svgFile));
    QVERIFY(svg.texts.contains(QStringLiteral("第二个头")));
    QCOMPARE(svg.textsWithClass(QStringLiteral("v")), 0);
    QCOMPARE(svg.textsWithClass(QStringLiteral("tick-label")), 0);
    QCOMPARE(svg.width, 900.0);
}

void TestExportDialog::unknownExtensionIsShown()
{
    ExportDialog dialog(sourceFor(T::specExample()));
    dialog.setFileName(m_dir.filePath(QStringLiteral("figure.jpg")));
    QVERIFY(!dialog.exportNow());
    QVERIFY(dialog.message().contains(QLatin1String(".svg")));
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("figure.jpg"))));
}

void TestExportDialog::existingFileNeedsASecondPress()
{
    const QString file = m_dir.filePath(QStringLiteral("existing.svg"));
    QVERIFY(T::writeFile(file, "old"));
    ExportDialog dialog(sourceFor(T::specExample()));
    dialog.setFileName(file);
    QVERIFY(!dialog.exportNow());
    QVERIFY(dialog.message().contains(QLatin1String("already exists")));
    QCOMPARE(T::readFile(file), QByteArray("old"));
    QVERIFY(dialog.exportNow());
    QVERIFY(T::readFile(file).startsWith("<?xml"));
}

void TestExportDialog::tooLargeForSvgOffersPng()
{
    const Session big
        = T::session(numbered(QStringLiteral("q"), 300), numbered(QStringLiteral("k"), 300), 2, 2);
    ExportDialog dialog(sourceFor(big));
    dialog.setWhat(ExportSource::What::Grid); // the mean and 2 heads: 3 x 300 x 300 cells
    const QString svg = m_dir.filePath(QStringLiteral("big.svg"));
    dialog.setFileName(svg);
    QVERIFY(!dialog.message().isEmpty()); // said as soon as the name is typed
    QVERIFY(!dialog.exportNow());
    QVERIFY(dialog.message().contains(QLatin1String("PNG")));
    QVERIFY(!QFileInfo::exists(svg));
    auto *instead = dialog.findChild<QPushButton *>(QStringLiteral("pngInsteadButton"));
    QVERIFY(instead);
    QVERIFY(!instead->isHidden());
    instead->click();
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("big.png"))));
    QVERIFY(T::readFile(m_dir.filePath(QStringLiteral("big.png"))).startsWith("\x89PNG"));
}

void TestExportDialog::scalingPlotIsComputedWhenNeeded()
{
    Session session = T::specExample();
    session.scaling.dims = { 4, 16 };
    session.scaling.queries = 256;
    ExportSource source = sourceFor(session);
    QVERIFY(!source.scalingResult);
    ExportDialog dialog(source);
    dialog.setWhat(ExportSource::What::Scaling);
    const QString file = m_dir.filePath(QStringLiteral("scaling.svg"));
    dialog.setFileName(file);
    QVERIFY(!dialog.exportNow()); // not yet: computing first
    QTRY_VERIFY(QFileInfo::exists(file));
    const SvgSummary svg = SvgSummary::read(T::readFile(file));
    QVERIFY(svg.wellFormed);
    QVERIFY(svg.texts.contains(QStringLiteral("16")));
    QCOMPARE(svg.images, 0);
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
