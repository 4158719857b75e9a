// SPDX-License-Identifier: GPL-3.0-or-later
// Compare: the variant session differs from the original in exactly one field, and the
// difference map equals A - B worked out with plain loops in long double.

#include "session/sessioncompare.h"
#include "session/sessionjson.h"
#include "testsupport.h"

#include <QTest>
#include <cmath>

using namespace ae;

namespace {

/// Mean attention weights with identity projections, by hand: scores over each head's columns
/// divided by @p scale (or sqrt(d_k) when @p scale <= 0), causal keys j > i hidden.
Eigen::MatrixXd handWeights(const Eigen::MatrixXd &xq, const Eigen::MatrixXd &xkv, int heads,
    double scale, bool causal, int onlyHead = -1)
{
    const int lq = int(xq.rows());
    const int lk = int(xkv.rows());
    const int dK = int(xq.cols()) / heads;
    const long double s = scale > 0 ? scale : std::sqrt((long double)dK);
    Eigen::MatrixXd mean = Eigen::MatrixXd::Zero(lq, lk);
    const int first = onlyHead >= 0 ? onlyHead : 0;
    const int last = onlyHead >= 0 ? onlyHead + 1 : heads;
    for (int h = first; h < last; ++h) {
        for (int i = 0; i < lq; ++i) {
            std::vector<long double> score(size_t(lk), 0.0L);
            long double top = -INFINITY;
            for (int j = 0; j < lk; ++j) {
                if (causal && j > i)
                    continue;
                long double dot = 0.0L;
                for (int m = 0; m < dK; ++m)
                    dot += (long double)xq(i, h * dK + m) * xkv(j, h * dK + m);
                score[size_t(j)] = dot / s;
                top = std::max(top, score[size_t(j)]);
            }
            long double sum = 0.0L;
            for (int j = 0; j < lk; ++j)
                sum += (causal && j > i) ? 0.0L : std::exp(score[size_t(j)] - top);
            for (int j = 0; j < lk; ++j) {
                const long double w
                    = (causal && j > i) ? 0.0L : std::exp(score[size_t(j)] - top) / sum;
                mean(i, j) += double(w / (last - first));
            }
        }
    }
    return mean;
}

Session example()
{
    const SessionLoadResult loaded = loadSessionFile(
        QStringLiteral(AE_SOURCE_DIR "/resources/examples/cross-attention-2heads.json"));
    return loaded.session;
}

} // namespace

class TestSessionCompare : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void variantChangesExactlyOneField_data();
    void variantChangesExactlyOneField();
    void differenceIsAMinusB_data();
    void differenceIsAMinusB();
    void refusals_data();
    void refusals();
    void causalMapIsAlwaysA_data();
    void causalMapIsAlwaysA();
    void kindKeysRoundTrip();

private:
    Session m_session;
};

void TestSessionCompare::initTestCase()
{
    m_session = example();
    QCOMPARE(m_session.attention.config.heads, 2);
    QCOMPARE(m_session.attention.projections.mode, ProjectionMode::Identity);
}

void TestSessionCompare::variantChangesExactlyOneField_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("field");
    QTest::newRow("scaling") << int(CompareKind::Scaling) << QStringLiteral("attention.scale");
    QTest::newRow("direction") << int(CompareKind::CrossDirection)
                               << QStringLiteral("attention.query_from");
    QTest::newRow("causal") << int(CompareKind::Causal) << QStringLiteral("attention.causal");
    QTest::newRow("heads") << int(CompareKind::Heads) << QString();
}

