// SPDX-License-Identifier: GPL-3.0-or-later
// Worksheets: every answer agrees with an independent computation and with explain; the same
// seed gives the same bytes; students differ; sheets hold no answers and only one-decimal
// numbers; Chinese sheets use the interface's terms; bad options are refused.

#include "explain/explain.h"
#include "explain/explaintext.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "session/sessionvalidator.h"
#include "worksheet/worksheet.h"
#include "worksheet/worksheetanswers.h"
#include "worksheet/worksheetsheet.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <set>

using namespace ae;

Q_DECLARE_METATYPE(ae::WorksheetConfig)

namespace {

/// One head computed with plain loops in long double, straight from the embeddings (the
/// worksheets use identity projections, so Q, K and V are the embeddings).
struct NaiveHead
{
    std::vector<std::vector<long double>> scores, weights, output;
};

NaiveHead naiveHead(const Session &s, int head, bool scaled)
{
    const Eigen::MatrixXd &xq = s.querySequence().embeddings;
    const Eigen::MatrixXd &xkv = s.keyValueSequence().embeddings;
    const int dK = s.attention.config.dModel / s.attention.config.heads;
    const long double scale = scaled ? std::sqrt(static_cast<long double>(dK)) : 1.0L;
    const auto lq = static_cast<size_t>(xq.rows());
    const auto lk = static_cast<size_t>(xkv.rows());
    NaiveHead n;
    n.scores.assign(lq, std::vector<long double>(lk, 0));
    n.weights = n.scores;
    n.output.assign(lq, std::vector<long double>(static_cast<size_t>(dK), 0));
    for (size_t i = 0; i < lq; ++i) {
        long double max = -INFINITY;
        for (size_t j = 0; j < lk; ++j) {
            long double dot = 0;
            for (int m = 0; m < dK; ++m)
                dot += static_cast<long double>(xq(static_cast<Eigen::Index>(i), head * dK + m))
                    * xkv(static_cast<Eigen::Index>(j), head * dK + m);
            n.scores[i][j] = dot / scale;
            if (!s.attention.config.causal || j <= i)
                max = std::max(max, n.scores[i][j]);
        }
        long double sum = 0;
        for (size_t j = 0; j < lk; ++j) {
            const bool visible = !s.attention.config.causal || j <= i;
            n.weights[i][j] = visible ? std::exp(n.scores[i][j] - max) : 0.0L;
            sum += n.weights[i][j];
        }
        for (size_t j = 0; j < lk; ++j) {
            n.weights[i][j] /= sum;
            for (int m = 0; m < dK; ++m)
                n.output[i][static_cast<size_t>(m)]
                    += n.weights[i][j] * xkv(static_cast<Eigen::Index>(j), head * dK + m);
        }
    }
    return n;
}

WorksheetConfig config(int students, std::uint64_t seed, WorksheetWiring wiring, int tokens,
    int dModel, int heads, bool causal, WorksheetLanguage language = WorksheetLanguage::English)
{
    WorksheetConfig c;
    c.students = students;
    c.seed = seed;
    c.wiring = wiring;
    c.tokens = tokens;
    c.dModel = dModel;
    c.heads = heads;
    c.causal = causal;
    c.language = language;
    return c;
}

QString sheetMarkdown(const StudentWorksheet &w, WorksheetLanguage language)
{
    return worksheetToMarkdown(worksheetSheet(w, language));
}

} // namespace

/// Tests the worksheet generator, its answers and its text.
class TestWorksheet : public QObject
{
    Q_OBJECT

private slots:
    void answersAgree_data();
    void answersAgree();
    void deterministic_data();
    void deterministic();
    void studentsDiffer();
    void sheetHoldsNoAnswer_data();
    void sheetHoldsNoAnswer();
    void latexSpellsTheMath_data();
    void latexSpellsTheMath();
    void chineseTerms();
    void answersJsonShape();
    void refusals_data();
    void refusals();

private:
    void addConfigs();
};

