// SPDX-License-Identifier: GPL-3.0-or-later
// The rule for numbers checked by hand (handcheck.h): the issue's three inconsistent examples,
// the invariants of a hand-worked derivation over every cell of the reference cases, and every
// sum and quotient written in the explain texts and the worksheet answer keys.

#include "testsupport.h"

#include "explain/explain.h"
#include "explain/explaintext.h"
#include "explain/handcheck.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "worksheet/worksheet.h"
#include "worksheet/worksheetanswers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
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

/// @p v rounded to @p decimals as the C library prints it, independently of formatFixed().
double roundTo(double v, int decimals)
{
    return QString::asprintf("%.*f", decimals, v).toDouble();
}

/// The value of a written sum "a + b − c + (-d)": the minus signs of either kind, parentheses
/// dropped.
double evaluateSum(QString text)
{
    text.replace(QChar(0x2212), QLatin1Char('-'));
    text.remove(QLatin1Char('(')).remove(QLatin1Char(')'));
    double sum = 0.0;
    double sign = 1.0;
    for (const QString &part : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (part == u"+") {
            sign = 1.0;
        } else if (part == u"-") {
            sign = -1.0;
        } else {
            sum += sign * part.toDouble();
            sign = 1.0;
        }
    }
    return sum;
}

/// Checks every "= a + b + c = r" and "= a / b = r" written in @p text (plain or Markdown):
/// r must be what the written operands give, rounded to r's own decimals. Returns the number
/// of lines checked; a failure names the line.
int checkWrittenArithmetic(const QString &text, QString *failure)
{
    static const QRegularExpression sum(
        QStringLiteral(R"(= ((?:\(?[-−]?[\d.]+\)? [+−] )+\(?[-−]?[\d.]+\)?) = \**([-−]?[\d.]+))"));
    static const QRegularExpression quotient(
        QStringLiteral(R"(= ([-−]?[\d.]+) / ([-−]?[\d.]+) = \**([-−]?[\d.]+))"));
    int checked = 0;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto decimalsOf
            = [](const QString &r) { return int(r.size() - r.indexOf(QLatin1Char('.')) - 1); };
        for (auto it = sum.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            QString result = m.captured(2);
            result.replace(QChar(0x2212), QLatin1Char('-'));
            const double expected = roundTo(evaluateSum(m.captured(1)), decimalsOf(result));
            if (std::abs(expected - result.toDouble()) > 1e-12) {
                *failure = line;
                return -1;
            }
            ++checked;
        }
        for (auto it = quotient.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            const double a
                = QString(m.captured(1)).replace(QChar(0x2212), QLatin1Char('-')).toDouble();
            const double b
                = QString(m.captured(2)).replace(QChar(0x2212), QLatin1Char('-')).toDouble();
            QString result = m.captured(3);
            result.replace(QChar(0x2212), QLatin1Char('-'));
            if (std::abs(roundTo(a / b, decimalsOf(result)) - result.toDouble()) > 1e-12) {
                *failure = line;
                return -1;
            }
            ++checked;
        }
    }
    return checked;
}

} // namespace

/// Tests the hand-check rule and its use in explain and the worksheets.
class TestHandCheck : public QObject
{
    Q_OBJECT

private slots:
    void issueExamples();
    void toleranceCoversTheDrift_data();
    void toleranceCoversTheDrift();
    void stepsFollowTheWrittenOperands_data();
    void stepsFollowTheWrittenOperands();
    void explainTextsAddUp_data();
    void explainTextsAddUp();
    void answerKeysAddUp_data();
    void answerKeysAddUp();
    void answersJsonHasTolerances();
};

