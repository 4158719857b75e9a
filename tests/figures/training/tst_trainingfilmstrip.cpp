// SPDX-License-Identifier: GPL-3.0-or-later
// The training film strip: one example's attention at each chosen step, the two runs as two
// rows, every frame's cells the weights of the run's snapshot at that step, one colour range;
// the list of steps read with a message naming a bad entry; SVG that parses and a PDF whose
// text (Chinese included) poppler reads back.

#include "export/figureexporter.h"
#include "export/svgfigurewriter.h"
#include "testsupportsvg.h"
#include "testsupporttools.h"
#include "training/trainer.h"
#include "training/trainingfilmstrip.h"
#include "training/trainingsession.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

/// A short translate run of @p scale, a snapshot kept at every step.
Trainer trained(const ScaleSpec &scale, int steps)
{
    RunConfig config;
    config.task.kind = TaskKind::Translate;
    config.dModel = 8;
    config.heads = 2;
    config.scale = scale;
    config.batch = 4;
    config.steps = steps;
    config.seed = 3;
    Trainer t(config);
    t.setSnapshotEvery(1);
    while (t.step()) { }
    return t;
}

/// The strip of both runs at @p steps for held-out example 0.
struct Strip
{
    std::vector<std::vector<HeatmapData>> rows;
    std::vector<int> source, target;
    Figure figure;
};

Strip strip(const std::vector<int> &steps)
{
    ScaleSpec none;
    none.mode = ScaleMode::None;
    const Trainer runs[] = { trained(ScaleSpec(), 6), trained(none, 6) };
    Strip s;
    const TrainingBatch held = runs[0].heldOutBatch(1);
    for (int c = 0; c < held.sourceLength(); ++c)
        s.source.push_back(held.source(0, c));
    for (int c = 0; c < held.targetLength(); ++c)
        s.target.push_back(held.target(0, c));
    for (int run = 0; run < 2; ++run) {
        std::vector<HeatmapData> row;
        for (const int step : steps)
            row.push_back(TrainingFilmStrip::frame(runs[run].spec(),
                runs[run].snapshotAt(step).parameters, s.source, s.target,
                run == 0 ? QStringLiteral("A") : QStringLiteral("B"), step));
        s.rows.push_back(row);
    }
    FigureOptions options;
    options.includeValues = false;
    s.figure = TrainingFilmStrip::make(s.rows, QStringLiteral("我 爱 深度 学习"), options);
    return s;
}

} // namespace

/// Tests TrainingFilmStrip.
class TestTrainingFilmStrip : public QObject
{
    Q_OBJECT

private slots:
    void parseSteps_data();
    void parseSteps();
    void everyStepOfBothRuns();
    void cellsAreTheSnapshotsWeights();
    void svgAndPdf();
};

void TestTrainingFilmStrip::parseSteps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("expected");
    QTest::addColumn<QString>("error");
    QTest::newRow("default") << TrainingFilmStrip::defaultSteps()
                             << std::vector<int> { 0, 50, 100, 300, 600 } << QString();
    QTest::newRow("spaces, unsorted, repeated")
        << QStringLiteral(" 300 0  50 50") << std::vector<int> { 0, 50, 300 } << QString();
    QTest::newRow("Chinese commas")
        << QStringLiteral("0，50、100") << std::vector<int> { 0, 50, 100 } << QString();
    QTest::newRow("not a number") << QStringLiteral("0, fifty") << std::vector<int> {}
                                  << QStringLiteral("“fifty” is not a whole number");
    QTest::newRow("past the end") << QStringLiteral("0, 601") << std::vector<int> {}
                                  << QStringLiteral("step 601 is outside 0..600");
    QTest::newRow("negative") << QStringLiteral("-1") << std::vector<int> {}
                              << QStringLiteral("step -1 is outside 0..600");
    QTest::newRow("empty") << QStringLiteral(" , ") << std::vector<int> {}
                           << QStringLiteral("give at least one step");
    QTest::newRow("too many") << QStringLiteral("0 1 2 3 4 5 6 7 8 9 10 11 12")
                              << std::vector<int> {}
                              << QStringLiteral("13 steps given; at most 12");
}

void TestTrainingFilmStrip::parseSteps()
{
    QFETCH(QString, text);
    QFETCH(std::vector<int>, expected);
    QFETCH(QString, error);
    QString message;
    const auto steps = TrainingFilmStrip::parseSteps(text, 600, &message);
    if (error.isEmpty()) {
        QVERIFY2(steps, qPrintable(message));
        QCOMPARE(*steps, expected);
    } else {
        QVERIFY(!steps);
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY(message.startsWith(QStringLiteral("Film strip steps:")));
    }
}

