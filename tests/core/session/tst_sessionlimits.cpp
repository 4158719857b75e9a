// SPDX-License-Identifier: GPL-3.0-or-later
// Every documented limit of a session (core/session/sessionlimits.h), walked through both entries
// of the core: the session file loader (sessionFromJson) and the validator every edit and the
// command line go through (validateSession). One row per limit: the limit itself is accepted,
// one past it is refused with a message naming the field, the value and the limit. Adding a
// limit means adding a row to limitTable().

#include "scaling/entropyexperiment.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"
#include "session/sessionvalidator.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QtTest>
#include <cmath>
#include <functional>

using namespace ae;

namespace {

/// One limit of the session: a session built with @p build(value) for any value.
struct LimitRow
{
    const char *name;
    QString path; ///< the field the refusal must name
    double limit; ///< the largest (or, for lower limits, smallest) value allowed
    double past; ///< one past the limit
    std::function<QJsonObject(double)> build;
};

QJsonArray rows(int count, int width, double value)
{
    QJsonArray out;
    for (int i = 0; i < count; ++i) {
        QJsonArray row;
        for (int j = 0; j < width; ++j)
            row.append(value);
        out.append(row);
    }
    return out;
}

QJsonArray tokens(int count)
{
    QJsonArray out;
    for (int i = 0; i < count; ++i)
        out.append(QStringLiteral("t%1").arg(i));
    return out;
}

QJsonObject base()
{
    return test::specExampleObject();
}

QJsonObject set(const QJsonObject &root, const char *path, const QJsonValue &value)
{
    return test::withValue(root, QString::fromLatin1(path), value);
}

/// The spec example with random projections, so that widths and d_model may differ.
QJsonObject randomProjections()
{
    QJsonObject p;
    p.insert(QStringLiteral("mode"), QStringLiteral("random"));
    p.insert(QStringLiteral("seed"), 1);
    return set(base(), "attention.projections", p);
}

QJsonObject sourceOf(int count, int width)
{
    return set(set(randomProjections(), "source.tokens", tokens(count)), "source.embeddings",
        rows(count, width, 0.5));
}

/// The table of limits. The numbers come from sessionlimits.h only.
std::vector<LimitRow> limitTable()
{
    using namespace limits;
    const double largest = maxAbsValue;
    return {
        { "title length", QStringLiteral("title"), maxTitleLength, maxTitleLength + 1.0,
            [](double n) { return set(base(), "title", QString(int(n), QLatin1Char('x'))); } },
        { "token length", QStringLiteral("source.tokens[0]"), maxTokenLength, maxTokenLength + 1.0,
            [](double n) {
                return set(base(), "source.tokens[0]", QString(int(n), QLatin1Char('a')));
            } },
        { "tokens per sequence", QStringLiteral("source.tokens"), maxTokens, maxTokens + 1.0,
            [](double n) { return sourceOf(int(n), 4); } },
        { "embedding width", QStringLiteral("source.embeddings[0]"), maxEmbeddingWidth,
            maxEmbeddingWidth + 1.0, [](double n) { return sourceOf(2, int(n)); } },
        { "d_model", QStringLiteral("attention.d_model"), maxModelDim, maxModelDim + 1.0,
            [](double n) {
                return set(set(randomProjections(), "attention.d_model", n), "attention.heads", 1);
            } },
        { "heads", QStringLiteral("attention.heads"), maxHeads, maxHeads + 1.0,
            [](double n) {
                // d_model = heads at the limit; one past, the head count itself is refused.
                return set(
                    set(randomProjections(), "attention.d_model", maxHeads), "attention.heads", n);
            } },
        { "value magnitude", QStringLiteral("source.embeddings[1][2]"), largest, 1.5 * largest,
            [](double x) { return set(base(), "source.embeddings[1][2]", x); } },
        { "negative value magnitude", QStringLiteral("target.embeddings[0][0]"), -largest,
            -1.5 * largest, [](double x) { return set(base(), "target.embeddings[0][0]", x); } },
        { "smallest scale divisor", QStringLiteral("attention.scale"), minScaleDivisor,
            minScaleDivisor / 2, [](double x) { return set(base(), "attention.scale", x); } },
        { "largest scale divisor", QStringLiteral("attention.scale"), largest, 1.5 * largest,
            [](double x) { return set(base(), "attention.scale", x); } },
        { "experiment dimensions", QStringLiteral("scaling.dims"), maxExperimentDims,
            maxExperimentDims + 1.0,
            [](double n) {
                QJsonArray dims;
                for (int i = 0; i < int(n); ++i)
                    dims.append(1 + i);
                return set(base(), "scaling.dims", dims);
            } },
        { "experiment d_k", QStringLiteral("scaling.dims[0]"), maxExperimentDim,
            maxExperimentDim + 1.0,
            [](double n) {
                return set(set(base(), "scaling.dims", QJsonArray { n }), "scaling.queries", 8);
            } },
        { "experiment queries", QStringLiteral("scaling.queries"), maxExperimentQueries,
            maxExperimentQueries + 1.0,
            [](double n) {
                return set(set(base(), "scaling.queries", n), "scaling.dims", QJsonArray { 8 });
            } },
        { "experiment keys", QStringLiteral("scaling.keys"), maxExperimentKeys,
            maxExperimentKeys + 1.0, [](double n) { return set(base(), "scaling.keys", n); } },
        { "experiment repeats", QStringLiteral("scaling.repeats"), maxExperimentRepeats,
            maxExperimentRepeats + 1.0,
            [](double n) {
                return set(set(base(), "scaling.repeats", n), "scaling.dims", QJsonArray { 8 });
            } },
    };
}

/// The refusal as text, or nothing (QVERIFY2 evaluates its message even when it passes).
QString text(const std::optional<SessionError> &e)
{
    return e ? e->toString() : QString();
}

/// The numbers a refusal must show, written as the messages write them.
bool mentions(const QString &message, double x)
{
    const double a = std::abs(x);
    return message.contains(QString::number(x, 'g', 6))
        || message.contains(QString::number(a, 'g', 3))
        || message.contains(QString::number(qint64(x)));
}

} // namespace