void TestWorksheet::addConfigs()
{
    QTest::addColumn<WorksheetConfig>("config");
    QTest::newRow("defaults") << WorksheetConfig {};
    QTest::newRow("self, causal") << config(12, 7, WorksheetWiring::Self, 3, 2, 1, true);
    QTest::newRow("reverse, 4 tokens, 2 heads")
        << config(12, 8, WorksheetWiring::Reverse, 4, 4, 2, false);
    QTest::newRow("decoder, causal, d_model 8, 2 heads")
        << config(12, 9, WorksheetWiring::Decoder, 4, 8, 2, true);
    QTest::newRow("cross, 2 tokens, d_k 1")
        << config(20, 10, WorksheetWiring::Cross, 2, 2, 2, false);
    QTest::newRow("cross, causal, zh")
        << config(10, 11, WorksheetWiring::Cross, 3, 3, 1, true, WorksheetLanguage::Chinese);
}

void TestWorksheet::answersAgree_data()
{
    addConfigs();
}

void TestWorksheet::answersAgree()
{
    QFETCH(WorksheetConfig, config);
    const auto sheets = makeWorksheets(config);
    QCOMPARE(static_cast<int>(sheets.size()), config.students);
    for (const StudentWorksheet &w : sheets) {
        // The session as a reader of its file sees it.
        const SessionLoadResult loaded = sessionFromJson(sessionToJsonBytes(w.session));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error ? loaded.error->toString() : QString()));
        const Session &s = loaded.session;
        const AttentionResult r = computeSession(s);
        QCOMPARE(static_cast<int>(w.questions.size()), 5);
        for (const WorksheetQuestion &q : w.questions) {
            const NaiveHead n = naiveHead(s, q.head, q.kind != WorksheetQuestionKind::Unscaled);
            const auto qi = static_cast<size_t>(q.query);
            const auto hi = static_cast<size_t>(q.head);
            switch (q.kind) {
            case WorksheetQuestionKind::Score: {
                QVERIFY(std::abs(q.answer - r.scores(int(hi))(q.query, q.key)) <= 1e-12);
                QVERIFY(
                    std::abs(q.answer - static_cast<double>(n.scores[qi][size_t(q.key)])) <= 1e-12);
                const WeightExplanation e = explainWeight(s, r, { q.head, q.query, q.key });
                QVERIFY(e.heads.front().score.has_value());
                QVERIFY(std::abs(q.answer - *e.heads.front().score) <= 1e-12);
                break;
            }
            case WorksheetQuestionKind::Weight:
            case WorksheetQuestionKind::Unscaled: {
                const bool scaled = q.kind == WorksheetQuestionKind::Weight;
                const Session used = scaled ? s : withoutScale(s);
                const WeightExplanation e = explainWeight(used, { q.head, q.query, q.key });
                QVERIFY(!e.masked);
                QVERIFY(std::abs(q.answer - e.weight) <= 1e-12);
                QVERIFY(std::abs(q.answer - static_cast<double>(n.weights[qi][size_t(q.key)]))
                    <= 1e-12);
                if (!scaled)
                    QVERIFY(
                        std::abs(q.scaledWeight - r.heads[hi].weights(q.query, q.key)) <= 1e-12);
                break;
            }
            case WorksheetQuestionKind::Argmax: {
                size_t best = 0;
                int ties = 0;
                for (size_t j = 0; j < n.weights[qi].size(); ++j) {
                    if (n.weights[qi][j] > n.weights[qi][best])
                        best = j;
                }
                for (size_t j = 0; j < n.weights[qi].size(); ++j)
                    ties += std::abs(n.weights[qi][j] - n.weights[qi][best]) < 1e-9L ? 1 : 0;
                QCOMPARE(ties, 1);
                QCOMPARE(static_cast<int>(q.answer), static_cast<int>(best));
                Eigen::Index coreBest = 0;
                r.heads[hi].weights.row(q.query).maxCoeff(&coreBest);
                QCOMPARE(static_cast<int>(q.answer), static_cast<int>(coreBest));
                break;
            }
            case WorksheetQuestionKind::Output:
                QVERIFY(q.dim >= 0 && q.dim < r.dK);
                QVERIFY(std::abs(q.answer - r.heads[hi].output(q.query, q.dim)) <= 1e-12);
                QVERIFY(std::abs(q.answer
                            - static_cast<double>(n.output[qi][static_cast<size_t>(q.dim)]))
                    <= 1e-12);
                break;
            }
        }
        // The derivation ends in the answer, to the decimals shown.
        const QString answers = worksheetToMarkdown(worksheetAnswers(w, config.language));
        for (const WorksheetQuestion &q : w.questions) {
            if (q.kind != WorksheetQuestionKind::Argmax)
                QVERIFY(answers.contains(
                    QStringLiteral("**") + formatFixed(q.answer, 4) + QStringLiteral("**")));
        }
    }
}

