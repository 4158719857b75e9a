// SPDX-License-Identifier: GPL-3.0-or-later
// The Document: the default example, every edit method, merging, undo/redo, invalid states.
#include "attention/embeddings.h"
#include "document/document.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportattention.h"

#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The example's source vectors, as printed in the article.
Eigen::MatrixXd exampleSource()
{
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    return x;
}

/// Tokens separated by single spaces.
QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

Eigen::MatrixXd exampleTarget()
{
    return exampleSource().topRows(2);
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opensOnTheTranslationExample();
    void editsRecomputeAgainstHandWorkedNumbers_data();
    void editsRecomputeAgainstHandWorkedNumbers();
    void tokenEditsKeepTypedVectors_data();
    void tokenEditsKeepTypedVectors();
    void typingATokenLineIsOneStepAndRetypingKeepsVectors();
    void generatedVectorsFollowTheTokens();
    void positionsAreAddedAndTakenOff();
    void widthKeepsTheTopLeftBlock();
    void widthWithPositionsKeepsTypedPart();
    void paddingFollowsTheTokens();
    void unchangedEditsLeaveNoStep();
    void cellEditsMergePerCell();
    void finishEditRunSeparatesSteps();
    void invalidEditKeepsLastResult_data();
    void invalidEditKeepsLastResult();
    void oneHotVocabularyMustFit();
    void explicitProjectionsStartFromTheMatricesInUse_data();
    void explicitProjectionsStartFromTheMatricesInUse();
    void explicitProjectionsFollowShapes();
    void explicitFromIdentityUsesZerosWhereShapesDiffer();
    void scalingConfigSignals();
    void modifiedAndFileName();
    void noOpEditsPushNothing();
    void largeSessionsComputeInTheBackground();

private:
    Eigen::MatrixXd m_referenceMean;
};

void TestDocument::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_document"));
    m_referenceMean
        = T::referenceMatrix(QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
    QCOMPARE(m_referenceMean.rows(), 2);
}

void TestDocument::opensOnTheTranslationExample()
{
    Document doc;
    QVERIFY(!doc.error());
    QVERIFY(doc.hasResult());
    QVERIFY(!doc.isModified());
    const Session &s = doc.session();
    QCOMPARE(s.source.tokens,
        QStringList({ QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
            QStringLiteral("学习") }));
    QCOMPARE(s.target.tokens, QStringList({ QStringLiteral("i"), QStringLiteral("love") }));
    QCOMPARE(s.attention.queryFrom, SequenceRole::Target);
    QCOMPARE(s.attention.keyValueFrom, SequenceRole::Source);
    QVERIFY(test::maxAbsDifference(doc.result().meanWeights, m_referenceMean) < 1e-12);
    for (int h = 0; h < 2; ++h) {
        const QString head = QStringLiteral("heads[%1].").arg(h);
        const Eigen::MatrixXd scores = T::referenceMatrix(
            QStringLiteral("seed-cross-2heads"), head + QStringLiteral("scores"));
        const Eigen::MatrixXd weights = T::referenceMatrix(
            QStringLiteral("seed-cross-2heads"), head + QStringLiteral("weights"));
        QVERIFY(test::maxAbsDifference(doc.result().scores(h), scores) < 1e-12);
        QVERIFY(test::maxAbsDifference(doc.result().heads[h].weights, weights) < 1e-12);
    }
    // The result's own session is the one on show.
    QCOMPARE(doc.resultSession().target.tokens, s.target.tokens);
}

void TestDocument::editsRecomputeAgainstHandWorkedNumbers_data()
{
    QTest::addColumn<int>("edit");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("querySource");
    QTest::addColumn<bool>("keySource");
    QTest::newRow("one head") << 0 << 1 << false << false << true;
    QTest::newRow("four heads") << 1 << 4 << false << false << true;
    QTest::newRow("causal cross-attention") << 2 << 2 << true << false << true;
    QTest::newRow("encoder self-attention") << 3 << 2 << false << true << true;
    QTest::newRow("reverse cross-attention") << 4 << 2 << false << true << false;
    QTest::newRow("decoder self-attention, causal") << 5 << 2 << true << false << false;
}