void TestHandCheck::issueExamples()
{
    // "sum = 0.8380 + 1.0000 + 0.3905 + 0.5001 = 2.7285": the written terms add to 2.7286.
    const std::vector<double> exact { 0.83796, 1.0, 0.39046, 0.500051 };
    std::vector<double> written;
    double exactSum = 0.0;
    for (const double t : exact) {
        written.push_back(shownValue(t, 4));
        exactSum += t;
    }
    QCOMPARE(formatFixed(exactSum, 4), QStringLiteral("2.7285"));
    const HandResult sum = handSum(written, exactSum, 4);
    QCOMPARE(sum.text(), QStringLiteral("2.7286"));
    QCOMPARE(sum.exactText(), QStringLiteral("2.7285"));

    // The dialog's "1.000 / 2.729 = 0.367": 1.000 / 2.729 is 0.3664.
    const double exactRowSum = 2.728502;
    const HandResult rowSum = handResult(exactRowSum, exactRowSum, 3);
    QCOMPARE(rowSum.text(), QStringLiteral("2.729"));
    const HandResult weight = handResult(1.0 / rowSum.shown, 1.0 / exactRowSum, 3);
    QCOMPARE(weight.text(), QStringLiteral("0.366"));
    QCOMPARE(weight.exactText(), QStringLiteral("0.367"));

    // Student 07's "o = (-0.4371) + 0.0972 + (-0.1571) = -0.4971": the terms add to -0.4970.
    const HandResult o = handSum({ -0.4371, 0.0972, -0.1571 }, -0.49705001, 4);
    QCOMPARE(o.text(), QStringLiteral("-0.4970"));
    QCOMPARE(o.exactText(), QStringLiteral("-0.4971"));

    // Where the exact value reads the same, nothing is added.
    QVERIFY(!handResult(0.25, 0.25000001, 4).differs());
}

void TestHandCheck::toleranceCoversTheDrift_data()
{
    QTest::addColumn<double>("shown");
    QTest::addColumn<double>("exact");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("no drift") << 0.3664 << 0.3664 << 4 << 0.0001;
    QTest::newRow("half a unit") << -0.4970 << -0.49705 << 4 << 0.0002;
    QTest::newRow("two units") << 0.3668 << 0.36662 << 4 << 0.0003;
    QTest::newRow("three decimals") << 0.366 << 0.3665 << 3 << 0.002;
}

void TestHandCheck::toleranceCoversTheDrift()
{
    QFETCH(double, shown);
    QFETCH(double, exact);
    QFETCH(int, decimals);
    QFETCH(double, tolerance);
    const double t = handTolerance(HandResult { shown, exact, decimals });
    QVERIFY2(std::abs(t - tolerance) < 1e-12, qPrintable(QString::number(t, 'g', 17)));
    QVERIFY(std::abs(shown - exact) <= t);
}

void TestHandCheck::stepsFollowTheWrittenOperands_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<int>("decimals");
    for (const QString &name : test::referenceCaseNames()) {
        for (const int decimals : { 2, 3, 4 })
            QTest::newRow(qPrintable(QStringLiteral("%1, %2 decimals").arg(name).arg(decimals)))
                << name << decimals;
    }
}

void TestHandCheck::stepsFollowTheWrittenOperands()
{
    QFETCH(QString, caseName);
    QFETCH(int, decimals);
    const Session s = loadCase(caseName);
    QVERIFY(s.source.length() > 0);
    const AttentionResult r = computeSession(s);
    for (int h = 0; h < s.attention.config.heads; ++h) {
        for (int i = 0; i < s.querySequence().length(); ++i) {
            for (int j = 0; j < s.keyValueSequence().length(); ++j) {
                const WeightExplanation e = explainWeight(s, r, { h, i, j });
                const HandWeightSteps hw = handWeightSteps(e, e.heads.front(), decimals);
                const HeadWeightDerivation &d = e.heads.front();
                const QString where = QStringLiteral("[%1][%2][%3]").arg(h).arg(i).arg(j);
                double dot = 0.0;
                for (size_t m = 0; m < hw.products.size(); ++m) {
                    QCOMPARE(hw.products[m].shown,
                        roundTo(roundTo(d.q(Eigen::Index(m)), decimals)
                                * roundTo(d.k(Eigen::Index(m)), decimals),
                            decimals));
                    dot += hw.products[m].shown;
                }
                QVERIFY2(hw.dot.shown == roundTo(dot, decimals), qPrintable(where));
                QCOMPARE(hw.dot.exact, d.dot);
                QCOMPARE(hw.score.has_value(), d.score.has_value());
                if (hw.score)
                    QVERIFY2(hw.score->shown
                            == roundTo(hw.dot.shown / roundTo(e.scale, decimals), decimals),
                        qPrintable(where));
                if (!hw.rowMax)
                    continue;
                double sum = 0.0;
                for (size_t k = 0; k < hw.rowExp.size(); ++k) {
                    if (d.rowVisible[k])
                        sum += hw.rowExp[k].shown;
                }
                QVERIFY2(hw.rowSum.shown == roundTo(sum, decimals), qPrintable(where));
                if (hw.score)
                    QVERIFY2(hw.weight.shown
                            == roundTo(hw.rowExp[size_t(j)].shown / hw.rowSum.shown, decimals),
                        qPrintable(where));
                QCOMPARE(hw.weight.exact, d.weight);
                // The written chain strays from the exact weight by a few units at most.
                QVERIFY2(std::abs(hw.weight.shown - d.weight) <= 5 * std::pow(10.0, -decimals),
                    qPrintable(where));
            }
        }
    }
}