void TestWorksheet::deterministic_data()
{
    addConfigs();
}

void TestWorksheet::deterministic()
{
    QFETCH(WorksheetConfig, config);
    const auto a = makeWorksheets(config);
    const auto b = makeWorksheets(config);
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(sessionToJsonBytes(a[i].session), sessionToJsonBytes(b[i].session));
        QCOMPARE(sheetMarkdown(a[i], config.language), sheetMarkdown(b[i], config.language));
        QCOMPARE(worksheetToLatex(worksheetAnswers(a[i], config.language), config.language),
            worksheetToLatex(worksheetAnswers(b[i], config.language), config.language));
    }
    QCOMPARE(QJsonDocument(worksheetAnswersJson(a)).toJson(),
        QJsonDocument(worksheetAnswersJson(b)).toJson());
    // Another seed gives another class.
    WorksheetConfig other = config;
    other.seed += 1;
    QVERIFY(sessionToJsonBytes(makeWorksheets(other).front().session)
        != sessionToJsonBytes(a.front().session));
}

void TestWorksheet::studentsDiffer()
{
    // The smallest exercise (2 tokens, d_model 2) has the fewest distinct embeddings.
    for (const WorksheetConfig &c : { WorksheetConfig {},
             config(worksheetlimits::maxStudents, 3, WorksheetWiring::Self, 2, 2, 1, false) }) {
        const auto sheets = makeWorksheets(c);
        std::set<std::vector<double>> seen;
        for (const StudentWorksheet &w : sheets) {
            QVERIFY(!validateSession(w.session));
            std::vector<double> used;
            for (const Eigen::MatrixXd *m :
                { &w.session.querySequence().embeddings, &w.session.keyValueSequence().embeddings })
                used.insert(used.end(), m->data(), m->data() + m->size());
            QVERIFY2(seen.insert(used).second, qPrintable(QString::number(w.number)));
        }
        QCOMPARE(static_cast<int>(seen.size()), c.students);
    }
}

void TestWorksheet::sheetHoldsNoAnswer_data()
{
    addConfigs();
}

void TestWorksheet::sheetHoldsNoAnswer()
{
    QFETCH(WorksheetConfig, config);
    static const QRegularExpression longNumber(QStringLiteral("\\d\\.\\d\\d"));
    for (const StudentWorksheet &w : makeWorksheets(config)) {
        const WorksheetDocument doc = worksheetSheet(w, config.language);
        const QString markdown = worksheetToMarkdown(doc);
        const QString latex = worksheetToLatex(doc, config.language);
        // Numbers on the sheet have at most one decimal, so no answer can hide in them.
        QVERIFY2(!markdown.contains(longNumber), qPrintable(markdown));
        QVERIFY2(!latex.contains(longNumber), qPrintable(latex));
        for (const WorksheetQuestion &q : w.questions) {
            if (q.kind == WorksheetQuestionKind::Argmax)
                continue;
            for (const int decimals : { 2, 3, 4 }) {
                const QString value = formatFixed(q.answer, decimals);
                QVERIFY2(!markdown.contains(value), qPrintable(value));
                QVERIFY2(!latex.contains(value), qPrintable(value));
            }
        }
        // Every embedding number is there, with one decimal.
        const Eigen::MatrixXd &x = w.session.querySequence().embeddings;
        QVERIFY(markdown.contains(
            QStringLiteral("| ") + formatFixed(x(0, 0), 1) + QStringLiteral(" |")));
    }
}

void TestWorksheet::latexSpellsTheMath_data()
{
    addConfigs();
}

void TestWorksheet::latexSpellsTheMath()
{
    QFETCH(WorksheetConfig, config);
    for (const StudentWorksheet &w : makeWorksheets(config)) {
        for (const WorksheetDocument &doc :
            { worksheetSheet(w, config.language), worksheetAnswers(w, config.language) }) {
            const QString latex = worksheetToLatex(doc, config.language);
            // Math symbols are spelled as LaTeX commands, never left as Unicode text.
            for (const QString &symbol : { QStringLiteral("√"), QStringLiteral("≤"),
                     QStringLiteral("Σ"), QStringLiteral("−") })
                QVERIFY2(!latex.contains(symbol), qPrintable(symbol));
            // Every inline formula is closed, and no two touch ("$$" would open display math).
            QCOMPARE(latex.count(QLatin1Char('$')) % 2, 0);
            QVERIFY(!latex.contains(QStringLiteral("$$")));
            QVERIFY(latex.contains(QStringLiteral("\\sqrt{")));
        }
    }
}

