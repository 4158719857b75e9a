// SPDX-License-Identifier: GPL-3.0-or-later
// The whole forward pass (computeSession()) over thousands of seeded random sessions and the
// sessions at the edges of the limits, every field of the result against plain long double
// loops written here, and never a NaN or an infinity. AE_PROPERTY_CASES=N runs N random
// sessions instead of the default.
//
// Each stage is checked against long double loops fed the core's own previous stage (Q from
// the embeddings, the dot products from the core's Q and K, the weights from its scores, ...).
// A stage's rounding in double is unavoidable, and the next stage can magnify it without any
// error of the core: softmax turns a rounding of 1e-16 in a score of size 1e6 into a change
// of 1e-10 in a weight. Checking stage by stage holds every stage to 1e-12 of its own inputs.

#include "attention/attention.h"
#include "attention/projections.h"
#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"
#include "testsupportproperties.h"

#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

using Ld = long double;

/// Default number of random sessions (AE_PROPERTY_CASES overrides it).
constexpr int defaultCases = 3000;

/// The projection matrices as the core applies them. Random ones are made by the core's
/// generator (they are data here); the arithmetic with them is the test's own.
Projections projectionsOf(const Session &s)
{
    const Projections &p = s.attention.projections;
    if (p.mode != ProjectionMode::Random)
        return p;
    return materializeProjections(
        p, s.querySequence().width(), s.keyValueSequence().width(), s.attention.config.dModel);
}

/// Compares x W + b (or x, for identity) with loops.
void checkProjection(PropertyComparer &c, const QString &what, const Eigen::MatrixXd &got,
    const Eigen::MatrixXd &x, ProjectionMode mode, const Eigen::MatrixXd &w,
    const Eigen::RowVectorXd &b, int dModel)
{
    if (got.rows() != x.rows() || got.cols() != dModel)
        return c.fail(what + QStringLiteral(" has the wrong shape"));
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (int col = 0; col < dModel; ++col) {
            if (mode == ProjectionMode::Identity) {
                c.exact(what, i, col, got(i, col), x(i, col));
                continue;
            }
            Ld sum = b.size() ? b(col) : 0.0, size = b.size() ? std::fabs(b(col)) : 0.0;
            for (Eigen::Index a = 0; a < x.cols(); ++a) {
                const Ld term = Ld(x(i, a)) * w(a, col);
                sum += term;
                size += std::fabs(term);
            }
            c.check(what, i, col, got(i, col), sum, size);
        }
    }
}

/// -sum p ln p over a row, in long double.
Ld entropyOf(const std::vector<Ld> &p)
{
    Ld h = 0;
    for (Ld x : p)
        if (x > 0)
            h -= x * std::log(x);
    return h;
}

