// SPDX-License-Identifier: GPL-3.0-or-later
// The Document: the default example and every edit method. Its undo history, invalid states
// and background runs: tst_documenthistory.
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
    void oneHotVocabularyMustFit();
    void explicitProjectionsStartFromTheMatricesInUse_data();
    void explicitProjectionsStartFromTheMatricesInUse();
    void explicitProjectionsFollowShapes();
    void explicitFromIdentityUsesZerosWhereShapesDiffer();

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

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