void TestSessionCompare::variantChangesExactlyOneField()
{
    QFETCH(int, kind);
    QFETCH(QString, field);
    const Session variant = compareVariant(m_session, CompareKind(kind));
    const QString first = test::compareSessions(variant, m_session);
    if (field.isEmpty()) {
        QVERIFY2(first.isEmpty(), qPrintable(first));
        return;
    }
    QVERIFY2(first.startsWith(field), qPrintable(first));
    // Put that one field back: then nothing else differs.
    Session restored = variant;
    switch (CompareKind(kind)) {
    case CompareKind::Scaling:
        QCOMPARE(variant.attention.config.scale.mode, ScaleMode::None);
        restored.attention.config.scale = m_session.attention.config.scale;
        break;
    case CompareKind::CrossDirection:
        QCOMPARE(variant.attention.queryFrom, m_session.attention.keyValueFrom);
        QCOMPARE(variant.attention.keyValueFrom, m_session.attention.queryFrom);
        restored.attention.queryFrom = m_session.attention.queryFrom;
        restored.attention.keyValueFrom = m_session.attention.keyValueFrom;
        break;
    case CompareKind::Causal:
        QCOMPARE(variant.attention.config.causal, !m_session.attention.config.causal);
        restored.attention.config.causal = m_session.attention.config.causal;
        break;
    case CompareKind::Heads:
        break;
    }
    const QString rest = test::compareSessions(restored, m_session);
    QVERIFY2(rest.isEmpty(), qPrintable(rest));
    // Unscaled sessions compare against the sqrt(d_k) scale.
    if (CompareKind(kind) == CompareKind::Scaling) {
        QCOMPARE(compareVariant(variant, CompareKind::Scaling).attention.config.scale.mode,
            ScaleMode::SqrtDk);
    }
}

void TestSessionCompare::differenceIsAMinusB_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("view");
    QTest::addColumn<int>("headA");
    QTest::addColumn<int>("headB");
    QTest::newRow("scaling, mean") << int(CompareKind::Scaling) << -1 << 0 << 1;
    QTest::newRow("scaling, head 2") << int(CompareKind::Scaling) << 1 << 0 << 1;
    QTest::newRow("direction, mean") << int(CompareKind::CrossDirection) << -1 << 0 << 1;
    QTest::newRow("causal, head 1") << int(CompareKind::Causal) << 0 << 0 << 1;
    QTest::newRow("head 1 vs head 2") << int(CompareKind::Heads) << -1 << 0 << 1;
    QTest::newRow("head 2 vs head 1") << int(CompareKind::Heads) << -1 << 1 << 0;
}

void TestSessionCompare::differenceIsAMinusB()
{
    QFETCH(int, kind);
    QFETCH(int, view);
    QFETCH(int, headA);
    QFETCH(int, headB);
    const CompareSpec spec { CompareKind(kind), view, headA, headB };
    QVERIFY(!compareProblem(m_session, spec));
    const CompareResult r = compareSessions(m_session, spec);

    const Eigen::MatrixXd &y = m_session.target.embeddings; // queries of side A
    const Eigen::MatrixXd &x = m_session.source.embeddings;
    Eigen::MatrixXd a;
    Eigen::MatrixXd b; // in A's shape (queries Y, keys X)
    switch (CompareKind(kind)) {
    case CompareKind::Scaling:
        a = handWeights(y, x, 2, -1, false, view);
        b = handWeights(y, x, 2, 1.0, false, view);
        break;
    case CompareKind::CrossDirection:
        a = handWeights(y, x, 2, -1, false, view);
        b = handWeights(x, y, 2, -1, false, view).transpose();
        QVERIFY(r.transposed);
        QCOMPARE(r.weightsB.rows(), x.rows());
        break;
    case CompareKind::Causal:
        // The session has no causal mask: the causal variant is side A all the same.
        QVERIFY(!m_session.attention.config.causal);
        QVERIFY(r.sessionA.attention.config.causal);
        QVERIFY(!r.sessionB.attention.config.causal);
        a = handWeights(y, x, 2, -1, true, view);
        b = handWeights(y, x, 2, -1, false, view);
        break;
    case CompareKind::Heads:
        a = handWeights(y, x, 2, -1, false, headA);
        b = handWeights(y, x, 2, -1, false, headB);
        break;
    }
    QVERIFY2(test::maxAbsDifference(r.weightsA, a) < 1e-12, "side A");
    QVERIFY2(test::maxAbsDifference(r.differenceWeightsB, b) < 1e-12, "side B");
    Eigen::MatrixXd expected(a.rows(), a.cols());
    for (int i = 0; i < a.rows(); ++i) {
        for (int j = 0; j < a.cols(); ++j)
            expected(i, j) = double((long double)a(i, j) - (long double)b(i, j));
    }
    QVERIFY2(test::maxAbsDifference(r.difference, expected) < 1e-12, "difference");
    // Causal hides keys after the query in A: the difference map marks them masked.
    if (CompareKind(kind) == CompareKind::Causal) {
        QVERIFY(!r.differenceVisible(0, 1));
        QVERIFY(r.differenceVisible(1, 1));
    } else {
        QVERIFY(r.differenceVisible.all());
    }
}

