// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Import: embeddings from CSV into a sequence as one undoable edit that changes nothing
// when refused; attention weights computed elsewhere in a window of their own, and the window
// and its figures say "imported — not computed".

#include "document/document.h"
#include "export/figureexporter.h"
#include "heatmap/heatmapfigure.h"
#include "heatmap/heatmapplot.h"
#include "import/importcontroller.h"
#include "import/importedattentionreader.h"
#include "import/importedattentionwindow.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

class TestImportController : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importReplacesTokensAndEmbeddings();
    void importWithoutTokensNeedsOneRowPerToken();
    void importOfABadFileChangesNothing();
    void windowSaysImported();
    void figureSaysImported();
    void controllerReportsBadFiles();

private:
    QTemporaryDir m_dir;
};

void TestImportController::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_importcontroller"));
}

void TestImportController::importReplacesTokensAndEmbeddings()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    ImportController imports(&document, nullptr);
    const QString file = m_dir.filePath(QStringLiteral("source.csv"));
    QVERIFY(
        ExportTestSupport::writeFile(file, "token,a,b,c,d\n猫,1,0,0,0\n狗,0,1,0,0\n鱼,0,0,1,0\n"));
    QSignalSpy messages(&imports, &ImportController::message);
    QVERIFY(imports.importEmbeddingsFrom(SequenceRole::Source, file));
    QCOMPARE(document.session().source.tokens,
        (QStringList { QStringLiteral("猫"), QStringLiteral("狗"), QStringLiteral("鱼") }));
    QCOMPARE(
        document.session().source.embeddings, Eigen::MatrixXd(Eigen::MatrixXd::Identity(3, 4)));
    QCOMPARE(document.session().source.recipe.mode, EmbeddingMode::Manual);
    QVERIFY(!document.error());
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.front().at(1).toBool(), false);
    // One undo step brings the old sequence back.
    document.undoStack()->undo();
    QCOMPARE(document.session().source.tokens, ExportTestSupport::specExample().source.tokens);
    QVERIFY(test::maxAbsDifference(document.session().source.embeddings,
                ExportTestSupport::specExample().source.embeddings)
        == 0.0);
}

void TestImportController::importWithoutTokensNeedsOneRowPerToken()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    ImportController imports(&document, nullptr);
    const QString ok = m_dir.filePath(QStringLiteral("target.csv"));
    QVERIFY(ExportTestSupport::writeFile(ok, "0.1,0.2,0.3,0.4\n0.5,0.6,0.7,0.8\n"));
    QVERIFY(imports.importEmbeddingsFrom(SequenceRole::Target, ok));
    QCOMPARE(document.session().target.tokens, ExportTestSupport::specExample().target.tokens);
    QCOMPARE(document.session().target.embeddings(1, 3), 0.8);

    const QString wrong = m_dir.filePath(QStringLiteral("three-rows.csv"));
    QVERIFY(ExportTestSupport::writeFile(wrong, "1,2,3,4\n1,2,3,4\n1,2,3,4\n"));
    QSignalSpy messages(&imports, &ImportController::message);
    QVERIFY(!imports.importEmbeddingsFrom(SequenceRole::Target, wrong));
    QCOMPARE(messages.size(), 1);
    const QString text = messages.front().at(0).toString();
    QVERIFY2(text.contains(QLatin1String("3 rows")) && text.contains(QLatin1String("2 tokens")),
        qPrintable(text));
    QCOMPARE(messages.front().at(1).toBool(), true);
}

void TestImportController::importOfABadFileChangesNothing()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    ImportController imports(&document, nullptr);
    const QString bad = m_dir.filePath(QStringLiteral("bad.csv"));
    QVERIFY(ExportTestSupport::writeFile(bad, "a,1,2,3,4\nb,1,x,3,4\n"));
    const int steps = document.undoStack()->count();
    QSignalSpy messages(&imports, &ImportController::message);
    QVERIFY(!imports.importEmbeddingsFrom(SequenceRole::Source, bad));
    QVERIFY(messages.front().at(0).toString().contains(QLatin1String("row 2, column 3")));
    QCOMPARE(document.undoStack()->count(), steps);
    QCOMPARE(document.session().source.tokens, ExportTestSupport::specExample().source.tokens);
    QVERIFY(!document.isModified());
}

void TestImportController::windowSaysImported()
{
    ImportedAttention a
        = ImportedAttentionReader::parse(ExportTestSupport::importedAttentionJson());
    a.fileName = QStringLiteral("/tmp/bert.json");
    ImportedAttentionWindow window(a);
    QVERIFY(window.bannerText().contains(HeatmapFigure::importedNote().toHtmlEscaped()));
    QVERIFY(window.windowTitle().contains(QLatin1String("bert.json")));
    QVERIFY(window.plot()->data().imported);
    QVERIFY(test::maxAbsDifference(window.plot()->data().values, a.view(-1).values) == 0.0);
    window.setSelectedView(1);
    QCOMPARE(window.selectedView(), 1);
    QVERIFY(test::maxAbsDifference(window.plot()->data().values, a.heads[1]) == 0.0);
}

void TestImportController::figureSaysImported()
{
    const ImportedAttention a
        = ImportedAttentionReader::parse(ExportTestSupport::importedAttentionJson());
    const QString file = m_dir.filePath(QStringLiteral("imported.svg"));
    const FigureExporter::Outcome outcome
        = FigureExporter::write(HeatmapFigure::single(a.view(-1), FigureOptions {}), file, 96);
    QVERIFY2(outcome.ok(), qPrintable(outcome.message));
    const SvgSummary svg = SvgSummary::read(ExportTestSupport::readFile(file));
    QVERIFY(svg.wellFormed);
    QVERIFY(svg.texts.contains(HeatmapFigure::importedNote()));
    QCOMPARE(svg.cellRects, 6);
    for (const QString &token : a.queryTokens + a.keyTokens)
        QVERIFY(svg.texts.contains(token));
}

void TestImportController::controllerReportsBadFiles()
{
    ImportController imports(nullptr, nullptr);
    QSignalSpy messages(&imports, &ImportController::message);
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(ExportTestSupport::writeFile(bad, R"({"weights":[[[1,0],[1]]]})"));
    QVERIFY(!imports.importAttentionFrom(bad));
    QCOMPARE(messages.size(), 1);
    QVERIFY(messages.front().at(0).toString().contains(QLatin1String("weights[0][1]")));
    QVERIFY(!imports.importAttentionFrom(m_dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY(messages.back().at(0).toString().contains(QLatin1String("does not exist")));

    const QString good = m_dir.filePath(QStringLiteral("good.json"));
    QVERIFY(ExportTestSupport::writeFile(good, ExportTestSupport::importedAttentionJson()));
    ImportedAttentionWindow *window = imports.importAttentionFrom(good);
    QVERIFY(window);
    QVERIFY(window->isVisible());
    window->close();
}

QTEST_MAIN(TestImportController)
#include "tst_importcontroller.moc"
