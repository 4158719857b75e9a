// SPDX-License-Identifier: GPL-3.0-or-later
// Properties of computeAttention() over many seeded random configurations, each checked against
// an independent implementation written here with plain loops, plus hand-computed cases.

#include "attention/attention.h"
#include "attention/projections.h"
#include "session/sessionlimits.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace ae;

namespace {

/// How many random configurations each property is checked on.
constexpr int configCount = 200;

/// One random attention problem.
struct RandomCase
{
    Eigen::MatrixXd xq, xkv;
    std::vector<bool> padding;
    AttentionConfig config;
    Projections projections; ///< materialized: Identity or Explicit with full biases
    QString description;
};

/// Builds configuration @p index from its own seed. @p forceIdentity and @p forbidCausal narrow
/// the draw for the properties that need it.
RandomCase makeCase(int index, bool forceIdentity = false, bool forbidCausal = false)
{
    std::mt19937_64 gen(0x5eed0000ULL + static_cast<unsigned>(index));
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); };
    auto chance = [&](double p) { return std::bernoulli_distribution(p)(gen); };
    RandomCase c;
    const int heads = pick(1, 4);
    const int dK = pick(1, 4);
    c.config.heads = heads;
    c.config.dModel = heads * dK;
    const int projectionKind = forceIdentity ? 0 : pick(0, 2);
    const int dq = projectionKind == 0 ? c.config.dModel : pick(1, 7);
    const int dkv = projectionKind == 0 ? c.config.dModel : pick(1, 7);
    const int lq = pick(1, 8);
    const int lk = pick(1, 8);
    switch (pick(0, 2)) {
    case 0:
        c.config.scale.mode = ScaleMode::SqrtDk;
        break;
    case 1:
        c.config.scale.mode = ScaleMode::None;
        break;
    default:
        c.config.scale.mode = ScaleMode::Custom;
        c.config.scale.divisor = std::uniform_real_distribution<double>(0.05, 4.0)(gen);
        break;
    }
    c.config.causal = !forbidCausal && chance(0.5);
    if (chance(0.4)) {
        for (int j = 0; j < lk; ++j)
            c.padding.push_back(chance(0.35));
    }
    const double sigma = std::array<double, 3> { 0.3, 1.0, 4.0 }[static_cast<size_t>(pick(0, 2))];
    std::normal_distribution<double> normal(0.0, sigma);
    c.xq.resize(lq, dq);
    c.xkv.resize(lk, dkv);
    for (Eigen::Index i = 0; i < c.xq.size(); ++i)
        c.xq.data()[i] = normal(gen);
    for (Eigen::Index i = 0; i < c.xkv.size(); ++i)
        c.xkv.data()[i] = normal(gen);

    const char *kindName = "identity";
    if (projectionKind == 1) {
        Projections spec;
        spec.mode = ProjectionMode::Random;
        spec.seed = gen();
        c.projections = materializeProjections(spec, dq, dkv, c.config.dModel);
        kindName = "random";
    } else if (projectionKind == 2) {
        std::normal_distribution<double> unit(0.0, 0.7);
        auto fill = [&](Eigen::Index rows, Eigen::Index cols) {
            Eigen::MatrixXd m(rows, cols);
            for (Eigen::Index i = 0; i < m.size(); ++i)
                m.data()[i] = unit(gen);
            return m;
        };
        Projections spec;
        spec.mode = ProjectionMode::Explicit;
        spec.wq = fill(dq, c.config.dModel);
        spec.wk = fill(dkv, c.config.dModel);
        spec.wv = fill(dkv, c.config.dModel);
        spec.wo = fill(c.config.dModel, c.config.dModel);
        // Some biases given, some left empty (zero).
        for (Eigen::RowVectorXd *b : { &spec.bq, &spec.bk, &spec.bv, &spec.bo }) {
            if (chance(0.6))
                *b = fill(1, c.config.dModel);
        }
        c.projections = materializeProjections(spec, dq, dkv, c.config.dModel);
        kindName = "explicit";
    }
    c.description
        = QStringLiteral("config %1: Lq %2, Lk %3, dq %4, dkv %5, %6 heads of %7, %8%9%10")
              .arg(index, 3, 10, QLatin1Char('0'))
              .arg(lq)
              .arg(lk)
              .arg(dq)
              .arg(dkv)
              .arg(heads)
              .arg(dK)
              .arg(QLatin1String(kindName))
              .arg(c.config.causal ? QStringLiteral(", causal") : QString())
              .arg(c.padding.empty() ? QString() : QStringLiteral(", padded"));
    return c;
}