void TestTrainingFilmStrip::everyStepOfBothRuns()
{
    const std::vector<int> steps { 0, 2, 6 };
    const Strip s = strip(steps);
    QStringList titles;
    for (const Figure::Item &item : s.figure.items)
        if (item.role.split(QLatin1Char(' ')).contains(QStringLiteral("panel-title")))
            titles << item.text;
    QStringList expected;
    for (const QString &run : { QStringLiteral("A"), QStringLiteral("B") })
        for (const int step : steps)
            expected << QStringLiteral("%1 · step %2").arg(run).arg(step);
    QCOMPARE(titles, expected);
    // Two rows of three: the frames of a run share a row, its steps left to right.
    std::vector<QPointF> at;
    for (const Figure::Item &item : s.figure.items)
        if (item.role.split(QLatin1Char(' ')).contains(QStringLiteral("panel-title")))
            at.push_back(item.anchor);
    QCOMPARE(at[0].y(), at[2].y());
    QCOMPARE(at[3].y(), at[5].y());
    QVERIFY(at[3].y() > at[0].y());
    QVERIFY(at[0].x() < at[1].x() && at[1].x() < at[2].x());
    QCOMPARE(at[0].x(), at[3].x());
    QCOMPARE(s.figure.count(QStringLiteral("cell")),
        int(2 * steps.size() * s.source.size() * s.target.size()));
}

void TestTrainingFilmStrip::cellsAreTheSnapshotsWeights()
{
    const std::vector<int> steps { 0, 6 };
    const Strip s = strip(steps);
    for (size_t run = 0; run < 2; ++run) {
        for (size_t i = 0; i < steps.size(); ++i) {
            const HeatmapData &d = s.rows[run][i];
            QCOMPARE(d.rows(), int(s.target.size()));
            QCOMPARE(d.columns(), int(s.source.size()));
            // Weights: every row sums to 1, and the frames of one run differ over training.
            for (int r = 0; r < d.rows(); ++r)
                QVERIFY(std::abs(d.values.row(r).sum() - 1.0) < 1e-12);
        }
        QVERIFY((s.rows[run][0].values - s.rows[run][1].values).cwiseAbs().maxCoeff() > 1e-6);
    }
    // The figure's cells carry exactly those weights, frame by frame in reading order.
    std::vector<double> tooltips;
    for (const Figure::Item &item : s.figure.items)
        if (item.role == QLatin1String("cell"))
            tooltips.push_back(item.tooltip.section(QStringLiteral(": "), -1).toDouble());
    std::vector<double> expected;
    for (size_t run = 0; run < 2; ++run)
        for (size_t i = 0; i < steps.size(); ++i)
            for (int r = 0; r < s.rows[run][i].rows(); ++r)
                for (int c = 0; c < s.rows[run][i].columns(); ++c)
                    expected.push_back(s.rows[run][i].values(r, c));
    QCOMPARE(tooltips.size(), expected.size());
    for (size_t k = 0; k < expected.size(); ++k)
        QVERIFY(std::abs(tooltips[k] - expected[k]) <= 1e-6 * std::max(1.0, expected[k]));
}

void TestTrainingFilmStrip::svgAndPdf()
{
    const Strip s = strip({ 0, 3 });
    const SvgSummary svg = SvgSummary::read(SvgFigureWriter::toSvg(s.figure));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QCOMPARE(svg.images, 0);
    QVERIFY(svg.texts.contains(QStringLiteral("B · step 3")));
    QVERIFY(svg.texts.join(QLatin1Char(' ')).contains(QStringLiteral("深度")));

    AE_REQUIRE_TOOL("pdftotext", "poppler-utils");
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("strip.pdf"));
    QVERIFY(FigureExporter::write(s.figure, file, 96).ok());
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
        { QStringLiteral("-enc"), QStringLiteral("UTF-8"), file, QStringLiteral("-") });
    QVERIFY(process.waitForFinished(30000));
    const QString text = QString::fromUtf8(process.readAllStandardOutput());
    // Text as text: the title, both runs' frame titles and the held-out example's tokens.
    QVERIFY2(
        text.contains(QStringLiteral("Attention as it learns: 我 爱 深度 学习")), qPrintable(text));
    QCOMPARE(text.count(QStringLiteral("A · step")), 2);
    QCOMPARE(text.count(QStringLiteral("B · step")), 2);
    RunConfig translate;
    translate.task.kind = TaskKind::Translate;
    const TrainingModelSpec spec = modelSpecFor(translate);
    for (const int id : s.source)
        QVERIFY2(text.contains(spec.sourceVocab.at(id)), qPrintable(spec.sourceVocab.at(id)));
}

QTEST_MAIN(TestTrainingFilmStrip)
#include "tst_trainingfilmstrip.moc"
