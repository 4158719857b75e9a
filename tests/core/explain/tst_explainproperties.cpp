// SPDX-License-Identifier: GPL-3.0-or-later
// explainWeight() over seeded random sessions and the sessions at the edges of the limits:
// every derived term against plain long double loops over the explanation's own inputs, the
// weight against computeSession()'s, and never a NaN or an infinity. AE_PROPERTY_CASES=N runs
// N random sessions instead of the default. The comparison rule is PropertyComparer's.

#include "explain/explain.h"
#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"
#include "testsupportproperties.h"

#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

using Ld = long double;

/// Default number of random sessions (AE_PROPERTY_CASES overrides it).
constexpr int defaultCases = 1500;

/// Checks one head's derivation of weight (query, key) against the loops and @p r.
void checkHead(PropertyComparer &c, const HeadWeightDerivation &d, const AttentionResult &r,
    int query, int key)
{
    const QString name = QStringLiteral("head %1 ").arg(d.head);
    const int dK = r.dK;
    const Eigen::Index lk = r.k.rows();
    if (d.q.size() != dK || d.k.size() != dK || d.products.size() != dK || d.rowScores.size() != lk
        || d.rowExp.size() != lk || Eigen::Index(d.rowVisible.size()) != lk)
        return c.fail(name + QStringLiteral("vectors have the wrong length"));
    Ld dot = 0, size = 0;
    for (int m = 0; m < dK; ++m) {
        c.exact(name + QStringLiteral("q"), m, 0, d.q(m), r.q(query, d.head * dK + m));
        c.exact(name + QStringLiteral("k"), m, 0, d.k(m), r.k(key, d.head * dK + m));
        const Ld product = Ld(d.q(m)) * d.k(m);
        c.check(name + QStringLiteral("product"), m, 0, d.products(m), product, std::fabs(product));
        dot += product;
        size += std::fabs(product);
    }
    c.check(name + QStringLiteral("dot"), 0, 0, d.dot, dot, size);
    bool any = false;
    Ld top = -INFINITY;
    for (Eigen::Index j = 0; j < lk; ++j) {
        if (d.rowVisible[size_t(j)] != r.visible(query, j))
            c.fail(name + QStringLiteral("rowVisible[%1] differs from the mask").arg(j));
        Ld s = 0, sSize = 0;
        for (int m = 0; m < dK; ++m) {
            const Ld term = Ld(r.q(query, d.head * dK + m)) * r.k(j, d.head * dK + m);
            s += term;
            sSize += std::fabs(term);
        }
        // The division by the scale adds one rounding relative to the quotient.
        const Ld scale = r.scale;
        c.check(name + QStringLiteral("rowScores"), j, 0, d.rowScores(j), s / scale, sSize / scale);
        if (d.rowVisible[size_t(j)]) {
            any = true;
            top = std::max<Ld>(top, d.rowScores(j));
        }
    }
    if (d.score.has_value() != bool(d.rowVisible[size_t(key)]))
        c.fail(name + QStringLiteral("score is given exactly when the key is visible: not so"));
    if (d.score)
        c.check(name + QStringLiteral("score"), 0, 0, *d.score, Ld(d.dot) / Ld(r.scale),
            std::fabs(Ld(d.dot) / Ld(r.scale)));
    if (d.rowMax.has_value() != any)
        return c.fail(
            name + QStringLiteral("rowMax is given exactly when a key is visible: not so"));
    if (!any) {
        c.exact(name + QStringLiteral("rowSum"), 0, 0, d.rowSum, 0.0);
        c.exact(name + QStringLiteral("weight"), 0, 0, d.weight, 0.0);
        for (Eigen::Index j = 0; j < lk; ++j)
            c.exact(name + QStringLiteral("rowExp"), j, 0, d.rowExp(j), 0.0);
        return;
    }
    c.exact(name + QStringLiteral("rowMax"), 0, 0, *d.rowMax, double(top));
    Ld sum = 0;
    for (Eigen::Index j = 0; j < lk; ++j) {
        if (!d.rowVisible[size_t(j)]) {
            c.exact(name + QStringLiteral("rowExp"), j, 0, d.rowExp(j), 0.0);
            continue;
        }
        // exp of a number <= 0: at most 1, so its magnitude is 1.
        const Ld e = std::exp(Ld(d.rowScores(j)) - Ld(*d.rowMax));
        c.check(name + QStringLiteral("rowExp"), j, 0, d.rowExp(j), e, 1);
        sum += d.rowExp(j);
    }
    c.check(name + QStringLiteral("rowSum"), 0, 0, d.rowSum, sum, sum);
    c.check(name + QStringLiteral("weight"), 0, 0, d.weight, Ld(d.rowExp(key)) / Ld(d.rowSum), 1);
    // The weight the forward pass computed, by its own path.
    c.check(name + QStringLiteral("weight vs compute"), query, key, d.weight,
        r.heads[size_t(d.head)].weights(query, key), 1);
}