/// The attention math of the spec, written with plain loops and nothing from the core.
struct LoopResult
{
    Eigen::MatrixXd q, k, v, concat, output, mean;
    std::vector<Eigen::MatrixXd> scores, weights, outputs;
    std::vector<std::vector<bool>> visible;
    std::vector<int> fullyMasked;
};

/// x W + b with loops, or x itself for identity.
Eigen::MatrixXd loopProject(const Eigen::MatrixXd &x, const Projections &p,
    const Eigen::MatrixXd &w, const Eigen::RowVectorXd &b)
{
    if (p.mode == ProjectionMode::Identity)
        return x;
    Eigen::MatrixXd y(x.rows(), w.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (Eigen::Index c = 0; c < w.cols(); ++c) {
            double sum = b.size() ? b(c) : 0.0;
            for (Eigen::Index a = 0; a < x.cols(); ++a)
                sum += x(i, a) * w(a, c);
            y(i, c) = sum;
        }
    }
    return y;
}

LoopResult loopAttention(const RandomCase &c)
{
    LoopResult r;
    const AttentionConfig &cfg = c.config;
    const int lq = static_cast<int>(c.xq.rows());
    const int lk = static_cast<int>(c.xkv.rows());
    const int dK = cfg.dModel / cfg.heads;
    const double s = cfg.scale.mode == ScaleMode::SqrtDk ? std::sqrt(double(dK))
        : cfg.scale.mode == ScaleMode::None              ? 1.0
                                                         : cfg.scale.divisor;
    const Projections &p = c.projections;
    r.q = loopProject(c.xq, p, p.wq, p.bq);
    r.k = loopProject(c.xkv, p, p.wk, p.bk);
    r.v = loopProject(c.xkv, p, p.wv, p.bv);
    r.visible.assign(static_cast<size_t>(lq), std::vector<bool>(static_cast<size_t>(lk)));
    for (int i = 0; i < lq; ++i) {
        bool any = false;
        for (int j = 0; j < lk; ++j) {
            const bool padded = !c.padding.empty() && c.padding[static_cast<size_t>(j)];
            const bool seen = (!cfg.causal || j <= i) && !padded;
            r.visible[static_cast<size_t>(i)][static_cast<size_t>(j)] = seen;
            any = any || seen;
        }
        if (!any)
            r.fullyMasked.push_back(i);
    }
    r.concat = Eigen::MatrixXd::Zero(lq, cfg.dModel);
    r.mean = Eigen::MatrixXd::Zero(lq, lk);
    for (int h = 0; h < cfg.heads; ++h) {
        Eigen::MatrixXd sc(lq, lk), w = Eigen::MatrixXd::Zero(lq, lk), o(lq, dK);
        for (int i = 0; i < lq; ++i) {
            for (int j = 0; j < lk; ++j) {
                double dot = 0.0;
                for (int t = h * dK; t < (h + 1) * dK; ++t)
                    dot += r.q(i, t) * r.k(j, t);
                sc(i, j) = dot / s;
            }
            double top = -HUGE_VAL;
            for (int j = 0; j < lk; ++j)
                if (r.visible[size_t(i)][size_t(j)])
                    top = std::max(top, sc(i, j));
            double sum = 0.0;
            for (int j = 0; j < lk; ++j)
                if (r.visible[size_t(i)][size_t(j)])
                    sum += std::exp(sc(i, j) - top);
            for (int j = 0; j < lk; ++j)
                if (r.visible[size_t(i)][size_t(j)])
                    w(i, j) = std::exp(sc(i, j) - top) / sum;
            for (int t = 0; t < dK; ++t) {
                double acc = 0.0;
                for (int j = 0; j < lk; ++j)
                    acc += w(i, j) * r.v(j, h * dK + t);
                o(i, t) = acc;
                r.concat(i, h * dK + t) = acc;
            }
        }
        r.scores.push_back(sc);
        r.weights.push_back(w);
        r.outputs.push_back(o);
        r.mean += w / cfg.heads;
    }
    r.output = p.mode == ProjectionMode::Identity ? r.concat : loopProject(r.concat, p, p.wo, p.bo);
    return r;
}

