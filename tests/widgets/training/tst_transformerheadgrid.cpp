// SPDX-License-Identifier: GPL-3.0-or-later
// The Training window's transformer: picking the model in the settings shows the head grid in
// place of the single layer's panel; the grid has a row per layer and a column per head for
// each run, and its heatmaps hold the core model's weights for the held-out sentence; Open in
// Explorer makes a tile's layer the session (one undoable edit) with the tile's weights; the
// film strip shows the mean of the heads of the kind and layers chosen, step by step.

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "session/sessioncompute.h"
#include "testsupportattention.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"
#include "training/trainingtranslatepanel.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformertrainer.h"
#include "training/transformerheadgrid.h"
#include "training/transformertranslatepanel.h"

#include <QAccessible>
#include <QComboBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>

using namespace ae;

class TestTransformerHeadGrid : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void modelChoiceShowsTheGrid();
    void gridFollowsTheModel_data();
    void gridFollowsTheModel();
    void corpusTasksNeedTheTransformer_data();
    void corpusTasksNeedTheTransformer();
    void openInExplorerIsOneUndoableEdit_data();
    void openInExplorerIsOneUndoableEdit();
    void tilesGiveTheTitleRoomToTheMap();
    void filmStripOfTheTransformer_data();
    void filmStripOfTheTransformer();

private:
    /// Picks the transformer with @p layers layers and @p heads heads, small and quick.
    void useTransformer(int layers, int heads, int steps);

    Document *m_document = nullptr;
    TrainingDock *m_dock = nullptr;
};

void TestTransformerHeadGrid::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_transformerheadgrid"));
}

void TestTransformerHeadGrid::init()
{
    m_document = new Document;
    m_dock = new TrainingDock(m_document);
    m_dock->resize(1024, 768);
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock));
}

void TestTransformerHeadGrid::cleanup()
{
    delete m_dock;
    delete m_document;
    m_dock = nullptr;
    m_document = nullptr;
}

void TestTransformerHeadGrid::useTransformer(int layers, int heads, int steps)
{
    TrainingSettingsForm *f = m_dock->settings();
    f->modelBox()->setCurrentIndex(f->modelBox()->findData(modelName(ModelKind::Transformer)));
    f->lengthBox()->setValue(4);
    f->vocabBox()->setValue(6);
    f->headsBox()->setValue(heads);
    f->modelDimBox()->setValue(8 * heads);
    f->layersBox()->setValue(layers);
    f->feedForwardBox()->setValue(12);
    f->batchBox()->setValue(4);
    f->stepsBox()->setValue(steps);
    f->seedBox()->setValue(5);
    QCOMPARE(f->messageLabel()->text(), QString());
    QCOMPARE(m_dock->runner()->state(), TrainingRunner::State::Paused);
}

void TestTransformerHeadGrid::modelChoiceShowsTheGrid()
{
    TrainingSettingsForm *f = m_dock->settings();
    // The one layer: its panel, no transformer fields.
    QVERIFY(m_dock->attention()->isVisible());
    QVERIFY(!m_dock->headGrid()->isVisible());
    QVERIFY(!f->layersBox()->isVisible());
    QVERIFY(!f->feedForwardBox()->isVisible());
    // The transformer: issue 29's defaults, its fields and the grid.
    f->modelBox()->setCurrentIndex(f->modelBox()->findData(modelName(ModelKind::Transformer)));
    const RunConfig defaults = defaultRunConfig(ModelKind::Transformer);
    QCOMPARE(f->layersBox()->value(), defaults.layers);
    QCOMPARE(f->feedForwardBox()->value(), defaults.dimFeedforward);
    QCOMPARE(f->headsBox()->value(), defaults.heads);
    QCOMPARE(f->layersBox()->maximum(), trainingNumberRange(QStringLiteral("layers"))->second);
    QCOMPARE(f->feedForwardBox()->maximum(), trainingNumberRange(QStringLiteral("d-ff"))->second);
    QVERIFY(f->layersBox()->isVisible());
    QVERIFY(f->feedForwardBox()->isVisible());
    const auto configs = f->configs();
    QVERIFY(configs);
    QCOMPARE((*configs)[0].model, ModelKind::Transformer);
    QCOMPARE(m_dock->runner()->configs()[1].model, ModelKind::Transformer);
    QVERIFY(m_dock->headGrid()->isVisible());
    QVERIFY(!m_dock->attention()->isVisible());
    // Translate shows the transformer's own panel.
    QVERIFY(m_dock->tabs()->isTabEnabled(1));
    m_dock->tabs()->setCurrentIndex(1);
    QVERIFY(m_dock->transformerTranslator()->isVisible());
    QVERIFY(!m_dock->translator()->isVisible());
    m_dock->tabs()->setCurrentIndex(0);
    QCOMPARE(m_dock->headGrid()->layerCount(), defaults.layers);
    QCOMPARE(m_dock->headGrid()->headCount(), defaults.heads);
    // And back.
    f->modelBox()->setCurrentIndex(f->modelBox()->findData(modelName(ModelKind::OneLayer)));
    QVERIFY(m_dock->attention()->isVisible());
    QVERIFY(!m_dock->headGrid()->isVisible());
    QVERIFY(m_dock->tabs()->isTabEnabled(1));
    m_dock->tabs()->setCurrentIndex(1);
    QVERIFY(m_dock->translator()->isVisible());
    QVERIFY(!m_dock->transformerTranslator()->isVisible());
    QVERIFY(!m_dock->curvePlot(1)->isTransformer());
}

