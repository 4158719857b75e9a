// SPDX-License-Identifier: GPL-3.0-or-later
// The Training window's Translate tab for the transformer: the words shown are the core's
// greedy decoding with the chosen run's weights at the head grid's step, and each decoder
// layer's heatmap holds, for every word, the cross-attention row of a teacher-forced pass
// over the decoded words (the mean of the heads or the head chosen); an unknown word is named;
// the list of words to use takes two lines at most and scrolls past them.

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "testsupportattention.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"
#include "training/transformer/transformermodel.h"
#include "training/transformer/transformertrainer.h"
#include "training/transformerheadgrid.h"
#include "training/transformertranslatepanel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QtTest>

using namespace ae;

class TestTransformerTranslatePanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void translate_data();
    void translate();
    void unknownWordIsNamed();
    void vocabularyKeepsToTwoLines_data();
    void vocabularyKeepsToTwoLines();

private:
    /// Core's parameters of run @p run after @p steps steps.
    static TransformerParameters coreParameters(const RunConfig &config, int steps);

    Document *m_document = nullptr;
    TrainingDock *m_dock = nullptr;
    /// The steps the runs train.
    static constexpr int steps = 3;
};

void TestTransformerTranslatePanel::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_transformertranslatepanel"));
    m_document = new Document;
    m_dock = new TrainingDock(m_document);
    m_dock->resize(1024, 768);
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock));
    // Small transformer runs of the corpus task, trained a few steps.
    TrainingSettingsForm *f = m_dock->settings();
    f->modelBox()->setCurrentIndex(f->modelBox()->findData(modelName(ModelKind::Transformer)));
    f->taskBox()->setCurrentIndex(f->taskBox()->findData(taskName(TaskKind::TranslateZhEn)));
    f->headsBox()->setValue(2);
    f->modelDimBox()->setValue(16);
    f->layersBox()->setValue(2);
    f->feedForwardBox()->setValue(16);
    f->batchBox()->setValue(4);
    f->stepsBox()->setValue(steps);
    f->seedBox()->setValue(7);
    QCOMPARE(f->messageLabel()->text(), QString());
    TrainingRunner *runner = m_dock->runner();
    QVERIFY(runner->isTransformer());
    runner->play();
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 120000);
    QCOMPARE(m_dock->headGrid()->scrubber()->maximum(), steps);
    m_dock->tabs()->setCurrentIndex(1);
    QVERIFY(m_dock->transformerTranslator()->isVisible());
}

void TestTransformerTranslatePanel::cleanupTestCase()
{
    delete m_dock;
    delete m_document;
}

TransformerParameters TestTransformerTranslatePanel::coreParameters(
    const RunConfig &config, int steps)
{
    TransformerTrainer trainer(config);
    for (int s = 0; s < steps; ++s)
        trainer.step();
    return trainer.parameters();
}

void TestTransformerTranslatePanel::translate_data()
{
    QTest::addColumn<int>("run");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("head"); // -1: the mean
    QTest::addColumn<QString>("sentence");
    QTest::newRow("run A, last step, mean")
        << 0 << steps << -1 << QStringLiteral("我 在 学校 学习");
    QTest::newRow("run B, step 0, head 2") << 1 << 0 << 1 << QStringLiteral("我 昨天 看 了 书");
    QTest::newRow("run B, last step, head 1, no spaces")
        << 1 << steps << 0 << QStringLiteral("我在学校学习");
}

