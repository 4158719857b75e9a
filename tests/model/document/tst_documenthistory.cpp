// SPDX-License-Identifier: GPL-3.0-or-later
// The Document's history: edits that leave no step, merging per cell, separate runs of edits,
// invalid states keeping the last result, the modified flag and file name, scaling signals,
// and large sessions computed in the background. Its edits: tst_document.
#include "attention/embeddings.h"
#include "document/document.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportdocument.h"

#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

using namespace ae;
using ae::test::exampleSource;
using ae::test::exampleTarget;
using ae::test::words;

namespace {

using T = AttentionTestSupport;

} // namespace

class TestDocumentHistory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void unchangedEditsLeaveNoStep();
    void cellEditsMergePerCell();
    void finishEditRunSeparatesSteps();
    void invalidEditKeepsLastResult_data();
    void invalidEditKeepsLastResult();
    void scalingConfigSignals();
    void modifiedAndFileName();
    void noOpEditsPushNothing();
    void largeSessionsComputeInTheBackground();

private:
    Eigen::MatrixXd m_referenceMean;
};

void TestDocumentHistory::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_documenthistory"));
    m_referenceMean
        = T::referenceMatrix(QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
    QCOMPARE(m_referenceMean.rows(), 2);
}

void TestDocumentHistory::unchangedEditsLeaveNoStep()
{
    // The spec's example lists the target's padding flags, all false.
    const SessionLoadResult loaded = sessionFromJson(test::specExampleJson());
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.session.target.padding, (std::vector<bool> { false, false }));
    Document doc;
    doc.resetSession(loaded.session, QString());
    doc.setTokens(SequenceRole::Target, words("i love"));
    doc.setPadding(SequenceRole::Target, 1, false);
    doc.setEmbeddingRecipe(SequenceRole::Target, loaded.session.target.recipe);
    doc.setHeads(2);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
    QVERIFY(doc.session() == loaded.session);

    // Typing away and back within one run leaves nothing to undo.
    doc.setTokens(SequenceRole::Target, words("i lov"));
    doc.setTokens(SequenceRole::Target, words("i love"));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TestDocumentHistory::cellEditsMergePerCell()
{
    Document doc;
    doc.setEmbeddingCell(SequenceRole::Source, 0, 0, 1.0);
    doc.setEmbeddingCell(SequenceRole::Source, 0, 0, 1.5);
    doc.setEmbeddingCell(SequenceRole::Source, 0, 0, 1.52);
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.setEmbeddingCell(SequenceRole::Source, 0, 1, 2.0);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().source.embeddings(0, 0), 1.52);
    QCOMPARE(doc.session().source.embeddings(0, 1), 1.1);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().source.embeddings(0, 0), 0.5);
    doc.undoStack()->redo();
    QCOMPARE(doc.session().source.embeddings(0, 0), 1.52);
    Eigen::MatrixXd x = exampleSource();
    x(0, 0) = 1.52;
    QVERIFY(test::maxAbsDifference(
                doc.result().meanWeights, T::meanWeights(exampleTarget(), x, 2, false))
        < 1e-12);
}

void TestDocumentHistory::finishEditRunSeparatesSteps()
{
    Document doc;
    doc.setHeads(1);
    doc.finishEditRun();
    doc.setHeads(4);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().attention.config.heads, 1);
}

void TestDocumentHistory::invalidEditKeepsLastResult_data()
{
    QTest::addColumn<int>("edit");
    QTest::addColumn<QString>("path");
    QTest::newRow("heads not dividing d_model") << 0 << QStringLiteral("attention.heads");
    QTest::newRow("empty source") << 1 << QStringLiteral("source.tokens");
    QTest::newRow("empty target") << 2 << QStringLiteral("target.tokens");
    QTest::newRow("zero scale divisor") << 3 << QStringLiteral("attention.scale");
    QTest::newRow("identity with a wider d_model") << 4 << QStringLiteral("attention.projections");
    QTest::newRow("a huge number") << 5 << QStringLiteral("source.embeddings[1][2]");
}