void TestTransformerHeadGrid::gridFollowsTheModel_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kind");
    QTest::newRow("1 layer, 1 head, encoder self")
        << 1 << 1 << int(TransformerAttentionKind::EncoderSelf);
    QTest::newRow("2 layers, 3 heads, decoder self")
        << 2 << 3 << int(TransformerAttentionKind::DecoderSelf);
    QTest::newRow("3 layers, 2 heads, cross") << 3 << 2 << int(TransformerAttentionKind::Cross);
}

void TestTransformerHeadGrid::gridFollowsTheModel()
{
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, kind);
    const int steps = 4;
    useTransformer(layers, heads, steps);
    TransformerHeadGrid *grid = m_dock->headGrid();
    QCOMPARE(grid->layerCount(), layers);
    QCOMPARE(grid->headCount(), heads);
    QCOMPARE(grid->kindTabs()->count(), 3);
    QVERIFY(!grid->plot(0, layers, 0));
    QVERIFY(!grid->plot(1, 0, heads));
    grid->kindTabs()->setCurrentIndex(kind);
    QCOMPARE(grid->kind(), TransformerAttentionKind(kind));

    TrainingRunner *runner = m_dock->runner();
    runner->play();
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 120000);
    // Following the training, the scrubber is at the last step.
    QCOMPARE(grid->scrubber()->value(), steps);

    // The sentence, and the core model's weights on it after the same steps.
    const std::vector<int> source = runner->sentence().first;
    const std::vector<int> target = runner->sentence().second;
    QVERIFY(!source.empty());
    const TransformerBatch one = TransformerBatch::single(source, target);
    for (int run = 0; run < 2; ++run) {
        TransformerTrainer core(runner->configs()[size_t(run)]);
        for (int s = 0; s < steps; ++s)
            core.step();
        TransformerModel model(core.spec());
        model.forward(core.parameters(), one);
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < heads; ++h) {
                const HeatmapPlot *plot = grid->plot(run, l, h);
                QVERIFY(plot);
                QVERIFY(plot->isVisible());
                const Eigen::MatrixXd expected = kind == int(TransformerAttentionKind::EncoderSelf)
                    ? Eigen::MatrixXd(model.encoderSelfWeights(l, 0, h))
                    : kind == int(TransformerAttentionKind::DecoderSelf)
                    ? Eigen::MatrixXd(model.decoderSelfWeights(l, 0, h))
                    : Eigen::MatrixXd(model.crossWeights(l, 0, h));
                QVERIFY(plot->data().values == expected);
                const QString firstSource = core.spec().sourceVocab.value(source[0]);
                const QString firstTarget = core.spec().targetVocab.value(target[0]);
                QCOMPARE(plot->data().rowLabels.value(0),
                    kind == int(TransformerAttentionKind::EncoderSelf) ? firstSource : firstTarget);
                QCOMPARE(plot->data().columnLabels.value(0),
                    kind == int(TransformerAttentionKind::DecoderSelf) ? firstTarget : firstSource);
            }
        }
    }
    // The gradient plot shows the transformer's one global norm, as the core measured it.
    TrainingCurvePlot *gradients = m_dock->curvePlot(1);
    QVERIFY(gradients->isTransformer());
    for (int run = 0; run < 2; ++run) {
        QCOMPARE(gradients->rawGraph(run, 1)->dataCount(), 0);
        QCOMPARE(gradients->rawGraph(run, 0)->dataCount(), steps);
        TransformerTrainer core(runner->configs()[size_t(run)]);
        for (int s = 0; s < steps; ++s)
            QCOMPARE(gradients->rawGraph(run, 0)->data()->at(s)->value, core.step()->gradNorm);
    }
    // Scrubbed back to step 0, the maps are the initial weights'.
    grid->scrubber()->setValue(0);
    TransformerTrainer initial(runner->configs()[0]);
    TransformerModel model(initial.spec());
    model.forward(initial.parameters(), one);
    const Eigen::MatrixXd expected = kind == int(TransformerAttentionKind::EncoderSelf)
        ? Eigen::MatrixXd(model.encoderSelfWeights(0, 0, 0))
        : kind == int(TransformerAttentionKind::DecoderSelf)
        ? Eigen::MatrixXd(model.decoderSelfWeights(0, 0, 0))
        : Eigen::MatrixXd(model.crossWeights(0, 0, 0));
    QVERIFY(grid->plot(0, 0, 0)->data().values == expected);
}