void TestSessionCompare::refusals_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("view");
    QTest::addColumn<int>("headB");
    QTest::addColumn<QString>("path");
    QTest::newRow("view past the last head")
        << int(CompareKind::Scaling) << 2 << 1 << QStringLiteral("view");
    QTest::newRow("head B past the last head")
        << int(CompareKind::Heads) << -1 << 2 << QStringLiteral("head B");
    QTest::newRow("negative head B")
        << int(CompareKind::Heads) << -1 << -1 << QStringLiteral("head B");
}

void TestSessionCompare::refusals()
{
    QFETCH(int, kind);
    QFETCH(int, view);
    QFETCH(int, headB);
    QFETCH(QString, path);
    const auto problem
        = compareProblem(m_session, CompareSpec { CompareKind(kind), view, 0, headB });
    QVERIFY(problem);
    QCOMPARE(problem->path, path);
    QVERIFY(!problem->message.isEmpty());
}

void TestSessionCompare::causalMapIsAlwaysA_data()
{
    QTest::addColumn<bool>("sessionCausal");
    QTest::newRow("session without the mask") << false;
    QTest::newRow("session with the mask") << true;
}

void TestSessionCompare::causalMapIsAlwaysA()
{
    QFETCH(bool, sessionCausal);
    Session session = m_session;
    session.attention.config.causal = sessionCausal;
    const CompareSpec spec { CompareKind::Causal, -1, 0, 1 };
    QVERIFY(!compareProblem(session, spec));
    const CompareResult r = compareSessions(session, spec);
    QVERIFY(r.sessionA.attention.config.causal);
    QVERIFY(!r.sessionB.attention.config.causal);
    const Eigen::MatrixXd &y = session.target.embeddings;
    const Eigen::MatrixXd &x = session.source.embeddings;
    QVERIFY(test::maxAbsDifference(r.weightsA, handWeights(y, x, 2, -1, true, -1)) < 1e-12);
    QVERIFY(test::maxAbsDifference(r.weightsB, handWeights(y, x, 2, -1, false, -1)) < 1e-12);
    // The first query sees only the first key in A, so its row there is exactly one-hot.
    QCOMPARE(r.weightsA(0, 0), 1.0);
}

void TestSessionCompare::kindKeysRoundTrip()
{
    for (CompareKind kind : { CompareKind::Scaling, CompareKind::CrossDirection, CompareKind::Heads,
             CompareKind::Causal })
        QCOMPARE(compareKindFromKey(compareKindKey(kind)), kind);
    QVERIFY(!compareKindFromKey(QStringLiteral("sideways")));
    // Self-attention has no reverse direction; one head has no second head.
    Session self = m_session;
    self.attention.queryFrom = self.attention.keyValueFrom;
    const auto problem = compareProblem(self, CompareSpec { CompareKind::CrossDirection });
    QVERIFY(problem);
    QCOMPARE(problem->path, QStringLiteral("attention.query_from"));
    Session one = m_session;
    one.attention.config.heads = 1;
    QVERIFY(compareProblem(one, CompareSpec { CompareKind::Heads, -1, 0, 0 }));
}

QTEST_MAIN(TestSessionCompare)
#include "tst_sessioncompare.moc"
