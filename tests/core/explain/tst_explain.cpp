// SPDX-License-Identifier: GPL-3.0-or-later
// The explanation of one weight (core/explain/explain, explainjson, explaintext) against compute,
// the PyTorch reference cases and sums written out in long double.

#include "testsupport.h"

#include "explain/explain.h"
#include "explain/explainjson.h"
#include "explain/explaintext.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"

#include <QJsonArray>
#include <QtTest>
#include <cmath>

using namespace ae;

namespace {

Session loadCase(const QString &name)
{
    const SessionLoadResult loaded = loadSessionFile(
        test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    return loaded.ok() ? loaded.session : Session();
}

/// The spec example with causal masking and source token 0 padded: query 0 ("i") sees no
/// key, query 1 sees only key 1.
Session fullyMaskedExample()
{
    QJsonObject root = test::specExampleObject();
    root = test::withValue(root, QStringLiteral("attention.causal"), true);
    root = test::withValue(
        root, QStringLiteral("source.padding"), QJsonArray { true, false, false, false });
    const SessionLoadResult loaded = sessionFromJson(test::toBytes(root));
    return loaded.ok() ? loaded.session : Session();
}

} // namespace

/// Tests explainWeight() and its JSON, Markdown and LaTeX forms.
class TestExplain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyWeightAgreesWithComputeAndReference_data();
    void everyWeightAgreesWithComputeAndReference();
    void handArithmeticMatchesLongDouble();
    void maskedKeyAndFullyMaskedRow();
    void jsonHasTheDocumentedFields();
    void textsShowEveryTermAndTheWeight_data();
    void textsShowEveryTermAndTheWeight();
    void outOfRangeRequestsAreRefused_data();
    void outOfRangeRequestsAreRefused();
    void formatFixedDropsTheSignOfZero();
    void latexForPdflatex();
};

void TestExplain::initTestCase()
{
    QVERIFY(test::referenceCaseNames().size() >= 11);
    QCOMPARE(fullyMaskedExample().source.length(), 4);
}