/// |a - b| relative to the size of the numbers involved.
double closeness(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return HUGE_VAL;
    if (a.size() == 0)
        return 0.0;
    return (a - b).cwiseAbs().maxCoeff() / (1.0 + b.cwiseAbs().maxCoeff());
}

AttentionResult compute(const RandomCase &c)
{
    return computeAttention(c.xq, c.xkv, c.padding, c.config, c.projections);
}

} // namespace

/// Tests the properties the spec promises for any configuration.
class TestAttentionProperties : public QObject
{
    Q_OBJECT

private slots:
    void matchesIndependentLoops_data();
    void matchesIndependentLoops();
    void rowsSumToOneOrAreFullyMasked_data();
    void rowsSumToOneOrAreFullyMasked();
    void meanIsSumOverHeadsByH_data();
    void meanIsSumOverHeadsByH();
    void permutingKeysPermutesColumns_data();
    void permutingKeysPermutesColumns();
    void identityProjectionsPassInputsThrough_data();
    void identityProjectionsPassInputsThrough();
    void handComputedOneHead_data();
    void handComputedOneHead();
    void fullyMaskedRowGivesZeroHeadsAndBias();
    void extremeValidInputsStayFinite_data();
    void extremeValidInputsStayFinite();

private:
    static void addConfigRows(bool forceIdentity, bool forbidCausal);
};

void TestAttentionProperties::addConfigRows(bool forceIdentity, bool forbidCausal)
{
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("forceIdentity");
    QTest::addColumn<bool>("forbidCausal");
    const int count = forceIdentity ? configCount / 4 : configCount;
    for (int i = 0; i < count; ++i) {
        const RandomCase c = makeCase(i, forceIdentity, forbidCausal);
        QTest::newRow(qPrintable(c.description)) << i << forceIdentity << forbidCausal;
    }
}

void TestAttentionProperties::matchesIndependentLoops_data()
{
    addConfigRows(false, false);
}

void TestAttentionProperties::matchesIndependentLoops()
{
    QFETCH(int, index);
    const RandomCase c = makeCase(index);
    const AttentionResult r = compute(c);
    const LoopResult e = loopAttention(c);
    const double tol = 1e-12;
    QVERIFY(closeness(r.q, e.q) < tol);
    QVERIFY(closeness(r.k, e.k) < tol);
    QVERIFY(closeness(r.v, e.v) < tol);
    QCOMPARE(r.dK, c.config.dModel / c.config.heads);
    QCOMPARE(static_cast<int>(r.heads.size()), c.config.heads);
    for (int i = 0; i < r.visible.rows(); ++i)
        for (int j = 0; j < r.visible.cols(); ++j)
            QCOMPARE(r.visible(i, j), bool(e.visible[size_t(i)][size_t(j)]));
    for (size_t h = 0; h < r.heads.size(); ++h) {
        QVERIFY2(closeness(r.scores(int(h)), e.scores[h]) < tol, qPrintable(QString::number(h)));
        QVERIFY(closeness(r.heads[h].weights, e.weights[h]) < tol);
        QVERIFY(closeness(r.heads[h].output, e.outputs[h]) < tol);
    }
    QVERIFY(closeness(r.concat, e.concat) < tol);
    QVERIFY(closeness(r.output, e.output) < tol);
    QVERIFY(closeness(r.meanWeights, e.mean) < tol);
    QCOMPARE(r.fullyMaskedRows, e.fullyMasked);
}

void TestAttentionProperties::rowsSumToOneOrAreFullyMasked_data()
{
    addConfigRows(false, false);
}