void TestTransformerHeadGrid::tilesGiveTheTitleRoomToTheMap()
{
    useTransformer(2, 4, 4);
    TransformerHeadGrid *grid = m_dock->headGrid();
    QTRY_VERIFY(!grid->plot(1, 1, 3)->data().title.isEmpty());
    for (int run = 0; run < 2; ++run) {
        for (int l = 0; l < 2; ++l) {
            for (int h = 0; h < 4; ++h) {
                HeatmapPlot *plot = grid->plot(run, l, h);
                plot->replot();
                // The grid's headers name layer and head: no title row above the map, whose
                // top is the plot's margin and one row spacing down at most.
                QVERIFY(!plot->titleElement()->visible());
                const int top = plot->axisRect()->outerRect().top();
                const int allowed
                    = plot->plotLayout()->margins().top() + plot->plotLayout()->rowSpacing();
                QVERIFY2(top <= allowed,
                    qPrintable(QStringLiteral("tile %1,%2,%3: map starts %4 px down, %5 allowed")
                                   .arg(run)
                                   .arg(l)
                                   .arg(h)
                                   .arg(top)
                                   .arg(allowed)));
                // Screen readers still hear which layer and head the tile is.
                QAccessibleInterface *a = QAccessible::queryAccessibleInterface(plot);
                QVERIFY(a);
                const QString name = a->text(QAccessible::Name);
                QVERIFY2(name.contains(QStringLiteral("layer %1, head %2").arg(l + 1).arg(h + 1)),
                    qPrintable(name));
            }
        }
    }
}

void TestTransformerHeadGrid::corpusTasksNeedTheTransformer_data()
{
    QTest::addColumn<int>("task");
    QTest::newRow("translate-zh-en") << int(TaskKind::TranslateZhEn);
    QTest::newRow("translate-en-zh") << int(TaskKind::TranslateEnZh);
}

void TestTransformerHeadGrid::corpusTasksNeedTheTransformer()
{
    QFETCH(int, task);
    TrainingSettingsForm *f = m_dock->settings();
    f->taskBox()->setCurrentIndex(f->taskBox()->findData(taskName(TaskKind(task))));
    // The one layer cannot train the corpus: the form says so and no runs start.
    QVERIFY(!f->configs());
    QVERIFY(f->messageLabel()->text().contains(QStringLiteral("transformer")));
    QCOMPARE(m_dock->runner()->state(), TrainingRunner::State::Empty);
    QVERIFY(!f->lengthBox()->isEnabled());
    // Its batches are all right long before the translation is: no stop on batch accuracy.
    QCOMPARE(f->targetAccuracy(), 0.0);
    useTransformer(1, 2, 2);
    QCOMPARE(m_dock->runner()->configs()[0].task.kind, TaskKind(task));
    m_dock->runner()->play();
    QTRY_COMPARE_WITH_TIMEOUT(m_dock->runner()->state(), TrainingRunner::State::Finished, 120000);
    // The cross-attention maps are labelled by the held-out sentence's words.
    TransformerHeadGrid *grid = m_dock->headGrid();
    grid->setKind(TransformerAttentionKind::Cross);
    const TransformerSpec spec = m_dock->runner()->transformerSpec(0);
    QStringList sourceWords, targetWords;
    for (int id : m_dock->runner()->sentence().first)
        sourceWords << spec.sourceVocab.value(id);
    for (int id : m_dock->runner()->sentence().second)
        targetWords << spec.targetVocab.value(id);
    QVERIFY(!sourceWords.isEmpty());
    QCOMPARE(grid->plot(1, 0, 1)->data().rowLabels, targetWords);
    QCOMPARE(grid->plot(1, 0, 1)->data().columnLabels, sourceWords);
}