/// Explains a set of weights of @p s (every one when small, a sample otherwise) and checks
/// each explanation.
void checkSession(PropertyComparer &c, const Session &s, int seed)
{
    const AttentionResult r = computeSession(s);
    const int lq = s.querySequence().length(), lk = s.keyValueSequence().length();
    const int heads = s.attention.config.heads;
    std::vector<ExplainRequest> requests;
    if (lq * lk * (heads + 1) <= 120) {
        for (int h = -1; h < heads; ++h)
            for (int i = 0; i < lq; ++i)
                for (int j = 0; j < lk; ++j)
                    requests.push_back({ h, i, j });
    } else {
        // A fixed sample: the corners, and a spread of the others.
        requests.push_back({ ExplainRequest::meanOfHeads, 0, 0 });
        requests.push_back({ ExplainRequest::meanOfHeads, lq - 1, lk - 1 });
        requests.push_back({ heads - 1, lq - 1, 0 });
        for (int n = 0; n < 24; ++n) {
            const unsigned x = unsigned(seed) * 2654435761u + unsigned(n) * 40503u;
            requests.push_back({ int(x % unsigned(heads + 1)) - 1, int((x >> 8) % unsigned(lq)),
                int((x >> 16) % unsigned(lk)) });
        }
    }
    for (const ExplainRequest &q : requests) {
        if (checkExplainRequest(s, q)) {
            c.fail(QStringLiteral("request %1/%2/%3 refused").arg(q.head).arg(q.query).arg(q.key));
            return;
        }
        const WeightExplanation e = explainWeight(s, r, q);
        const bool seen = r.visible(q.query, q.key);
        if (e.head != q.head || e.query != q.query || e.key != q.key || e.dK != r.dK
            || e.scale != r.scale || e.masked == seen
            || e.fullyMaskedRow != !r.visible.row(q.query).any()
            || e.heads.size() != (q.head == ExplainRequest::meanOfHeads ? size_t(heads) : 1u)
            || e.keyTokens != s.keyValueSequence().tokens
            || e.queryToken != s.querySequence().tokens[q.query]
            || e.keyToken != s.keyValueSequence().tokens[q.key]
            || e.scaleMode != s.attention.config.scale.mode || !std::isfinite(e.weight))
            return c.fail(QStringLiteral("the header of %1/%2/%3 is wrong")
                              .arg(q.head)
                              .arg(q.query)
                              .arg(q.key));
        Ld sum = 0;
        for (const HeadWeightDerivation &d : e.heads) {
            checkHead(c, d, r, q.query, q.key);
            sum += d.weight;
        }
        if (e.isMean()) {
            c.check(QStringLiteral("mean weight"), q.query, q.key, e.weight, sum / heads, 1);
            c.check(QStringLiteral("mean weight vs compute"), q.query, q.key, e.weight,
                r.meanWeights(q.query, q.key), 1);
        } else {
            c.exact(QStringLiteral("weight"), q.query, q.key, e.weight, e.heads.front().weight);
        }
        if (!c.failure().isEmpty())
            return;
    }
}

} // namespace

/// Tests explainWeight() against the definitions on random and extreme sessions.
class TestExplainProperties : public QObject
{
    Q_OBJECT

private slots:
    void randomSessions_data();
    void randomSessions();
    void extremeSessions_data();
    void extremeSessions();
    void cleanupTestCase();

private:
    double m_worst = 0.0;
};

void TestExplainProperties::randomSessions_data()
{
    QTest::addColumn<int>("index");
    const int count = propertyCaseCount(defaultCases);
    for (int i = 0; i < count; ++i)
        QTest::newRow(qPrintable(randomPropertyCase(i).description)) << i;
}

void TestExplainProperties::randomSessions()
{
    QFETCH(int, index);
    const PropertyCase pc = randomPropertyCase(index);
    QVERIFY(!validateSession(pc.session));
    PropertyComparer c;
    checkSession(c, pc.session, index);
    m_worst = std::max(m_worst, c.worst());
    QVERIFY2(c.failure().isEmpty(), qPrintable(c.failure()));
}

void TestExplainProperties::extremeSessions_data()
{
    QTest::addColumn<int>("index");
    const std::vector<PropertyCase> cases = extremePropertyCases();
    for (size_t i = 0; i < cases.size(); ++i)
        QTest::newRow(qPrintable(cases[i].description)) << int(i);
}

void TestExplainProperties::extremeSessions()
{
    QFETCH(int, index);
    const PropertyCase pc = extremePropertyCases()[size_t(index)];
    QVERIFY(!validateSession(pc.session));
    PropertyComparer c;
    checkSession(c, pc.session, index);
    m_worst = std::max(m_worst, c.worst());
    QVERIFY2(c.failure().isEmpty(), qPrintable(c.failure()));
}

void TestExplainProperties::cleanupTestCase()
{
    qInfo("worst error: %.3g of the terms' size (tolerance %.0e)", m_worst,
        PropertyComparer::tolerance);
}

QTEST_MAIN(TestExplainProperties)
#include "tst_explainproperties.moc"