void TestAttentionProperties::rowsSumToOneOrAreFullyMasked()
{
    QFETCH(int, index);
    const RandomCase c = makeCase(index);
    const AttentionResult r = compute(c);
    // The expected list of fully masked rows, from the definition: no key visible.
    std::vector<int> expectedMasked;
    for (int i = 0; i < c.xq.rows(); ++i) {
        bool any = false;
        for (int j = 0; j < c.xkv.rows(); ++j)
            any = any
                || ((!c.config.causal || j <= i) && !(!c.padding.empty() && c.padding[size_t(j)]));
        if (!any)
            expectedMasked.push_back(i);
    }
    QCOMPARE(r.fullyMaskedRows, expectedMasked);

    std::vector<const Eigen::MatrixXd *> all { &r.meanWeights };
    for (const HeadResult &h : r.heads)
        all.push_back(&h.weights);
    for (const Eigen::MatrixXd *w : all) {
        QVERIFY(w->allFinite());
        for (Eigen::Index i = 0; i < w->rows(); ++i) {
            const bool masked = std::find(expectedMasked.begin(), expectedMasked.end(), int(i))
                != expectedMasked.end();
            if (masked) {
                QVERIFY((w->row(i).array() == 0.0).all()); // exactly zero
                continue;
            }
            QVERIFY2(std::abs(w->row(i).sum() - 1.0) < 1e-12,
                qPrintable(
                    QStringLiteral("row %1 sums to %2").arg(i).arg(w->row(i).sum(), 0, 'g', 17)));
            for (Eigen::Index j = 0; j < w->cols(); ++j) {
                QVERIFY((*w)(i, j) >= 0.0);
                if (!r.visible(i, j))
                    QCOMPARE((*w)(i, j), 0.0);
            }
        }
    }
    for (int head = 0; head < int(r.heads.size()); ++head)
        QVERIFY(r.dotProducts(head).allFinite());
    for (const HeadResult &h : r.heads) {
        QVERIFY(h.output.allFinite() && h.entropy.allFinite());
        for (Eigen::Index i = 0; i < h.entropy.size(); ++i) {
            const double seen = r.visible.row(i).count();
            QVERIFY(h.entropy(i) >= 0.0);
            QVERIFY(h.entropy(i) <= std::log(std::max(1.0, seen)) + 1e-12);
        }
    }
    QVERIFY(r.output.allFinite() && r.concat.allFinite() && r.meanEntropy.allFinite());
}

void TestAttentionProperties::meanIsSumOverHeadsByH_data()
{
    addConfigRows(false, false);
}

void TestAttentionProperties::meanIsSumOverHeadsByH()
{
    QFETCH(int, index);
    const RandomCase c = makeCase(index);
    const AttentionResult r = compute(c);
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(r.meanWeights.rows(), r.meanWeights.cols());
    for (const HeadResult &h : r.heads)
        sum += h.weights;
    QVERIFY((r.meanWeights - sum / c.config.heads).cwiseAbs().maxCoeff() < 1e-15);
    // Its entropy is the entropy of the averaged row.
    for (Eigen::Index i = 0; i < r.meanWeights.rows(); ++i) {
        double h = 0.0;
        for (Eigen::Index j = 0; j < r.meanWeights.cols(); ++j) {
            const double p = r.meanWeights(i, j);
            if (p > 0)
                h -= p * std::log(p);
        }
        QVERIFY(std::abs(r.meanEntropy(i) - h) < 1e-12);
    }
}

void TestAttentionProperties::permutingKeysPermutesColumns_data()
{
    addConfigRows(false, true);
}

