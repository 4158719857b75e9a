// SPDX-License-Identifier: GPL-3.0-or-later
// One export path: for the same session and options, File ▸ Export… in the window and
// `attention-explorer export` on the command line write byte-identical SVG files, for a single
// heatmap, one head, the grid of heads and the scaling plot, with stretched colours, without
// values, with a colour map, a size and a title.

#include "document/document.h"
#include "export/exportdialog.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmappanel.h"
#include "session/sessionjson.h"
#include "testsupportattention.h"
#include "testsupportcli.h"
#include "window/mainwindow.h"
#include "window/mainwindowfileactions.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;
using namespace ae::test;

class TestExportParity : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void windowAndCommandLineWriteTheSameSvg_data();
    void windowAndCommandLineWriteTheSameSvg();

private:
    QTemporaryDir m_dir;
};

void TestExportParity::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_exportparity"));
}

void TestExportParity::windowAndCommandLineWriteTheSameSvg_data()
{
    QTest::addColumn<QString>("example"); // a file of resources/examples
    QTest::addColumn<QString>("view"); // as --view takes it
    QTest::addColumn<bool>("stretch");
    QTest::addColumn<bool>("values");
    QTest::addColumn<QString>("colorMap"); // as --colormap takes it
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("title");
    const QString twoHeads = QStringLiteral("cross-attention-2heads.json");
    const QString fourHeads = QStringLiteral("long-sentence-pair.json");
    QTest::newRow("mean, defaults") << twoHeads << QStringLiteral("mean") << false << true
                                    << QStringLiteral("blues") << QSize() << QString();
    QTest::newRow("mean, stretched colours") << twoHeads << QStringLiteral("mean") << true << true
                                             << QStringLiteral("blues") << QSize() << QString();
    QTest::newRow("head 2 of 4, viridis, no values, sized")
        << fourHeads << QStringLiteral("head:1") << false << false << QStringLiteral("viridis")
        << QSize(900, 640) << QString();
    QTest::newRow("grid, stretched, cividis, titled")
        << fourHeads << QStringLiteral("grid") << true << true << QStringLiteral("cividis")
        << QSize() << QStringLiteral("注意力 <&> heads");
    QTest::newRow("causal decoder grid")
        << QStringLiteral("decoder-causal.json") << QStringLiteral("grid") << false << true
        << QStringLiteral("blues") << QSize() << QString();
    QTest::newRow("scaling plot, sized")
        << twoHeads << QStringLiteral("scaling") << false << true << QStringLiteral("blues")
        << QSize(800, 500) << QStringLiteral("Entropy");
}

void TestExportParity::windowAndCommandLineWriteTheSameSvg()
{
    QFETCH(QString, example);
    QFETCH(QString, view);
    QFETCH(bool, stretch);
    QFETCH(bool, values);
    QFETCH(QString, colorMap);
    QFETCH(QSize, size);
    QFETCH(QString, title);
    const QString sessionFile = QStringLiteral(AE_SOURCE_DIR "/resources/examples/") + example;
    const SessionLoadResult loaded = loadSessionFile(sessionFile);
    QVERIFY(loaded.ok());

    // The window: the session open, the heatmap panel set as a user would set it.
    MainWindow window;
    window.document()->resetSession(loaded.session, sessionFile);
    QTRY_VERIFY(window.document()->hasResult());
    HeatmapPanel *panel = window.heatmapPanel();
    QVERIFY(panel);
    panel->setStretchColors(stretch);
    if (view.startsWith(QLatin1String("head:")))
        panel->setSelectedView(view.mid(5).toInt());
    ExportDialog *dialog = window.fileActions()->openExportDialog();
    QVERIFY(dialog);
    dialog->setWhat(view == QLatin1String("grid") ? ExportSource::What::Grid
            : view == QLatin1String("scaling")    ? ExportSource::What::Scaling
                                                  : ExportSource::What::Heatmap);
    FigureOptions options = dialog->options();
    options.size = size.isValid() ? size : QSize(0, 0);
    options.includeValues = values;
    options.includeColorBar = true;
    options.includeTitle = true;
    options.title = title;
    options.colorMap = *ColorMap::fromKey(colorMap);
    dialog->setOptions(options);
    const QString fromWindow
        = m_dir.filePath(QStringLiteral("window-%1.svg")
                             .arg(QString::number(qHash(QLatin1String(QTest::currentDataTag())))));
    dialog->setFileName(fromWindow);
    dialog->exportNow(); // the scaling plot is computed first, then written
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(fromWindow), 60000);

    // The command line, as a separate process.
    const QString fromCli
        = m_dir.filePath(QStringLiteral("cli-%1.svg")
                             .arg(QString::number(qHash(QLatin1String(QTest::currentDataTag())))));
    QStringList args { QStringLiteral("export"), sessionFile, QStringLiteral("-o"), fromCli,
        QStringLiteral("--view"), view, QStringLiteral("--colormap"), colorMap };
    if (stretch)
        args << QStringLiteral("--stretch");
    if (!values)
        args << QStringLiteral("--no-values");
    if (size.isValid()) {
        args << QStringLiteral("--width") << QString::number(size.width())
             << QStringLiteral("--height") << QString::number(size.height());
    }
    if (!title.isEmpty())
        args << QStringLiteral("--title") << title;
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));

    const QByteArray windowBytes = readFileBytes(fromWindow);
    const QByteArray cliBytes = readFileBytes(fromCli);
    QVERIFY(windowBytes.startsWith("<?xml"));
    QCOMPARE(windowBytes.size(), cliBytes.size());
    QVERIFY(windowBytes == cliBytes);
}

QTEST_MAIN(TestExportParity)
#include "tst_exportparity.moc"