void TestWorksheet::chineseTerms()
{
    const WorksheetConfig zh
        = config(3, 0, WorksheetWiring::Cross, 3, 2, 1, false, WorksheetLanguage::Chinese);
    for (const StudentWorksheet &w : makeWorksheets(zh)) {
        const QString sheet = sheetMarkdown(w, WorksheetLanguage::Chinese);
        const QString answers
            = worksheetToMarkdown(worksheetAnswers(w, WorksheetLanguage::Chinese));
        for (const char *term : { "查询", "键", "值", "词元", "注意力权重" }) {
            QVERIFY2(sheet.contains(QString::fromUtf8(term)), term);
            QVERIFY2(answers.contains(QString::fromUtf8(term)), term);
        }
        // Written in Chinese: no English sentence of the English sheet is left.
        QVERIFY(!sheet.contains(QStringLiteral("Answer")));
        QVERIFY(!answers.contains(QStringLiteral("Question")));
        QVERIFY(sheet.contains(QStringLiteral("。")));
    }
}

void TestWorksheet::answersJsonShape()
{
    const auto sheets = makeWorksheets(config(2, 5, WorksheetWiring::Cross, 3, 4, 2, false));
    const QJsonArray json = worksheetAnswersJson(sheets);
    QCOMPARE(json.size(), 2);
    const QJsonObject first = json.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("student")).toInt(), 1);
    QCOMPARE(first.value(QStringLiteral("session")).toString(),
        QStringLiteral("student-01.session.json"));
    const QJsonArray questions = first.value(QStringLiteral("questions")).toArray();
    QCOMPARE(questions.size(), 5);
    for (int i = 0; i < questions.size(); ++i) {
        const QJsonObject q = questions.at(i).toObject();
        const QString kind = q.value(QStringLiteral("kind")).toString();
        QVERIFY(QStringList({ QStringLiteral("score"), QStringLiteral("weight"),
                                QStringLiteral("argmax"), QStringLiteral("output") })
                    .contains(kind));
        QCOMPARE(q.contains(QStringLiteral("key")), kind == u"score" || kind == u"weight");
        QCOMPARE(q.contains(QStringLiteral("dim")), kind == u"output");
        QVERIFY(q.value(QStringLiteral("answer")).isDouble());
        QCOMPARE(
            q.value(QStringLiteral("answer")).toDouble(), sheets[0].questions[size_t(i)].answer);
    }
}

void TestWorksheet::refusals_data()
{
    QTest::addColumn<WorksheetConfig>("config");
    QTest::addColumn<QString>("expected");
    WorksheetConfig c;
    c.students = 0;
    QTest::newRow("no students") << c << QStringLiteral("students: 0 is outside 1..99");
    c = {};
    c.students = 100;
    QTest::newRow("100 students") << c << QStringLiteral("students: 100 is outside 1..99");
    c = {};
    c.tokens = 9;
    QTest::newRow("9 tokens") << c << QStringLiteral("tokens: 9 is outside 2..4");
    c = {};
    c.tokens = 1;
    QTest::newRow("1 token") << c << QStringLiteral("tokens: 1 is outside 2..4");
    c = {};
    c.dModel = 9;
    QTest::newRow("d_model 9") << c << QStringLiteral("d-model: 9 is outside 2..8");
    c = {};
    c.heads = 3;
    c.dModel = 6;
    QTest::newRow("3 heads") << c << QStringLiteral("heads: 3 is outside 1..2");
    c = {};
    c.heads = 2;
    c.dModel = 3;
    QTest::newRow("2 heads, d_model 3")
        << c << QStringLiteral("heads: 2 does not divide d_model 3");
}

void TestWorksheet::refusals()
{
    QFETCH(WorksheetConfig, config);
    QFETCH(QString, expected);
    const auto error = checkWorksheetConfig(config);
    QVERIFY(error.has_value());
    QCOMPARE(error->toString(), expected);
    QVERIFY(!checkWorksheetConfig(WorksheetConfig {}));
}

QTEST_MAIN(TestWorksheet)
#include "tst_worksheet.moc"