void TestAttentionProperties::permutingKeysPermutesColumns()
{
    QFETCH(int, index);
    const RandomCase c = makeCase(index, false, true);
    std::vector<int> perm(static_cast<size_t>(c.xkv.rows()));
    std::iota(perm.begin(), perm.end(), 0);
    std::mt19937_64 gen(static_cast<unsigned>(index) * 31u + 7u);
    std::shuffle(perm.begin(), perm.end(), gen);

    // Key j of the permuted problem is key perm[j] of the original, padding included.
    RandomCase p = c;
    for (size_t j = 0; j < perm.size(); ++j) {
        p.xkv.row(Eigen::Index(j)) = c.xkv.row(perm[j]);
        if (!c.padding.empty())
            p.padding[j] = c.padding[size_t(perm[j])];
    }
    const AttentionResult a = compute(c);
    const AttentionResult b = compute(p);
    for (size_t h = 0; h < a.heads.size(); ++h) {
        const Eigen::MatrixXd aScores = a.scores(int(h));
        const Eigen::MatrixXd bScores = b.scores(int(h));
        for (Eigen::Index i = 0; i < a.heads[h].weights.rows(); ++i) {
            for (size_t j = 0; j < perm.size(); ++j) {
                QVERIFY(std::abs(
                            b.heads[h].weights(i, Eigen::Index(j)) - a.heads[h].weights(i, perm[j]))
                    < 1e-14);
                QVERIFY(std::abs(bScores(i, Eigen::Index(j)) - aScores(i, perm[j])) < 1e-12);
            }
        }
    }
    for (Eigen::Index i = 0; i < a.meanWeights.rows(); ++i)
        for (size_t j = 0; j < perm.size(); ++j)
            QVERIFY(
                std::abs(b.meanWeights(i, Eigen::Index(j)) - a.meanWeights(i, perm[j])) < 1e-14);
    // A weighted sum does not depend on the order of its terms: outputs stay (up to rounding).
    QVERIFY(closeness(b.output, a.output) < 1e-12);
    QCOMPARE(b.fullyMaskedRows, a.fullyMaskedRows);
}

void TestAttentionProperties::identityProjectionsPassInputsThrough_data()
{
    addConfigRows(true, false);
}

void TestAttentionProperties::identityProjectionsPassInputsThrough()
{
    QFETCH(int, index);
    const RandomCase c = makeCase(index, true);
    QCOMPARE(c.projections.mode, ProjectionMode::Identity);
    const AttentionResult r = compute(c);
    QCOMPARE(r.q, c.xq);
    QCOMPARE(r.k, c.xkv);
    QCOMPARE(r.v, c.xkv);
    QCOMPARE(r.output, r.concat);
}

void TestAttentionProperties::handComputedOneHead_data()
{
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("padFirstKey");
    QTest::newRow("open") << false << false;
    QTest::newRow("causal") << true << false;
    QTest::newRow("padding on key 0") << false << true;
}