void TestDocument::editsRecomputeAgainstHandWorkedNumbers()
{
    QFETCH(int, edit);
    QFETCH(int, heads);
    QFETCH(bool, causal);
    QFETCH(bool, querySource);
    QFETCH(bool, keySource);
    Document doc;
    QSignalSpy results(&doc, &Document::resultChanged);
    doc.setHeads(heads);
    doc.setCausal(causal);
    const SequenceRole q = querySource ? SequenceRole::Source : SequenceRole::Target;
    const SequenceRole kv = keySource ? SequenceRole::Source : SequenceRole::Target;
    doc.setWiring(q, kv);
    QVERIFY2(!doc.error(), qPrintable(doc.error() ? doc.error()->toString() : QString()));
    QVERIFY(results.count() >= 1);
    const Eigen::MatrixXd xq = querySource ? exampleSource() : exampleTarget();
    const Eigen::MatrixXd xkv = keySource ? exampleSource() : exampleTarget();
    const Eigen::MatrixXd expected = T::meanWeights(xq, xkv, heads, causal);
    QVERIFY2(test::maxAbsDifference(doc.result().meanWeights, expected) < 1e-12,
        qPrintable(QString::number(edit)));
    QCOMPARE(static_cast<int>(doc.result().heads.size()), heads);
    // Every edit is one step back.
    const int steps = doc.undoStack()->count();
    for (int i = 0; i < steps; ++i)
        doc.undoStack()->undo();
    QVERIFY(test::maxAbsDifference(doc.result().meanWeights, m_referenceMean) < 1e-12);
}

void TestDocument::tokenEditsKeepTypedVectors_data()
{
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<int>("keptRows");
    QTest::newRow("a token appended") << words("i love deep") << 2;
    QTest::newRow("the last token removed") << words("i") << 1;
    QTest::newRow("the second token renamed") << words("i like") << 2;
}

void TestDocument::tokenEditsKeepTypedVectors()
{
    QFETCH(QStringList, tokens);
    QFETCH(int, keptRows);
    Document doc;
    doc.setTokens(SequenceRole::Target, tokens);
    const SequenceData &t = doc.session().target;
    QCOMPARE(t.tokens, tokens);
    QCOMPARE(t.embeddings.rows(), tokens.size());
    QCOMPARE(t.embeddings.cols(), 4);
    QVERIFY(
        test::maxAbsDifference(t.embeddings.topRows(keptRows), exampleTarget().topRows(keptRows))
        == 0.0);
    for (int r = keptRows; r < tokens.size(); ++r)
        QVERIFY(t.embeddings.row(r).isZero());
    QVERIFY(!doc.error());
    QCOMPARE(doc.result().meanWeights.rows(), tokens.size());
}

void TestDocument::typingATokenLineIsOneStepAndRetypingKeepsVectors()
{
    Document doc;
    // "i love" -> backspace over "love" -> "i like", one keystroke at a time.
    const QStringList steps[] = { words("i lov"), words("i lo"), words("i l"), words("i"),
        words("i l"), words("i li"), words("i lik"), words("i like") };
    for (const QStringList &tokens : steps)
        doc.setTokens(SequenceRole::Target, tokens);
    QCOMPARE(doc.undoStack()->count(), 1);
    // The second vector was typed before the burst began; it comes back with its token.
    QVERIFY(test::maxAbsDifference(doc.session().target.embeddings, exampleTarget()) == 0.0);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().target.tokens, words("i love"));
}

void TestDocument::generatedVectorsFollowTheTokens()
{
    Document doc;
    EmbeddingRecipe hashed;
    hashed.mode = EmbeddingMode::Hashed;
    hashed.seed = 5;
    doc.setEmbeddingRecipe(SequenceRole::Target, hashed);
    doc.setTokens(SequenceRole::Target, words("i love i"));
    const Eigen::MatrixXd &e = doc.session().target.embeddings;
    QCOMPARE(e.rows(), 3);
    // The same token gets the same vector; values are two-decimal numbers in [-1, 1].
    QVERIFY(e.row(0) == e.row(2));
    QVERIFY(e.row(0) != e.row(1));
    for (Eigen::Index i = 0; i < e.size(); ++i) {
        const double v = e.data()[i];
        QVERIFY(std::abs(v) <= 1.0);
        QVERIFY(std::abs(v * 100 - std::round(v * 100)) < 1e-9);
    }
    QCOMPARE(doc.session().target.recipe.mode, EmbeddingMode::Hashed);

    // Typing a number makes the vectors hand-made and keeps the rest.
    const Eigen::MatrixXd before = e;
    doc.setEmbeddingCell(SequenceRole::Target, 1, 2, 0.75);
    QCOMPARE(doc.session().target.recipe.mode, EmbeddingMode::Manual);
    Eigen::MatrixXd expected = before;
    expected(1, 2) = 0.75;
    QVERIFY(test::maxAbsDifference(doc.session().target.embeddings, expected) == 0.0);
}