/// Checks every field of @p r against the definitions applied to @p s.
void checkForward(PropertyComparer &c, const Session &s, const AttentionResult &r)
{
    const AttentionSettings &a = s.attention;
    // The wiring, chosen here on its own: queries from one side, keys and values from one.
    const SequenceData &qs = a.queryFrom == SequenceRole::Source ? s.source : s.target;
    const SequenceData &ks = a.keyValueFrom == SequenceRole::Source ? s.source : s.target;
    const int lq = qs.length(), lk = ks.length(), dModel = a.config.dModel, h = a.config.heads;
    const int dK = dModel / h;
    const Projections p = projectionsOf(s);
    if (r.dK != dK)
        return c.fail(QStringLiteral("d_k %1, expected %2").arg(r.dK).arg(dK));
    const Ld scale = a.config.scale.mode == ScaleMode::SqrtDk ? std::sqrt(Ld(dK))
        : a.config.scale.mode == ScaleMode::None              ? Ld(1)
                                                              : Ld(a.config.scale.divisor);
    c.check(QStringLiteral("scale"), 0, 0, r.scale, scale, scale);
    checkProjection(c, QStringLiteral("Q"), r.q, qs.embeddings, p.mode, p.wq, p.bq, dModel);
    checkProjection(c, QStringLiteral("K"), r.k, ks.embeddings, p.mode, p.wk, p.bk, dModel);
    checkProjection(c, QStringLiteral("V"), r.v, ks.embeddings, p.mode, p.wv, p.bv, dModel);
    if (!c.failure().isEmpty())
        return;

    // The mask from its definition: causal j <= i, and the key not padding.
    if (r.visible.rows() != lq || r.visible.cols() != lk)
        return c.fail(QStringLiteral("the mask has the wrong shape"));
    std::vector<int> empty;
    for (int i = 0; i < lq; ++i) {
        bool any = false;
        for (int j = 0; j < lk; ++j) {
            const bool seen = (!a.config.causal || j <= i) && !ks.isPadding(j);
            if (r.visible(i, j) != seen)
                c.fail(QStringLiteral("visible(%1, %2) is %3").arg(i).arg(j).arg(!seen));
            any = any || seen;
        }
        if (!any)
            empty.push_back(i);
    }
    if (r.fullyMaskedRows != empty)
        c.fail(QStringLiteral("the fully masked rows differ"));
    if (int(r.heads.size()) != h)
        return c.fail(QStringLiteral("%1 heads").arg(r.heads.size()));

    Eigen::MatrixXd meanSum = Eigen::MatrixXd::Zero(lq, lk);
    for (int head = 0; head < h; ++head) {
        const HeadResult &hr = r.heads[size_t(head)];
        const QString name = QStringLiteral("head %1 ").arg(head);
        const Eigen::MatrixXd dots = r.dotProducts(head);
        const Eigen::MatrixXd scores = r.scores(head);
        for (const Eigen::MatrixXd *m : { &dots, &scores, &hr.weights })
            if (m->rows() != lq || m->cols() != lk)
                return c.fail(name + QStringLiteral("matrices have the wrong shape"));
        if (hr.output.rows() != lq || hr.output.cols() != dK || hr.entropy.size() != lq)
            return c.fail(name + QStringLiteral("output or entropy has the wrong shape"));
        for (int i = 0; i < lq; ++i) {
            // Dot products over the head's columns of the core's Q and K, then the scale.
            for (int j = 0; j < lk; ++j) {
                Ld dot = 0, size = 0;
                for (int t = head * dK; t < (head + 1) * dK; ++t) {
                    const Ld term = Ld(r.q(i, t)) * r.k(j, t);
                    dot += term;
                    size += std::fabs(term);
                }
                c.check(name + QStringLiteral("dot"), i, j, dots(i, j), dot, size);
                const Ld score = Ld(dots(i, j)) / scale;
                c.check(
                    name + QStringLiteral("score"), i, j, scores(i, j), score, std::fabs(score));
            }
            // Softmax of the core's scores over the visible keys (row maximum subtracted for
            // range only); hidden keys and empty rows are exactly 0.
            Ld top = -INFINITY;
            for (int j = 0; j < lk; ++j)
                if (r.visible(i, j))
                    top = std::max<Ld>(top, scores(i, j));
            std::vector<Ld> w(size_t(lk), 0);
            Ld sum = 0;
            for (int j = 0; j < lk; ++j)
                if (r.visible(i, j))
                    sum += w[size_t(j)] = std::exp(Ld(scores(i, j)) - top);
            for (int j = 0; j < lk; ++j) {
                if (!r.visible(i, j)) {
                    c.exact(name + QStringLiteral("hidden weight"), i, j, hr.weights(i, j), 0.0);
                    continue;
                }
                w[size_t(j)] /= sum;
                // A weight's magnitude is its row's, 1.
                c.check(name + QStringLiteral("weight"), i, j, hr.weights(i, j), w[size_t(j)], 1);
            }
            const Ld entropy = entropyOf(w);
            c.check(name + QStringLiteral("entropy"), i, 0, hr.entropy(i), entropy,
                std::max<Ld>(1, entropy));
            // The head's output from the core's weights and V.
            for (int t = 0; t < dK; ++t) {
                Ld o = 0, size = 0;
                for (int j = 0; j < lk; ++j) {
                    const Ld term = Ld(hr.weights(i, j)) * r.v(j, head * dK + t);
                    o += term;
                    size += std::fabs(term);
                }
                c.check(name + QStringLiteral("output"), i, t, hr.output(i, t), o, size);
                c.exact(name + QStringLiteral("concat"), i, t, r.concat(i, head * dK + t),
                    hr.output(i, t));
            }
        }
        meanSum += hr.weights;
    }
    if (r.meanWeights.rows() != lq || r.meanWeights.cols() != lk || r.meanEntropy.size() != lq
        || r.output.rows() != lq || r.output.cols() != dModel)
        return c.fail(QStringLiteral("mean or output has the wrong shape"));
    for (int i = 0; i < lq; ++i) {
        std::vector<Ld> row(static_cast<size_t>(lk));
        for (int j = 0; j < lk; ++j) {
            Ld m = 0;
            for (int head = 0; head < h; ++head)
                m += r.heads[size_t(head)].weights(i, j);
            row[size_t(j)] = m / h;
            c.check(QStringLiteral("mean weight"), i, j, r.meanWeights(i, j), row[size_t(j)], 1);
        }
        // The mean row's entropy, from the core's mean row.
        std::vector<Ld> got(static_cast<size_t>(lk));
        for (int j = 0; j < lk; ++j)
            got[size_t(j)] = r.meanWeights(i, j);
        const Ld entropy = entropyOf(got);
        c.check(QStringLiteral("mean entropy"), i, 0, r.meanEntropy(i), entropy,
            std::max<Ld>(1, entropy));
        for (int col = 0; col < dModel; ++col) {
            if (p.mode == ProjectionMode::Identity) {
                c.exact(QStringLiteral("output"), i, col, r.output(i, col), r.concat(i, col));
                continue;
            }
            Ld o = p.bo.size() ? p.bo(col) : 0.0, size = p.bo.size() ? std::fabs(p.bo(col)) : 0.0;
            for (int t = 0; t < dModel; ++t) {
                const Ld term = Ld(r.concat(i, t)) * p.wo(t, col);
                o += term;
                size += std::fabs(term);
            }
            c.check(QStringLiteral("output"), i, col, r.output(i, col), o, size);
        }
    }
}

} // namespace