void TestExplain::everyWeightAgreesWithComputeAndReference_data()
{
    QTest::addColumn<QString>("caseName");
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestExplain::everyWeightAgreesWithComputeAndReference()
{
    QFETCH(QString, caseName);
    const Session s = loadCase(caseName);
    QVERIFY(s.source.length() > 0);
    const QJsonObject expected = test::readJsonObject(
        test::referenceCasesDir() + QLatin1Char('/') + caseName + QStringLiteral(".expected.json"));
    const QJsonArray heads = expected.value(QStringLiteral("heads")).toArray();
    // A result of its own, as `compute` gets in another process; explainWeight(session, request)
    // computes the session again, as `explain` does.
    const AttentionResult r = computeSession(s);
    const int lq = s.querySequence().length();
    const int lk = s.keyValueSequence().length();
    for (int h = -1; h < s.attention.config.heads; ++h) {
        for (int i = 0; i < lq; ++i) {
            for (int j = 0; j < lk; ++j) {
                const WeightExplanation e = explainWeight(s, { h, i, j });
                const QString where = QStringLiteral("head %1 [%2][%3]").arg(h).arg(i).arg(j);
                const double computed
                    = h < 0 ? r.meanWeights(i, j) : r.heads[size_t(h)].weights(i, j);
                // Bit for bit: the README promises explain's weight equals compute's.
                QVERIFY2(e.weight == computed,
                    qPrintable(where
                        + QStringLiteral(": %1 vs %2")
                              .arg(e.weight, 0, 'g', 17)
                              .arg(computed, 0, 'g', 17)));
                if (h >= 0) {
                    QVERIFY2(e.heads.front().dot == r.dotProducts(h)(i, j), qPrintable(where));
                    QVERIFY2(!e.heads.front().score || *e.heads.front().score == r.scores(h)(i, j),
                        qPrintable(where));
                }
                const QJsonArray torchRows = h < 0
                    ? expected.value(QStringLiteral("mean_weights")).toArray()
                    : heads.at(h).toObject().value(QStringLiteral("weights")).toArray();
                const double torch = torchRows.at(i).toArray().at(j).toDouble();
                QVERIFY2(std::abs(e.weight - torch) <= 1e-9, qPrintable(where));
                if (h < 0)
                    continue;
                const QJsonValue score = heads.at(h)
                                             .toObject()
                                             .value(QStringLiteral("scores"))
                                             .toArray()
                                             .at(i)
                                             .toArray()
                                             .at(j);
                QCOMPARE(e.heads.front().score.has_value(), !score.isNull());
                if (e.heads.front().score)
                    QVERIFY2(std::abs(*e.heads.front().score - score.toDouble()) <= 1e-9,
                        qPrintable(where));
            }
        }
    }
}

void TestExplain::handArithmeticMatchesLongDouble()
{
    // The spec example uses identity projections, so head h's q and k are columns
    // [h d_k, (h+1) d_k) of the embeddings themselves.
    const Session s = sessionFromJson(test::specExampleJson()).session;
    const WeightExplanation e = explainWeight(s, { 1, 0, 2 });
    const Eigen::MatrixXd &y = s.target.embeddings;
    const Eigen::MatrixXd &x = s.source.embeddings;
    const int dK = 2;
    long double scores[4];
    long double best = -1e300L;
    for (int j = 0; j < 4; ++j) {
        long double dot = 0;
        for (int m = 0; m < dK; ++m)
            dot += static_cast<long double>(y(0, dK + m)) * x(j, dK + m);
        scores[j] = dot / std::sqrt(2.0L);
        best = std::max(best, scores[j]);
    }
    long double sum = 0;
    for (long double sc : scores)
        sum += std::exp(sc - best);
    const long double weight = std::exp(scores[2] - best) / sum;

    QCOMPARE(e.dK, dK);
    QCOMPARE(e.queryToken, QStringLiteral("i"));
    QCOMPARE(e.keyToken, QStringLiteral("深度"));
    const HeadWeightDerivation &d = e.heads.front();
    for (int m = 0; m < dK; ++m) {
        QCOMPARE(d.q(m), y(0, dK + m));
        QCOMPARE(d.k(m), x(2, dK + m));
        QVERIFY(std::abs(d.products(m) - y(0, dK + m) * x(2, dK + m)) <= 1e-15);
    }
    QVERIFY(std::abs(static_cast<long double>(*d.score) - scores[2]) <= 1e-14L);
    QVERIFY(std::abs(static_cast<long double>(*d.rowMax) - best) <= 1e-14L);
    QVERIFY(std::abs(static_cast<long double>(d.rowSum) - sum) <= 1e-14L);
    QVERIFY(std::abs(static_cast<long double>(e.weight) - weight) <= 1e-14L);
}

void TestExplain::maskedKeyAndFullyMaskedRow()
{
    const Session s = fullyMaskedExample();
    const AttentionResult r = computeSession(s);
    QCOMPARE(r.fullyMaskedRows, std::vector<int> { 0 });

    const WeightExplanation row0 = explainWeight(s, r, { 0, 0, 1 });
    QVERIFY(row0.fullyMaskedRow);
    QVERIFY(row0.masked); // causal: query 0 may not see key 1
    QVERIFY(!row0.heads.front().rowMax);
    QCOMPARE(row0.heads.front().rowSum, 0.0);
    QCOMPARE(row0.weight, 0.0);
    const QJsonObject json0 = explanationToJson(row0);
    QVERIFY(json0.value(QStringLiteral("row_max")).isNull());
    QVERIFY(json0.value(QStringLiteral("score")).isNull());
    QCOMPARE(json0.value(QStringLiteral("row_sum")).toDouble(-1), 0.0);
    QCOMPARE(json0.value(QStringLiteral("weight")).toDouble(-1), 0.0);

    // Query 1 sees key 1 only: key 0 is padding, keys 2 and 3 are in the future.
    const WeightExplanation padded = explainWeight(s, r, { ExplainRequest::meanOfHeads, 1, 0 });
    QVERIFY(padded.masked);
    QVERIFY(!padded.fullyMaskedRow);
    QCOMPARE(padded.heads.size(), size_t(2));
    for (const HeadWeightDerivation &d : padded.heads) {
        QVERIFY(!d.score);
        QCOMPARE(d.rowVisible, (std::vector<bool> { false, true, false, false }));
        QCOMPARE(d.rowExp(0), 0.0);
        QCOMPARE(d.rowExp(1), 1.0);
        QCOMPARE(d.rowSum, 1.0);
        QCOMPARE(d.weight, 0.0);
    }
    const QJsonArray rowScores = explanationToJson(padded)
                                     .value(QStringLiteral("heads"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("row_scores"))
                                     .toArray();
    QCOMPARE(rowScores.size(), 4);
    QVERIFY(rowScores.at(0).isNull() && !rowScores.at(1).isNull() && rowScores.at(2).isNull());
    QCOMPARE(explainWeight(s, r, { 1, 1, 1 }).weight, 1.0);
    QVERIFY(explanationToMarkdown(padded).contains(QStringLiteral("masked")));
}

void TestExplain::jsonHasTheDocumentedFields()
{
    const Session s = loadCase(QStringLiteral("seed-cross-2heads"));
    const QJsonObject o = explanationToJson(explainWeight(s, { 1, 1, 3 }));
    for (const char *field :
        { "head", "query", "key", "query_token", "key_token", "d_k", "scale", "q", "k", "products",
            "dot", "masked", "score", "row_scores", "row_max", "row_exp", "row_sum", "weight" })
        QVERIFY2(o.contains(QLatin1String(field)), field);
    QCOMPARE(o.value(QStringLiteral("head")).toInt(), 1);
    QCOMPARE(o.value(QStringLiteral("key_token")).toString(), QStringLiteral("学习"));
    QCOMPARE(o.value(QStringLiteral("scale")).toDouble(), std::sqrt(2.0));
    const QJsonArray products = o.value(QStringLiteral("products")).toArray();
    QCOMPARE(products.size(), 2);
    QCOMPARE(o.value(QStringLiteral("dot")).toDouble(),
        products.at(0).toDouble() + products.at(1).toDouble());
    QCOMPARE(o.value(QStringLiteral("row_exp")).toArray().size(), 4);

    const QJsonObject mean
        = explanationToJson(explainWeight(s, { ExplainRequest::meanOfHeads, 0, 1 }));
    QCOMPARE(mean.value(QStringLiteral("head")).toString(), QStringLiteral("mean"));
    const QJsonArray heads = mean.value(QStringLiteral("heads")).toArray();
    QCOMPARE(heads.size(), 2);
    QCOMPARE(mean.value(QStringLiteral("weight")).toDouble(),
        (heads.at(0).toObject().value(QStringLiteral("weight")).toDouble()
            + heads.at(1).toObject().value(QStringLiteral("weight")).toDouble())
            / 2);
}

void TestExplain::textsShowEveryTermAndTheWeight_data()
{
    QTest::addColumn<bool>("latex");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("decimals");
    QTest::newRow("markdown head 0") << false << 0 << 4;
    QTest::newRow("markdown mean, 6 decimals") << false << int(ExplainRequest::meanOfHeads) << 6;
    QTest::newRow("latex head 1") << true << 1 << 4;
    QTest::newRow("latex mean, 3 decimals") << true << int(ExplainRequest::meanOfHeads) << 3;
}

void TestExplain::textsShowEveryTermAndTheWeight()
{
    QFETCH(bool, latex);
    QFETCH(int, head);
    QFETCH(int, decimals);
    const Session s = loadCase(QStringLiteral("seed-cross-2heads"));
    const WeightExplanation e = explainWeight(s, { head, 0, 1 });
    ExplainTextOptions options;
    options.decimals = decimals;
    const QString text = latex ? explanationToLatex(e, options) : explanationToMarkdown(e, options);
    for (const HeadWeightDerivation &d : e.heads) {
        for (Eigen::Index m = 0; m < d.products.size(); ++m) {
            const QString term = QString::number(d.products(m), 'f', decimals);
            QVERIFY2(text.contains(term), qPrintable(term));
        }
        QVERIFY(text.contains(QString::number(d.dot, 'f', decimals)));
        QVERIFY(text.contains(QString::number(d.rowSum, 'f', decimals)));
        QVERIFY(text.contains(QString::number(d.weight, 'f', decimals)));
    }
    const QString weight = QString::number(e.weight, 'f', decimals);
    QVERIFY2(text.contains(latex ? QStringLiteral("\\mathbf{") + weight + QLatin1Char('}')
                                 : QStringLiteral("**") + weight + QStringLiteral("**")),
        qPrintable(weight));
    QVERIFY(text.contains(QStringLiteral("爱")));
    if (latex)
        QVERIFY(text.contains(QStringLiteral("\\begin{tabular}")));
    else
        QVERIFY(text.contains(QStringLiteral("|---:")));
}

void TestExplain::outOfRangeRequestsAreRefused_data()
{
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("path");
    QTest::newRow("head past the last") << 2 << 0 << 0 << QStringLiteral("head");
    QTest::newRow("negative head") << -2 << 0 << 0 << QStringLiteral("head");
    QTest::newRow("query past the last") << 0 << 2 << 0 << QStringLiteral("query");
    QTest::newRow("negative key") << 0 << 0 << -1 << QStringLiteral("key");
    QTest::newRow("key past the last")
        << ExplainRequest::meanOfHeads << 1 << 4 << QStringLiteral("key");
    QTest::newRow("last of everything") << 1 << 1 << 3 << QString();
    QTest::newRow("mean of the heads") << int(ExplainRequest::meanOfHeads) << 1 << 3 << QString();
}

void TestExplain::outOfRangeRequestsAreRefused()
{
    QFETCH(int, head);
    QFETCH(int, query);
    QFETCH(int, key);
    QFETCH(QString, path);
    const Session s = sessionFromJson(test::specExampleJson()).session;
    const auto error = checkExplainRequest(s, { head, query, key });
    QCOMPARE(error.has_value(), !path.isEmpty());
    if (error) {
        QCOMPARE(error->path, path);
        QVERIFY2(
            error->message.contains(QStringLiteral("outside 0..")), qPrintable(error->message));
    }
}

void TestExplain::formatFixedDropsTheSignOfZero()
{
    QCOMPARE(formatFixed(-0.00001, 4), QStringLiteral("0.0000"));
    QCOMPARE(formatFixed(-0.0, 0), QStringLiteral("0"));
    QCOMPARE(formatFixed(-0.5, 2), QStringLiteral("-0.50"));
    QCOMPARE(formatFixed(-10.0, 1), QStringLiteral("-10.0"));
    QCOMPARE(formatFixed(1.23456, 3), QStringLiteral("1.235"));
}

QTEST_MAIN(TestExplain)
void TestExplain::latexForPdflatex()
{
    // pdflatex's default OT1 encoding prints <, > and | as ¡, ¿ and an em dash.
    QCOMPARE(escapeLatexText(QStringLiteral("<s> a|b x_y $5 50% #1 {}")),
        QStringLiteral("\\textless{}s\\textgreater{} a\\textbar{}b x\\_y \\$5 50\\% \\#1 \\{\\}"));
    QVERIFY(needsCjkSupport(QStringLiteral("深度")));
    QVERIFY(needsCjkSupport(QStringLiteral("a かな")));
    QVERIFY(!needsCjkSupport(QStringLiteral("<s> café")));

    // The masked weight keeps a space before its parenthesis in math mode; the CJK note appears
    // only with CJK tokens (the spec example's source is Chinese).
    const Session s = fullyMaskedExample();
    const QString masked = explanationToLatex(explainWeight(s, { 0, 1, 2 }));
    QVERIFY2(masked.contains(QStringLiteral("\\mathbf{0.0000}\\  (\\text{masked})")),
        qPrintable(masked));
    QVERIFY(masked.contains(QStringLiteral("xeCJK")));
    QVERIFY(masked.contains(QStringLiteral("ctex")));
    Session latin = s;
    latin.source.tokens = QStringList { QStringLiteral("a"), QStringLiteral("b"),
        QStringLiteral("c"), QStringLiteral("d") };
    QVERIFY(
        !explanationToLatex(explainWeight(latin, { 0, 1, 2 })).contains(QStringLiteral("xeCJK")));
}

#include "tst_explain.moc"