void TestTransformerHeadGrid::openInExplorerIsOneUndoableEdit_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("run");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("step");
    QTest::newRow("cross, run A, layer 2, last step")
        << int(TransformerAttentionKind::Cross) << 0 << 1 << 3;
    QTest::newRow("encoder self, run B, layer 1, step 1")
        << int(TransformerAttentionKind::EncoderSelf) << 1 << 0 << 1;
    QTest::newRow("decoder self, run B, layer 2, step 0")
        << int(TransformerAttentionKind::DecoderSelf) << 1 << 1 << 0;
}

void TestTransformerHeadGrid::openInExplorerIsOneUndoableEdit()
{
    QFETCH(int, kind);
    QFETCH(int, run);
    QFETCH(int, layer);
    QFETCH(int, step);
    useTransformer(2, 2, 3);
    TrainingRunner *runner = m_dock->runner();
    runner->play();
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 120000);
    TransformerHeadGrid *grid = m_dock->headGrid();
    grid->setKind(TransformerAttentionKind(kind));
    grid->scrubber()->setValue(step);
    QCOMPARE(grid->shownStep(), step);
    QCOMPARE(grid->layerBox(run)->count(), 2);
    // Enter on a tile (as a click) chooses its layer; the button opens it.
    grid->layerBox(run)->setCurrentIndex(1 - layer);
    QTest::keyClick(grid->plot(run, layer, 1), Qt::Key_Return);
    QCOMPARE(grid->layerBox(run)->currentIndex(), layer);
    const Session before = m_document->session();
    const int undoSteps = m_document->undoStack()->count();
    QTest::mouseClick(grid->openButton(run), Qt::LeftButton);
    QCOMPARE(m_document->undoStack()->count(), undoSteps + 1);
    const Session &opened = m_document->session();
    QVERIFY2(opened.title.contains(QStringLiteral("step %1").arg(step))
            && opened.title.contains(QStringLiteral("layer %1").arg(layer + 1)),
        qPrintable(opened.title));
    QCOMPARE(opened.attention.config.heads, 2);
    QCOMPARE(opened.attention.config.causal, kind == int(TransformerAttentionKind::DecoderSelf));
    // The explorer computes each head exactly as the grid's tiles show it.
    const AttentionResult computed = computeSession(opened);
    QCOMPARE(int(computed.heads.size()), 2);
    for (int h = 0; h < 2; ++h) {
        const Eigen::MatrixXd &tile = grid->plot(run, layer, h)->data().values;
        const Eigen::MatrixXd &got = computed.heads[size_t(h)].weights;
        QCOMPARE(got.rows(), tile.rows());
        QCOMPARE(got.cols(), tile.cols());
        const double diff = (got - tile).cwiseAbs().maxCoeff();
        QVERIFY2(diff < 1e-12, qPrintable(QString::number(diff)));
    }
    // Its words are the tile's: keys the columns.
    const QStringList keys = kind == int(TransformerAttentionKind::DecoderSelf)
        ? opened.target.tokens
        : opened.source.tokens;
    QCOMPARE(keys, grid->plot(run, layer, 0)->data().columnLabels);
    m_document->undoStack()->undo();
    QVERIFY(m_document->session() == before);
}

void TestTransformerHeadGrid::filmStripOfTheTransformer_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("layerA");
    QTest::addColumn<int>("layerB");
    QTest::newRow("cross, layer 2 of both") << int(TransformerAttentionKind::Cross) << 1 << 1;
    QTest::newRow("decoder self, layers 1 and 2")
        << int(TransformerAttentionKind::DecoderSelf) << 0 << 1;
    QTest::newRow("encoder self, layer 1 of both")
        << int(TransformerAttentionKind::EncoderSelf) << 0 << 0;
}