/// Tests the forward pass against the definitions on random and extreme sessions.
class TestForwardProperties : public QObject
{
    Q_OBJECT

private slots:
    void randomSessionsMatchLongDouble_data();
    void randomSessionsMatchLongDouble();
    void extremeSessionsStayFiniteAndExact_data();
    void extremeSessionsStayFiniteAndExact();
    void cleanupTestCase();

private:
    double m_worst = 0.0;
};

void TestForwardProperties::randomSessionsMatchLongDouble_data()
{
    QTest::addColumn<int>("index");
    const int count = propertyCaseCount(defaultCases);
    for (int i = 0; i < count; ++i)
        QTest::newRow(qPrintable(randomPropertyCase(i).description)) << i;
}

void TestForwardProperties::randomSessionsMatchLongDouble()
{
    QFETCH(int, index);
    const PropertyCase pc = randomPropertyCase(index);
    const auto invalid = validateSession(pc.session);
    QVERIFY2(!invalid,
        qPrintable(invalid ? invalid->path + QLatin1Char(' ') + invalid->message : QString()));
    PropertyComparer c;
    checkForward(c, pc.session, computeSession(pc.session));
    m_worst = std::max(m_worst, c.worst());
    QVERIFY2(c.failure().isEmpty(), qPrintable(c.failure()));
}

void TestForwardProperties::extremeSessionsStayFiniteAndExact_data()
{
    QTest::addColumn<int>("index");
    const std::vector<PropertyCase> cases = extremePropertyCases();
    for (size_t i = 0; i < cases.size(); ++i)
        QTest::newRow(qPrintable(cases[i].description)) << int(i);
}

void TestForwardProperties::extremeSessionsStayFiniteAndExact()
{
    QFETCH(int, index);
    const PropertyCase pc = extremePropertyCases()[size_t(index)];
    const auto invalid = validateSession(pc.session);
    QVERIFY2(!invalid,
        qPrintable(invalid ? invalid->path + QLatin1Char(' ') + invalid->message : QString()));
    const AttentionResult r = computeSession(pc.session);
    // Every number of the result, finite (the comparisons below also check each one).
    QVERIFY(r.q.allFinite() && r.k.allFinite() && r.v.allFinite());
    QVERIFY(r.concat.allFinite() && r.output.allFinite());
    QVERIFY(r.meanWeights.allFinite() && r.meanEntropy.allFinite());
    QVERIFY(std::isfinite(r.scale));
    for (int head = 0; head < int(r.heads.size()); ++head)
        QVERIFY(r.dotProducts(head).allFinite());
    for (const HeadResult &h : r.heads)
        QVERIFY(h.weights.allFinite() && h.output.allFinite() && h.entropy.allFinite());
    PropertyComparer c;
    checkForward(c, pc.session, r);
    m_worst = std::max(m_worst, c.worst());
    QVERIFY2(c.failure().isEmpty(), qPrintable(c.failure()));
}

void TestForwardProperties::cleanupTestCase()
{
    qInfo("worst error: %.3g of the terms' size (tolerance %.0e)", m_worst,
        PropertyComparer::tolerance);
}

QTEST_MAIN(TestForwardProperties)
#include "tst_forwardproperties.moc"