void TestTransformerTranslatePanel::translate()
{
    QFETCH(int, run);
    QFETCH(int, step);
    QFETCH(int, head);
    QFETCH(QString, sentence);
    TransformerTranslatePanel *t = m_dock->transformerTranslator();
    QCOMPARE(t->layerCount(), 2);
    QCOMPARE(t->headBox()->count(), 3);
    m_dock->headGrid()->scrubber()->setValue(step);
    QVERIFY2(t->weightsLabel()->text().contains(QStringLiteral("step %1").arg(step)),
        qPrintable(t->weightsLabel()->text()));
    t->runBox()->setCurrentIndex(run);
    t->headBox()->setCurrentIndex(head + 1);
    t->sentenceBox()->setText(sentence);
    QTest::mouseClick(t->translateButton(), Qt::LeftButton);
    QVERIFY(!t->messageLabel()->isVisibleTo(t));
    // Word by word: the first word and its rows come before the others.
    QTRY_COMPARE(t->shownWords().size(), 1);
    QCOMPARE(t->layerPlot(1)->data().rows(), 1);
    t->finishAnimation();

    // The words: the trainer's greedy decoding with the run's weights at that step.
    const RunConfig &config = m_dock->runner()->configs()[size_t(run)];
    const TransformerParameters params = coreParameters(config, step);
    const TrainingTask task(config.task);
    const std::vector<int> source = *task.sourceIds(sentence);
    TrainingBatch one;
    one.source = Eigen::Map<const IdMatrix>(source.data(), 1, Eigen::Index(source.size()));
    const TransformerSpec spec = transformerSpecFor(config);
    TransformerModel decoder(spec);
    const std::vector<int> ids
        = TransformerTrainer::greedyDecode(decoder, params, one, task.endId(),
            TransformerTranslatePanel::maxWords(task.endId(), task.length(), int(source.size())))
              .front();
    QStringList words, sourceWords;
    for (int id : ids)
        words << spec.targetVocab.value(id);
    for (int id : source)
        sourceWords << spec.sourceVocab.value(id);
    QCOMPARE(t->shownWords(), words);

    // Each layer's rows: a teacher-forced pass over the decoded words.
    TransformerBatch forced;
    forced.source = one.source;
    forced.target = Eigen::Map<const IdMatrix>(ids.data(), 1, Eigen::Index(ids.size()));
    TransformerModel model(spec);
    model.forward(params, forced);
    for (int l = 0; l < 2; ++l) {
        const HeatmapData &shown = t->layerPlot(l)->data();
        QVERIFY(t->layerPlot(l)->isVisible());
        QCOMPARE(shown.rowLabels, words);
        QCOMPARE(shown.columnLabels, sourceWords);
        QCOMPARE(shown.head, head);
        Eigen::MatrixXd want
            = Eigen::MatrixXd::Zero(Eigen::Index(ids.size()), Eigen::Index(source.size()));
        for (int h = 0; h < spec.heads; ++h)
            if (head < 0 || h == head)
                want += model.crossWeights(l, 0, h);
        if (head < 0)
            want /= spec.heads;
        QCOMPARE(shown.values.rows(), want.rows());
        QCOMPARE(shown.values.cols(), want.cols());
        const double diff = (shown.values - want).cwiseAbs().maxCoeff();
        QVERIFY2(diff < 1e-12, qPrintable(QString::number(diff)));
    }
}

void TestTransformerTranslatePanel::unknownWordIsNamed()
{
    TransformerTranslatePanel *t = m_dock->transformerTranslator();
    t->sentenceBox()->setText(QStringLiteral("我 在 火星 学习"));
    QVERIFY(!t->translate());
    QVERIFY(t->messageLabel()->isVisibleTo(t));
    QVERIFY2(t->messageLabel()->text().contains(QStringLiteral("“火星”")),
        qPrintable(t->messageLabel()->text()));
    QVERIFY(t->shownWords().isEmpty());
    QVERIFY(!t->layerPlot(0)->isVisible());
    // A known sentence again: the message goes.
    t->sentenceBox()->setText(QStringLiteral("我 在 学校 学习"));
    QVERIFY(t->translate());
    QVERIFY(!t->messageLabel()->isVisibleTo(t));
}

void TestTransformerTranslatePanel::vocabularyKeepsToTwoLines_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("1024 px, whole") << 1024;
    QTest::newRow("640 px, scrolls") << 640;
    QTest::newRow("420 px, scrolls") << 420;
}

void TestTransformerTranslatePanel::vocabularyKeepsToTwoLines()
{
    QFETCH(int, width);
    // A panel of its own on the same runs, as wide as the row says.
    TransformerTranslatePanel panel(m_dock->runner());
    panel.runsStarted();
    panel.resize(width, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_COMPARE(panel.width(), width);
    QCoreApplication::processEvents();
    auto *area = panel.findChild<QScrollArea *>(QStringLiteral("transformerTranslateVocabulary"));
    QVERIFY(area);
    auto *label = qobject_cast<QLabel *>(area->widget());
    QVERIFY(label);
    // Every source word is listed.
    const QStringList listed = label->text().split(QLatin1Char(' '));
    for (const QString &word : m_dock->runner()->transformerSpec(0).sourceVocab)
        QVERIFY2(listed.contains(word), qPrintable(word));
    const int line = QFontMetrics(label->font()).lineSpacing();
    const int whole = label->heightForWidth(area->viewport()->width());
    QVERIFY2(area->height() <= 2 * line + 4,
        qPrintable(QStringLiteral("%1 px for lines of %2 px").arg(area->height()).arg(line)));
    if (whole > area->height()) {
        // Cut to two lines: the rest is a scroll away, never hidden.
        QCOMPARE(area->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOn);
        QCOMPARE(area->height(), 2 * line + 4);
    } else {
        QCOMPARE(area->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
        QCOMPARE(area->height(), whole);
    }
    if (width <= 640)
        QVERIFY2(whole > 2 * line + 4, "a narrow panel wraps the list past two lines");
}

QTEST_MAIN(TestTransformerTranslatePanel)
#include "tst_transformertranslatepanel.moc"
