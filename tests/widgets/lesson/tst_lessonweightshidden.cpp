// SPDX-License-Identifier: GPL-3.0-or-later
// While a lesson's question is open no view of the window shows a weight: the large heatmap
// and the small multiples are blank (no colour, value or tooltip), the alignment lines are
// gone, the computation view and the one-row view show no number, the drill-down explains
// nothing and the compare window shows no panel. Reveal brings every one of them back.

#include "compare/alignmentview.h"
#include "compare/comparedialog.h"
#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/drilldowndialog.h"
#include "computation/matrixtablewidget.h"
#include "computation/queryrowview.h"
#include "document/document.h"
#include "export/figureview.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonjson.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QRegularExpression>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

using namespace ae;

namespace {

/// Two heads, an argmax question on the first step.
const char lessonJson[] = R"({
  "format": "attention-explorer-lesson", "version": 1,
  "title": {"en": "Hidden weights", "zh": "隐藏的权重"},
  "steps": [
    {"example": "cross-attention-2heads", "view": {"heatmap": "mean", "computation": "weights"},
     "caption": {"en": "Look."},
     "question": {"kind": "argmax", "prompt": {"en": "Which key?"}, "head": 0, "query": 0}},
    {"edits": {"attention.heads": 1}, "caption": {"en": "One head."}}
  ]
})";

/// The same question, with the asked query's row outlined on the heatmap.
const char markedLessonJson[] = R"({
  "format": "attention-explorer-lesson", "version": 1,
  "title": {"en": "Hidden weights"},
  "steps": [
    {"example": "cross-attention-2heads",
     "view": {"heatmap": "mean", "highlight": [[0, 0], [0, 1], [0, 2], [0, 3]]},
     "caption": {"en": "Look."},
     "question": {"kind": "argmax", "prompt": {"en": "Which key?"}, "head": 0, "query": 0}}
  ]
})";

/// The number of figure items with @p role.
int itemsWithRole(const Figure &figure, const QString &role)
{
    int n = 0;
    for (const Figure::Item &item : figure.items)
        n += item.role.split(QLatin1Char(' ')).contains(role) ? 1 : 0;
    return n;
}

/// The digits of every cell of @p table (texts and tooltips): empty when no cell shows a
/// number (a hidden cell shows a "?").
QString tableDigits(const MatrixTableWidget *table)
{
    static const QRegularExpression notDigit(QStringLiteral("[^0-9]"));
    QString text;
    const QTableWidget *t = table->table();
    for (int r = 0; r < t->rowCount(); ++r)
        for (int c = 0; c < t->columnCount(); ++c)
            if (const QTableWidgetItem *item = t->item(r, c))
                text += item->text() + item->toolTip();
    return text.remove(notDigit);
}

} // namespace

class TestLessonWeightsHidden : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyViewHidesTheWeights_data();
    void everyViewHidesTheWeights();
    void blankHeatmapsSayWhy();
};

void TestLessonWeightsHidden::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_lessonweightshidden"));
}

void TestLessonWeightsHidden::everyViewHidesTheWeights_data()
{
    QTest::addColumn<QString>("view");
    for (const char *view : { "heatmap", "small multiples", "lines", "computation", "row view",
             "drill-down", "compare" })
        QTest::newRow(view) << QString::fromLatin1(view);
}