void TestDocument::positionsAreAddedAndTakenOff()
{
    Document doc;
    EmbeddingRecipe recipe;
    recipe.positional = true;
    doc.setEmbeddingRecipe(SequenceRole::Source, recipe);
    const Eigen::MatrixXd &e = doc.session().source.embeddings;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            QVERIFY(std::abs(e(r, c) - (exampleSource()(r, c) + T::sinusoid(r, c, 4))) < 1e-15);
    }
    // A new token gets its position's encoding on a zero vector.
    doc.setTokens(SequenceRole::Source, words("我 爱 深度 学习 。"));
    for (int c = 0; c < 4; ++c)
        QVERIFY(std::abs(doc.session().source.embeddings(4, c) - T::sinusoid(4, c, 4)) < 1e-15);
    recipe.positional = false;
    doc.setEmbeddingRecipe(SequenceRole::Source, recipe);
    QVERIFY(test::maxAbsDifference(doc.session().source.embeddings.topRows(4), exampleSource())
        < 1e-15);
    QVERIFY(doc.session().source.embeddings.row(4).norm() < 1e-15);
}

void TestDocument::widthKeepsTheTopLeftBlock()
{
    Document doc;
    doc.setEmbeddingWidth(SequenceRole::Source, 2);
    QVERIFY(test::maxAbsDifference(doc.session().source.embeddings, exampleSource().leftCols(2))
        == 0.0);
    // Identity projections need width = d_model: an error, and the last picture stays.
    QVERIFY(doc.error());
    QCOMPARE(doc.error()->path, QStringLiteral("attention.projections"));
    QVERIFY(doc.isResultStale());
    doc.setEmbeddingWidth(SequenceRole::Source, 6);
    const Eigen::MatrixXd &e = doc.session().source.embeddings;
    QCOMPARE(e.cols(), 6);
    // Within one spin-box run the narrowed columns come back; new columns are zeros.
    QVERIFY(test::maxAbsDifference(e.leftCols(4), exampleSource()) == 0.0);
    QVERIFY(e.rightCols(2).isZero());
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.finishEditRun();
    doc.setEmbeddingWidth(SequenceRole::Source, 1);
    doc.finishEditRun();
    doc.setEmbeddingWidth(SequenceRole::Source, 4);
    QVERIFY(test::maxAbsDifference(
                doc.session().source.embeddings.leftCols(1), exampleSource().leftCols(1))
        == 0.0);
    QVERIFY(doc.session().source.embeddings.rightCols(3).isZero());
    // Separate runs are separate steps; three steps back restore the original.
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(test::maxAbsDifference(doc.session().source.embeddings, exampleSource()) == 0.0);
    QVERIFY(!doc.error());
}

void TestDocument::widthWithPositionsKeepsTypedPart()
{
    Document doc;
    EmbeddingRecipe recipe;
    recipe.positional = true;
    doc.setEmbeddingRecipe(SequenceRole::Target, recipe);
    doc.setEmbeddingWidth(SequenceRole::Target, 6);
    const Eigen::MatrixXd &e = doc.session().target.embeddings;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 6; ++c) {
            const double typed = c < 4 ? exampleTarget()(r, c) : 0.0;
            QVERIFY(std::abs(e(r, c) - (typed + T::sinusoid(r, c, 6))) < 1e-14);
        }
    }
}

void TestDocument::paddingFollowsTheTokens()
{
    Document doc;
    doc.setPadding(SequenceRole::Source, 3, true);
    QVERIFY(doc.session().source.isPadding(3));
    // Nobody attends to the padded key 学习.
    QCOMPARE(doc.result().meanWeights(0, 3), 0.0);
    const std::vector<bool> pad { false, false, false, true };
    QVERIFY(test::maxAbsDifference(doc.result().meanWeights,
                T::meanWeights(exampleTarget(), exampleSource(), 2, false, pad))
        < 1e-12);
    doc.finishEditRun();
    doc.setTokens(SequenceRole::Source, words("我 爱 深度 学习 <pad>"));
    QVERIFY(doc.session().source.isPadding(3));
    QVERIFY(doc.session().source.isPadding(4));
    doc.setTokens(SequenceRole::Source, words("我 爱 深度 机器"));
    QVERIFY(!doc.session().source.isPadding(3));
}

void TestDocument::unchangedEditsLeaveNoStep()
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

void TestDocument::cellEditsMergePerCell()
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