void TestDocumentHistory::invalidEditKeepsLastResult()
{
    QFETCH(int, edit);
    QFETCH(QString, path);
    Document doc;
    QSignalSpy errors(&doc, &Document::errorChanged);
    QSignalSpy results(&doc, &Document::resultChanged);
    switch (edit) {
    case 0:
        doc.setHeads(3);
        break;
    case 1:
        doc.setTokens(SequenceRole::Source, {});
        break;
    case 2:
        doc.setTokens(SequenceRole::Target, {});
        break;
    case 3:
        doc.setScale(ScaleSpec { ScaleMode::Custom, 0.0 });
        break;
    case 4:
        doc.setModelDim(6);
        break;
    case 5:
        doc.setEmbeddingCell(SequenceRole::Source, 1, 2, 1e13);
        break;
    }
    QVERIFY(doc.error());
    QCOMPARE(doc.error()->path, path);
    QCOMPARE(errors.count(), 1);
    QCOMPARE(results.count(), 0);
    QVERIFY(doc.isResultStale());
    QVERIFY(test::maxAbsDifference(doc.result().meanWeights, m_referenceMean) < 1e-12);
    QCOMPARE(doc.resultSession().target.tokens, words("i love"));
    doc.undoStack()->undo();
    QVERIFY(!doc.error());
    QVERIFY(!doc.isResultStale());
    QCOMPARE(errors.count(), 2);
}

void TestDocumentHistory::scalingConfigSignals()
{
    Document doc;
    QSignalSpy spy(&doc, &Document::scalingConfigChanged);
    EntropyExperimentConfig config = doc.session().scaling;
    config.keys = 20;
    doc.setScalingConfig(config);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(doc.session().scaling.keys, 20);
    doc.undoStack()->undo();
    QCOMPARE(spy.count(), 2);
    QCOMPARE(doc.session().scaling.keys, 10);
}

void TestDocumentHistory::modifiedAndFileName()
{
    Document doc;
    QSignalSpy modified(&doc, &Document::modifiedChanged);
    QSignalSpy names(&doc, &Document::fileNameChanged);
    doc.setCausal(true);
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    doc.markSaved(QStringLiteral("/tmp/a.json"));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.fileName(), QStringLiteral("/tmp/a.json"));
    QCOMPARE(names.count(), 1);
    doc.resetSession(doc.session(), QString(), true);
    QVERIFY(doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(doc.fileName(), QString());
}

void TestDocumentHistory::noOpEditsPushNothing()
{
    Document doc;
    doc.setHeads(2);
    doc.setCausal(false);
    doc.setEmbeddingCell(SequenceRole::Source, 0, 0, 0.5);
    doc.setEmbeddingCell(SequenceRole::Source, 9, 0, 1.0);
    doc.setEmbeddingWidth(SequenceRole::Source, 0);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TestDocumentHistory::largeSessionsComputeInTheBackground()
{
    Document doc;
    Session big = doc.session();
    const QStringList tokens = [] {
        QStringList t;
        for (int i = 0; i < 256; ++i)
            t << QStringLiteral("w%1").arg(i);
        return t;
    }();
    for (SequenceData *s : { &big.source, &big.target }) {
        s->tokens = tokens;
        s->recipe = EmbeddingRecipe { EmbeddingMode::Hashed, 5, false };
        s->embeddings = hashedEmbeddings(tokens, 64, 5);
        s->padding.clear();
    }
    big.attention.config.dModel = 64;
    big.attention.config.heads = 4;
    big.attention.projections = Projections {};
    big.attention.projections.mode = ProjectionMode::Random;
    big.attention.projections.seed = 3;

    QSignalSpy results(&doc, &Document::resultChanged);
    doc.resetSession(big, QString());
    // The old picture stays until the worker is done; then the new one arrives.
    QTRY_VERIFY_WITH_TIMEOUT(doc.resultSession().source.length() == 256, 20000);
    QCOMPARE(results.count(), 1);
    QVERIFY(test::maxAbsDifference(doc.result().output, computeSession(big).output) == 0.0);

    // A burst of edits: only the last session's result is installed.
    results.clear();
    doc.setCausal(true);
    doc.setHeads(8);
    doc.setCausal(false);
    QTRY_VERIFY_WITH_TIMEOUT(doc.resultSession().attention.config.heads == 8
            && !doc.resultSession().attention.config.causal,
        20000);
    // Every superseded computation has finished once its watcher is gone; none was installed.
    QTRY_VERIFY_WITH_TIMEOUT(doc.findChildren<QFutureWatcherBase *>().isEmpty(), 20000);
    QCOMPARE(results.count(), 1);
    QCOMPARE(static_cast<int>(doc.result().heads.size()), 8);
    QVERIFY(
        test::maxAbsDifference(doc.result().meanWeights, computeSession(doc.session()).meanWeights)
        == 0.0);
}

QTEST_GUILESS_MAIN(TestDocumentHistory)
#include "tst_documenthistory.moc"