void TestHandCheck::explainTextsAddUp_data()
{
    QTest::addColumn<QString>("caseName");
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestHandCheck::explainTextsAddUp()
{
    QFETCH(QString, caseName);
    const Session s = loadCase(caseName);
    const AttentionResult r = computeSession(s);
    int checked = 0;
    for (int h = -1; h < s.attention.config.heads; ++h) {
        for (int i = 0; i < s.querySequence().length(); ++i) {
            for (int j = 0; j < s.keyValueSequence().length(); ++j) {
                for (const int decimals : { 3, 4 }) {
                    ExplainTextOptions o;
                    o.decimals = decimals;
                    const QString text = explanationToMarkdown(explainWeight(s, r, { h, i, j }), o);
                    QString failure;
                    const int n = checkWrittenArithmetic(text, &failure);
                    QVERIFY2(n >= 0, qPrintable(failure));
                    checked += n;
                }
            }
        }
    }
    QVERIFY(checked > 0);
}

void TestHandCheck::answerKeysAddUp_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("tokens");
    QTest::newRow("defaults") << 1 << 2 << 3;
    QTest::newRow("2 heads, d_model 4, 4 tokens") << 2 << 4 << 4;
}

void TestHandCheck::answerKeysAddUp()
{
    QFETCH(int, heads);
    QFETCH(int, dModel);
    QFETCH(int, tokens);
    WorksheetConfig config;
    config.heads = heads;
    config.dModel = dModel;
    config.tokens = tokens;
    int checked = 0;
    for (const WorksheetLanguage language :
        { WorksheetLanguage::English, WorksheetLanguage::Chinese }) {
        for (const WorksheetBlock &b : worksheetAnswerKey(makeWorksheets(config), language)) {
            if (b.kind != WorksheetBlock::Kind::Formula)
                continue;
            QString failure;
            const int n = checkWrittenArithmetic(b.text.plain, &failure);
            QVERIFY2(n >= 0, qPrintable(failure));
            checked += n;
        }
    }
    QVERIFY(checked > 100);
}

void TestHandCheck::answersJsonHasTolerances()
{
    const std::vector<StudentWorksheet> sheets = makeWorksheets(WorksheetConfig());
    const QJsonArray all = worksheetAnswersJson(sheets);
    QCOMPARE(all.size(), int(sheets.size()));
    for (const QJsonValue &student : all) {
        for (const QJsonValue &v :
            student.toObject().value(QStringLiteral("questions")).toArray()) {
            const QJsonObject q = v.toObject();
            QVERIFY(q.contains(QStringLiteral("tolerance")));
            const double t = q.value(QStringLiteral("tolerance")).toDouble(-1);
            if (q.value(QStringLiteral("kind")).toString() == u"argmax") {
                QCOMPARE(t, 0.0);
                continue;
            }
            // At least the rounding of a 4-decimal answer, at most a few units of it.
            QVERIFY2(t >= 0.0001 - 1e-12 && t <= 0.0010 + 1e-12, qPrintable(QString::number(t)));
        }
    }
}

QTEST_MAIN(TestHandCheck)
#include "tst_handcheck.moc"