/// Tests that every session limit is enforced at the limit's own number, with a plain refusal.
class TestSessionLimits : public QObject
{
    Q_OBJECT

private slots:
    void limitIsAccepted_data();
    void limitIsAccepted();
    void onePastIsRefused_data();
    void onePastIsRefused();
    void hugeRequestsAreRefusedBeforeAllocating_data();
    void hugeRequestsAreRefusedBeforeAllocating();

private:
    static void addRows();
};

void TestSessionLimits::addRows()
{
    QTest::addColumn<int>("row");
    const std::vector<LimitRow> table = limitTable();
    for (size_t i = 0; i < table.size(); ++i)
        QTest::newRow(table[i].name) << int(i);
}

void TestSessionLimits::limitIsAccepted_data()
{
    addRows();
}

void TestSessionLimits::limitIsAccepted()
{
    QFETCH(int, row);
    const LimitRow r = limitTable()[size_t(row)];
    const SessionLoadResult loaded = sessionFromJson(test::toBytes(r.build(r.limit)));
    QVERIFY2(loaded.ok(), qPrintable(text(loaded.error)));
    const auto invalid = validateSession(loaded.session);
    QVERIFY2(!invalid, qPrintable(text(invalid)));
}

void TestSessionLimits::onePastIsRefused_data()
{
    addRows();
}