void TestTransformerHeadGrid::filmStripOfTheTransformer()
{
    QFETCH(int, kind);
    QFETCH(int, layerA);
    QFETCH(int, layerB);
    const auto k = TransformerAttentionKind(kind);
    const int heads = 2;
    useTransformer(2, heads, 4);
    TrainingRunner *runner = m_dock->runner();
    runner->play();
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 120000);
    QCOMPARE(runner->snapshotEvery(), 1);
    TransformerHeadGrid *grid = m_dock->headGrid();
    grid->setKind(k);
    grid->layerBox(0)->setCurrentIndex(layerA);
    grid->layerBox(1)->setCurrentIndex(layerB);
    const std::vector<int> steps { 0, 2, 4 };
    QString error;
    const auto strip = m_dock->filmStripFigure(QStringLiteral("0, 2, 4"), &error);
    QVERIFY2(strip, qPrintable(error));

    // Each run's row: its name, the layer when the rows differ, and the step.
    const std::array<int, 2> layers { layerA, layerB };
    const auto &[source, target] = runner->sentence();
    const TransformerSpec spec = runner->transformerSpec(0);
    QStringList titles, expectedTitles;
    for (const Figure::Item &item : strip->items)
        if (item.role == QLatin1String("panel-title"))
            titles << item.text;
    for (int run = 0; run < 2; ++run) {
        QString name = m_dock->settings()->runName(run);
        if (layerA != layerB)
            name += QStringLiteral(" · layer %1").arg(layers[size_t(run)] + 1);
        for (const int step : steps)
            expectedTitles << QStringLiteral("%1 · step %2").arg(name).arg(step);
    }
    QCOMPARE(titles.size(), expectedTitles.size());
    // A frame too narrow for its full title shows "step N", its row telling the run.
    for (int i = 0; i < titles.size(); ++i)
        QVERIFY2(titles[i] == expectedTitles[i]
                || titles[i] == expectedTitles[i].section(QStringLiteral(" · "), -1),
            qPrintable(titles[i]));
    QStringList sourceWords, targetWords;
    for (const int id : source)
        sourceWords << spec.sourceVocab.value(id);
    for (const int id : target)
        targetWords << spec.targetVocab.value(id);
    QString title;
    for (const Figure::Item &item : strip->items)
        if (item.role == QLatin1String("title"))
            title = item.text;
    const QString layerText = layerA == layerB ? QStringLiteral("layer %1").arg(layerA + 1)
                                               : QStringLiteral("the layer chosen for each run");
    QVERIFY2(title.startsWith(QStringLiteral("Attention as it learns: ")), qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral(", %1, mean of 2 heads: ").arg(layerText)),
        qPrintable(title));

    // The cells: the mean of the heads of the core model's weights after the same steps, in
    // reading order; the masked decoder self-attention hides the cells above the diagonal.
    const TransformerBatch one = TransformerBatch::single(source, target);
    std::vector<double> expected;
    int masked = 0;
    for (int run = 0; run < 2; ++run) {
        TransformerTrainer core(runner->configs()[size_t(run)]);
        for (int s = 0; s <= steps.back(); ++s) {
            if (std::find(steps.begin(), steps.end(), s) != steps.end()) {
                TransformerModel model(core.spec());
                model.forward(core.parameters(), one);
                const int l = layers[size_t(run)];
                Eigen::MatrixXd sum;
                for (int h = 0; h < heads; ++h) {
                    const Eigen::MatrixXd w = k == TransformerAttentionKind::EncoderSelf
                        ? Eigen::MatrixXd(model.encoderSelfWeights(l, 0, h))
                        : k == TransformerAttentionKind::DecoderSelf
                        ? Eigen::MatrixXd(model.decoderSelfWeights(l, 0, h))
                        : Eigen::MatrixXd(model.crossWeights(l, 0, h));
                    sum = h == 0 ? w : Eigen::MatrixXd(sum + w);
                }
                for (Eigen::Index r = 0; r < sum.rows(); ++r) {
                    for (Eigen::Index c = 0; c < sum.cols(); ++c) {
                        if (k == TransformerAttentionKind::DecoderSelf && c > r) {
                            QCOMPARE(sum(r, c), 0.0);
                            ++masked;
                        } else {
                            expected.push_back(sum(r, c) / heads);
                        }
                    }
                }
            }
            if (s < steps.back())
                core.step();
        }
    }
    std::vector<double> shown;
    int maskedShown = 0;
    for (const Figure::Item &item : strip->items) {
        if (item.role == QLatin1String("cell"))
            shown.push_back(item.tooltip.section(QStringLiteral(": "), -1).toDouble());
        else if (item.role == QLatin1String("cell masked"))
            ++maskedShown;
    }
    QCOMPARE(maskedShown, masked);
    QCOMPARE(shown.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(std::abs(shown[i] - expected[i]) <= 1e-6 * std::max(1.0, expected[i]),
            qPrintable(
                QStringLiteral("cell %1: %2, expected %3").arg(i).arg(shown[i]).arg(expected[i])));
}

QTEST_MAIN(TestTransformerHeadGrid)
#include "tst_transformerheadgrid.moc"