void TestAttentionProperties::handComputedOneHead()
{
    QFETCH(bool, causal);
    QFETCH(bool, padFirstKey);
    // Queries e1, e2; keys (= values) e1, e2, e1 + e2; d_model 2, one head, scale sqrt(2).
    Eigen::MatrixXd xq(2, 2), xkv(3, 2);
    xq << 1, 0, 0, 1;
    xkv << 1, 0, 0, 1, 1, 1;
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 1;
    config.causal = causal;
    std::vector<bool> padding;
    if (padFirstKey)
        padding = { true, false, false };
    const AttentionResult r = computeAttention(xq, xkv, padding, config, Projections());

    // Every score is 0 or 1/sqrt 2; write a = e^(1/sqrt 2).
    const double c = 1.0 / std::sqrt(2.0);
    const double a = std::exp(c);
    Eigen::MatrixXd scores(2, 3);
    scores << c, 0, c, 0, c, c;
    Eigen::MatrixXd weights(2, 3), output(2, 2);
    if (causal) {
        // Query 0 sees key 0 only; query 1 sees keys 0 and 1 with scores 0 and c.
        weights << 1, 0, 0, 1 / (1 + a), a / (1 + a), 0;
        output << 1, 0, 1 / (1 + a), a / (1 + a);
    } else if (padFirstKey) {
        // Query 0 sees keys 1, 2 with scores 0, c; query 1 with scores c, c.
        weights << 0, 1 / (1 + a), a / (1 + a), 0, 0.5, 0.5;
        output << a / (1 + a), 1, 0.5, 1;
    } else {
        // Query 0: scores c, 0, c -> weights a, 1, a over 2a + 1.
        weights << a / (2 * a + 1), 1 / (2 * a + 1), a / (2 * a + 1), 1 / (2 * a + 1),
            a / (2 * a + 1), a / (2 * a + 1);
        output << 2 * a / (2 * a + 1), (1 + a) / (2 * a + 1), (1 + a) / (2 * a + 1),
            2 * a / (2 * a + 1);
    }
    QCOMPARE(r.dK, 2);
    QVERIFY(std::abs(r.scale - std::sqrt(2.0)) < 1e-15);
    QVERIFY((r.scores(0) - scores).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((r.heads[0].weights - weights).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((r.heads[0].output - output).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((r.output - output).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((r.meanWeights - weights).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(r.fullyMaskedRows.empty());
}

void TestAttentionProperties::fullyMaskedRowGivesZeroHeadsAndBias()
{
    // Causal with the first key padded: query 0 sees nothing.
    Eigen::MatrixXd x(3, 2);
    x << 0.5, -1, 2, 0.25, -0.75, 1;
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 2;
    config.causal = true;
    Projections spec;
    spec.mode = ProjectionMode::Explicit;
    spec.wq = spec.wk = spec.wv = spec.wo = Eigen::MatrixXd::Identity(2, 2) * 2.0;
    spec.bo = (Eigen::RowVectorXd(2) << 0.3, -0.4).finished();
    const Projections p = materializeProjections(spec, 2, 2, 2);
    const AttentionResult r = computeAttention(x, x, { true, false, false }, config, p);
    QCOMPARE(r.fullyMaskedRows, std::vector<int> { 0 });
    for (const HeadResult &h : r.heads) {
        QVERIFY((h.weights.row(0).array() == 0.0).all());
        QVERIFY((h.output.row(0).array() == 0.0).all());
        QCOMPARE(h.entropy(0), 0.0);
    }
    QVERIFY((r.concat.row(0).array() == 0.0).all());
    // Zero head outputs times W_o, plus b_o.
    QCOMPARE(Eigen::RowVectorXd(r.output.row(0)), spec.bo);
    QVERIFY(r.output.allFinite());
}

void TestAttentionProperties::extremeValidInputsStayFinite_data()
{
    QTest::addColumn<double>("magnitude");
    QTest::addColumn<double>("divisor");
    QTest::addColumn<int>("dModel");
    QTest::newRow("1e6 embeddings") << 1e6 << 1.0 << 8;
    QTest::newRow("limit-sized numbers, smallest divisor")
        << limits::maxAbsValue << limits::minScaleDivisor << 64;
    QTest::newRow("limit-sized numbers, widest model")
        << limits::maxAbsValue << limits::minScaleDivisor << limits::maxModelDim;
}

void TestAttentionProperties::extremeValidInputsStayFinite()
{
    QFETCH(double, magnitude);
    QFETCH(double, divisor);
    QFETCH(int, dModel);
    // Alternating signs of the largest allowed size: scores reach ~1e70, logits of both signs.
    Eigen::MatrixXd x(4, dModel);
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = 0; j < x.cols(); ++j)
            x(i, j) = ((i + j) % 3 == 0 ? -magnitude : magnitude) * (j % 2 ? 1.0 : 0.5);
    AttentionConfig config;
    config.dModel = dModel;
    config.heads = 2;
    config.scale.mode = ScaleMode::Custom;
    config.scale.divisor = divisor;
    Projections spec;
    spec.mode = ProjectionMode::Explicit;
    spec.wq = spec.wk = spec.wv = spec.wo = Eigen::MatrixXd::Constant(dModel, dModel, magnitude);
    spec.wq.diagonal() *= -1.0;
    spec.bq = spec.bk = spec.bv = spec.bo = Eigen::RowVectorXd::Constant(dModel, magnitude);
    const AttentionResult r
        = computeAttention(x, x, {}, config, materializeProjections(spec, dModel, dModel, dModel));
    QVERIFY(r.q.allFinite() && r.k.allFinite() && r.v.allFinite());
    for (int head = 0; head < int(r.heads.size()); ++head)
        QVERIFY(r.dotProducts(head).allFinite());
    for (const HeadResult &h : r.heads) {
        QVERIFY(h.weights.allFinite());
        QVERIFY(h.output.allFinite());
        for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
            QVERIFY(std::abs(h.weights.row(i).sum() - 1.0) < 1e-12);
    }
    QVERIFY(r.output.allFinite());
    QVERIFY(r.meanWeights.allFinite());
}

QTEST_MAIN(TestAttentionProperties)
#include "tst_attentionproperties.moc"