void TestDocument::finishEditRunSeparatesSteps()
{
    Document doc;
    doc.setHeads(1);
    doc.finishEditRun();
    doc.setHeads(4);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().attention.config.heads, 1);
}

void TestDocument::invalidEditKeepsLastResult_data()
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

void TestDocument::invalidEditKeepsLastResult()
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

void TestDocument::oneHotVocabularyMustFit()
{
    Document doc;
    EmbeddingRecipe oneHot;
    oneHot.mode = EmbeddingMode::OneHot;
    doc.setEmbeddingRecipe(SequenceRole::Source, oneHot);
    QVERIFY(!doc.error());
    QVERIFY(test::maxAbsDifference(doc.session().source.embeddings, Eigen::MatrixXd::Identity(4, 4))
        == 0.0);
    doc.setTokens(SequenceRole::Source, words("我 爱 深度 学习 。"));
    QVERIFY(doc.error());
    QCOMPARE(doc.error()->path, QStringLiteral("source.generator"));
    QVERIFY(doc.error()->message.contains(QStringLiteral("5")));
}

void TestDocument::explicitProjectionsStartFromTheMatricesInUse_data()
{
    QTest::addColumn<bool>("fromRandom");
    QTest::newRow("from identity") << false;
    QTest::newRow("from random, seed 7") << true;
}

void TestDocument::explicitProjectionsStartFromTheMatricesInUse()
{
    QFETCH(bool, fromRandom);
    Document doc;
    if (fromRandom)
        doc.setProjectionSeed(7);
    const Eigen::MatrixXd before = doc.result().meanWeights;
    const Eigen::MatrixXd output = doc.result().output;
    doc.setProjectionMode(ProjectionMode::Explicit);
    const Projections &p = doc.session().attention.projections;
    QCOMPARE(p.mode, ProjectionMode::Explicit);
    QCOMPARE(p.wq.rows(), 4);
    QCOMPARE(p.wo.cols(), 4);
    if (!fromRandom)
        QVERIFY(p.wq.isIdentity());
    // Nothing on screen changes by switching.
    QVERIFY(test::maxAbsDifference(doc.result().meanWeights, before) < 1e-15);
    QVERIFY(test::maxAbsDifference(doc.result().output, output) < 1e-15);
    doc.setProjectionValue(ProjectionPart::Wq, 0, 0, 2.0);
    QCOMPARE(doc.session().attention.projections.wq(0, 0), 2.0);
    doc.setProjectionValue(ProjectionPart::Bo, 0, 3, 0.5);
    QCOMPARE(doc.session().attention.projections.bo(3), 0.5);
}

void TestDocument::explicitProjectionsFollowShapes()
{
    Document doc;
    doc.setProjectionMode(ProjectionMode::Explicit);
    doc.setModelDim(6);
    const Projections &p = doc.session().attention.projections;
    QCOMPARE(p.wq.rows(), 4);
    QCOMPARE(p.wq.cols(), 6);
    QCOMPARE(p.wo.rows(), 6);
    QVERIFY(p.wq.leftCols(4).isIdentity());
    QVERIFY(!doc.error());
    doc.setEmbeddingWidth(SequenceRole::Target, 3);
    QCOMPARE(doc.session().attention.projections.wq.rows(), 3);
    QVERIFY(!doc.error());
}

void TestDocument::explicitFromIdentityUsesZerosWhereShapesDiffer()
{
    Document doc;
    doc.setEmbeddingWidth(SequenceRole::Target, 3);
    QVERIFY(doc.error()); // identity cannot map width 3 to d_model 4
    doc.setProjectionMode(ProjectionMode::Explicit);
    const Projections &p = doc.session().attention.projections;
    QCOMPARE(p.wq.rows(), 3);
    QCOMPARE(p.wq.cols(), 4);
    QVERIFY(p.wq.isZero()); // the query side (target, width 3) has no identity
    QVERIFY(p.wk.isIdentity()); // the source is 4 wide: identity fits
    QVERIFY(p.wv.isIdentity());
    QVERIFY(p.wo.isIdentity());
    QVERIFY(!doc.error());
    // Zero queries: every score is 0, so each row is uniform over the 4 keys.
    QVERIFY((doc.result().meanWeights.array() - 0.25).abs().maxCoeff() < 1e-15);
}

void TestDocument::scalingConfigSignals()
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

void TestDocument::modifiedAndFileName()
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

void TestDocument::noOpEditsPushNothing()
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

void TestDocument::largeSessionsComputeInTheBackground()
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

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