void TestLessonWeightsHidden::everyViewHidesTheWeights()
{
    QFETCH(QString, view);
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Document *document = window.document();
    const LessonLoadResult loaded
        = lessonFromJson(QByteArray(lessonJson), &LessonCatalog::builtinExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));
    QVERIFY(window.lessons()->play(loaded.lesson));
    QTRY_VERIFY(document->hasResult() && document->resultSession() == document->session());
    LessonPlayer *player = window.lessons()->player();
    QVERIFY(document->weightsHidden()); // the step asks: hidden from the start
    QVERIFY(player->next());
    QCOMPARE(player->phase(), LessonPlayer::Phase::Question);
    QVERIFY(document->weightsHidden());

    HeatmapPanel *heatmaps = window.heatmapPanel();
    ComputationDock *computation = window.classroom()->computation();
    // Reads what the view shows of the weights now: empty when nothing.
    std::function<QString()> shown;
    if (view == QLatin1String("heatmap")) {
        HeatmapPlot *plot = heatmaps->largePlot();
        shown = [plot] {
            return plot->cellToolTip(0, 0) + plot->cellText(0, 0)
                + (plot->colorMapPlottable()->visible() ? QStringLiteral("colours") : QString());
        };
    } else if (view == QLatin1String("small multiples")) {
        QCOMPARE(heatmaps->smallMultiples().size(), 3);
        shown = [heatmaps] {
            QString text;
            for (HeatmapPlot *tile : heatmaps->smallMultiples())
                text += tile->cellToolTip(0, 0)
                    + (tile->colorMapPlottable()->visible() ? QStringLiteral("c") : QString());
            return text;
        };
    } else if (view == QLatin1String("lines")) {
        heatmaps->setDisplay(HeatmapPanel::Display::Lines);
        AlignmentView *lines = heatmaps->alignmentView();
        shown = [lines] {
            return QString(
                itemsWithRole(lines->currentFigure(), QStringLiteral("link")), QLatin1Char('-'));
        };
    } else if (view == QLatin1String("computation")) {
        QVERIFY(computation->isVisible());
        QTRY_VERIFY(!computation->matrixWidgets().isEmpty());
        shown = [computation] {
            QString text;
            for (MatrixTableWidget *table : computation->matrixWidgets())
                text += tableDigits(table);
            return text;
        };
    } else if (view == QLatin1String("row view")) {
        computation->setRowMode(true);
        QueryRowView *row = computation->rowView();
        QTRY_VERIFY(row->isVisible());
        shown = [row] {
            QString text;
            for (MatrixTableWidget *table : row->tables())
                text += tableDigits(table);
            return text;
        };
    } else if (view == QLatin1String("drill-down")) {
        window.classroom()->explainCell(0, 0, 0);
        DrillDownDialog *drill = window.classroom()->drillDown();
        shown = [drill] { return drill->weightText(); };
    } else {
        window.openCompareDialog();
        CompareDialog *compare = window.compareDialog();
        QVERIFY(compare);
        shown = [compare] {
            return compare->figureView()->isHidden() ? QString() : QStringLiteral("panels");
        };
    }
    QVERIFY2(shown().isEmpty(), qPrintable(shown()));
    // New data for the views while the question is open (another view selected and back, a
    // recomputed result) keeps them blank.
    heatmaps->setSelectedView(1);
    heatmaps->setSelectedView(-1);
    document->setCausal(!document->session().attention.config.causal);
    QTRY_VERIFY(document->resultSession() == document->session());
    QVERIFY2(shown().isEmpty(), qPrintable(shown()));

    player->reveal();
    QVERIFY(!document->weightsHidden());
    QTRY_VERIFY(!shown().isEmpty());
}

void TestLessonWeightsHidden::blankHeatmapsSayWhy()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Document *document = window.document();
    HeatmapPanel *heatmaps = window.heatmapPanel();
    HeatmapPlot *large = heatmaps->largePlot();
    QVERIFY(large->hiddenNote().isEmpty()); // no lesson: nothing is hidden, nothing said
    const LessonLoadResult loaded
        = lessonFromJson(QByteArray(markedLessonJson), &LessonCatalog::builtinExample);
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));
    QVERIFY(window.lessons()->play(loaded.lesson));
    QTRY_VERIFY(document->hasResult() && document->resultSession() == document->session());
    QVERIFY(window.lessons()->player()->next());
    QVERIFY(document->weightsHidden());
    // The large map tells the class why it is empty; a small one has room for a sign.
    QVERIFY2(
        large->hiddenNote().contains(QStringLiteral("hidden")), qPrintable(large->hiddenNote()));
    QVERIFY(large->hiddenNote().contains(QStringLiteral("revealed")));
    QCOMPARE(heatmaps->smallMultiples().size(), 3);
    for (HeatmapPlot *tile : heatmaps->smallMultiples())
        QCOMPARE(tile->hiddenNote(), QStringLiteral("?"));
    // The outline of the asked query's row stays clear of the note.
    QCOMPARE(large->markedCells().size(), 4);
    large->replot();
    const QRectF note = large->hiddenNoteRect();
    QVERIFY(!note.isEmpty());
    for (const QPoint &cell : large->markedCells())
        QVERIFY2(!note.intersects(large->cellRect(cell.y(), cell.x())),
            qPrintable(QStringLiteral("note at y %1-%2, marked cell at y %3-%4")
                           .arg(note.top())
                           .arg(note.bottom())
                           .arg(large->cellRect(cell.y(), cell.x()).top())
                           .arg(large->cellRect(cell.y(), cell.x()).bottom())));
    window.lessons()->player()->reveal();
    QVERIFY(!document->weightsHidden());
    QVERIFY(large->hiddenNote().isEmpty());
    for (HeatmapPlot *tile : heatmaps->smallMultiples())
        QVERIFY(tile->hiddenNote().isEmpty());
}

QTEST_MAIN(TestLessonWeightsHidden)
#include "tst_lessonweightshidden.moc"