void TestSessionLimits::onePastIsRefused()
{
    QFETCH(int, row);
    const LimitRow r = limitTable()[size_t(row)];
    // The file loader.
    const SessionLoadResult loaded = sessionFromJson(test::toBytes(r.build(r.past)));
    QVERIFY2(!loaded.ok(), "one past the limit was loaded");
    QCOMPARE(loaded.error->path, r.path);
    QVERIFY2(mentions(loaded.error->message, r.past), qPrintable(loaded.error->message));
    QVERIFY2(mentions(loaded.error->message, r.limit), qPrintable(loaded.error->message));

    // The validator, on the same session made in memory: the limit itself loads, and the one
    // field is then set past it, as an edit or the command line would.
    SessionLoadResult at = sessionFromJson(test::toBytes(r.build(r.limit)));
    QVERIFY(at.ok());
    Session s = at.session;
    const QString name = QString::fromLatin1(r.name);
    if (name == u"title length")
        s.title = QString(int(r.past), QLatin1Char('x'));
    else if (name == u"token length")
        s.source.tokens[0] = QString(int(r.past), QLatin1Char('a'));
    else if (name == u"tokens per sequence") {
        for (int i = s.source.length(); i < int(r.past); ++i)
            s.source.tokens << QStringLiteral("u%1").arg(i);
        s.source.embeddings.conservativeResize(int(r.past), s.source.width());
        s.source.embeddings.setConstant(0.25);
    } else if (name == u"embedding width") {
        s.source.embeddings.conservativeResize(s.source.length(), int(r.past));
        s.source.embeddings.setConstant(0.25);
    } else if (name == u"d_model")
        s.attention.config.dModel = int(r.past);
    else if (name == u"heads")
        s.attention.config.heads = int(r.past);
    else if (name == u"value magnitude")
        s.source.embeddings(1, 2) = r.past;
    else if (name == u"negative value magnitude")
        s.target.embeddings(0, 0) = r.past;
    else if (name.contains(u"scale divisor"))
        s.attention.config.scale.divisor = r.past;
    else if (name == u"experiment dimensions")
        s.scaling.dims.push_back(1);
    else if (name == u"experiment d_k")
        s.scaling.dims[0] = int(r.past);
    else if (name == u"experiment queries")
        s.scaling.queries = int(r.past);
    else if (name == u"experiment keys")
        s.scaling.keys = int(r.past);
    else if (name == u"experiment repeats")
        s.scaling.repeats = int(r.past);
    else
        QFAIL("the row has no in-memory edit");
    const auto invalid = validateSession(s);
    QVERIFY2(invalid, "one past the limit was accepted by the validator");
    // The validator names the field; for a list it may name the list or its first entry.
    QVERIFY2(invalid->path == r.path || r.path.startsWith(invalid->path + QLatin1Char('['))
            || invalid->path.startsWith(r.path),
        qPrintable(text(invalid)));
    QVERIFY2(mentions(invalid->message, r.limit), qPrintable(text(invalid)));
}

void TestSessionLimits::hugeRequestsAreRefusedBeforeAllocating_data()
{
    // Sizes that would take terabytes if anything of their size were allocated first: the
    // loader must refuse them from the number alone (this suite would run out of memory).
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    const QJsonObject rnd = randomProjections();
    QTest::newRow("d_model 10^9") << test::toBytes(set(rnd, "attention.d_model", 1e9))
                                  << QStringLiteral("attention.d_model");
    QTest::newRow("heads 10^9") << test::toBytes(set(rnd, "attention.heads", 1e9))
                                << QStringLiteral("attention.heads");
    QTest::newRow("d_k 10^9") << test::toBytes(set(base(), "scaling.dims", QJsonArray { 1e9 }))
                              << QStringLiteral("scaling.dims[0]");
    QTest::newRow("10^9 queries") << test::toBytes(set(base(), "scaling.queries", 1e9))
                                  << QStringLiteral("scaling.queries");
    QTest::newRow("10^9 keys") << test::toBytes(set(base(), "scaling.keys", 1e9))
                               << QStringLiteral("scaling.keys");
    // Within each limit alone, but 8192 x (65536 + 4096) x 1000 draws together.
    QJsonObject heavy = set(base(), "scaling.dims", QJsonArray { limits::maxExperimentDim });
    heavy = set(heavy, "scaling.queries", limits::maxExperimentQueries);
    heavy = set(heavy, "scaling.keys", limits::maxExperimentKeys);
    heavy = set(heavy, "scaling.repeats", limits::maxExperimentRepeats);
    QTest::newRow("the largest experiment") << test::toBytes(heavy) << QStringLiteral("scaling");
}

void TestSessionLimits::hugeRequestsAreRefusedBeforeAllocating()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    const SessionLoadResult loaded = sessionFromJson(json);
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error->path, path);
}

QTEST_MAIN(TestSessionLimits)
#include "tst_sessionlimits.moc"
