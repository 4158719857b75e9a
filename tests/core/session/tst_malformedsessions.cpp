// SPDX-License-Identifier: GPL-3.0-or-later
// Malformed session files: one row per rule of the session file (README) and of the
// documented limits (core/session/sessionlimits.h), each refused with the field's exact JSON path
// and a message that says what is wrong; and a seeded mutation fuzz that must never crash.

#include "testsupport.h"

#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"
#include "session/sessionvalidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <random>

using namespace ae;

namespace {

QJsonArray numbers(int count, double value)
{
    QJsonArray a;
    for (int i = 0; i < count; ++i)
        a.append(value);
    return a;
}

QJsonArray rows(int count, int width, double value)
{
    QJsonArray a;
    for (int i = 0; i < count; ++i)
        a.append(numbers(width, value));
    return a;
}

/// The spec's example with explicit projections of the right shapes (4 x 4 everywhere).
QJsonObject explicitBase()
{
    QJsonObject proj { { QStringLiteral("mode"), QStringLiteral("explicit") },
        { QStringLiteral("w_q"), rows(4, 4, 0.5) }, { QStringLiteral("w_k"), rows(4, 4, -0.5) },
        { QStringLiteral("w_v"), rows(4, 4, 0.25) }, { QStringLiteral("w_o"), rows(4, 4, 1.0) },
        { QStringLiteral("b_q"), numbers(4, 0.1) }, { QStringLiteral("b_o"), numbers(4, -0.1) } };
    return test::withValue(
        test::specExampleObject(), QStringLiteral("attention.projections"), proj);
}

/// The spec's example with random projections and a target of width 3 (so widths differ).
QJsonObject randomBase()
{
    QJsonObject o
        = test::withValue(test::specExampleObject(), QStringLiteral("attention.projections"),
            QJsonObject { { QStringLiteral("mode"), QStringLiteral("random") },
                { QStringLiteral("seed"), 7 } });
    return test::withValue(o, QStringLiteral("target.embeddings"), rows(2, 3, 0.5));
}

QJsonArray tokenList(int count)
{
    QJsonArray a;
    for (int i = 0; i < count; ++i)
        a.append(QStringLiteral("t%1").arg(i));
    return a;
}

/// An array nested @p depth deep around the number 1.
QByteArray nestedArrayText(int depth)
{
    return QByteArray(depth, '[') + "1" + QByteArray(depth, ']');
}

/// The spec's example with embeddings[0][1] of the source replaced by raw text.
QByteArray exampleWithRawNumber(const QByteArray &raw)
{
    QByteArray json = test::specExampleJson();
    const QByteArray first = "[[0.5, 1.1,";
    const int at = json.indexOf(first);
    return json.replace(at, first.size(), "[[0.5, " + raw + ",");
}

} // namespace

/// Tests that every malformed session is refused cleanly, with the field named.
class TestMalformedSessions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedWithPath_data();
    void refusedWithPath();
    void oversizedFileRefusedBeforeReading();
    void mutationFuzzNeverCrashes_data();
    void mutationFuzzNeverCrashes();

private:
    QTemporaryDir m_dir;
};

void TestMalformedSessions::initTestCase()
{
    // The bases themselves are valid; every row breaks exactly one rule.
    for (const QJsonObject &base : { test::specExampleObject(), explicitBase(), randomBase() }) {
        const SessionLoadResult r = sessionFromJson(test::toBytes(base));
        QVERIFY2(r.ok(), qPrintable(r.error ? r.error->toString() : QString()));
    }
    QVERIFY(m_dir.isValid());
}

void TestMalformedSessions::refusedWithPath_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("says");

    const QJsonObject base = test::specExampleObject();
    const QJsonObject expl = explicitBase();
    const QJsonObject rnd = randomBase();
    auto set = [](const QJsonObject &o, const char *path, const QJsonValue &v) {
        return test::toBytes(test::withValue(o, QLatin1String(path), v));
    };
    auto drop = [](const QJsonObject &o, const char *path) {
        return test::toBytes(test::withoutValue(o, QLatin1String(path)));
    };
    auto row
        = [](const char *name, const QByteArray &json, const char *path, const QStringList &says) {
              QTest::newRow(name) << json << QString::fromLatin1(path) << says;
          };
    auto s = [](const char *text) { return QString::fromUtf8(text); };

    // The file as a whole.
    row("not JSON", "this is not json", "", { s("not valid JSON"), s("line 1") });
    row("empty file", "", "", { s("not valid JSON") });
    row("truncated JSON", test::specExampleJson().left(200), "",
        { s("not valid JSON"), s("line") });
    row("top level is an array", "[1, 2, 3]", "", { s("top level"), s("object") });
    row("top level is a string", "\"attention\"", "", { s("top level"), s("object") });
    row("top level is a number", "42", "", { s("top level"), s("object") });

    // format and version.
    row("format missing", drop(base, "format"), "format", { s("missing") });
    row("format wrong", set(base, "format", s("word-document")), "format",
        { s("word-document"), s("attention-explorer-session") });
    row("format not a string", set(base, "format", 1), "format", { s("expected a string") });
    row("version 2", set(base, "version", 2), "version",
        { s("2 is not supported"), s("version 1") });
    row("version 0", set(base, "version", 0), "version", { s("not supported") });
    row("version 1.5", set(base, "version", 1.5), "version", { s("1.5 is not supported") });
    row("version \"1\"", set(base, "version", s("1")), "version",
        { s("expected a number"), s("a string") });
    row("version missing", drop(base, "version"), "version", { s("missing") });
    row("version null", set(base, "version", QJsonValue::Null), "version", { s("found null") });

    // title.
    row("title not a string", set(base, "title", 3), "title", { s("expected a string") });
    row("title too long", set(base, "title", QString(limits::maxTitleLength + 1, QLatin1Char('x'))),
        "title", { s("1025 characters"), s("at most 1024") });

    // The sequences.
    row("source missing", drop(base, "source"), "source", { s("missing") });
    row("target not an object", set(base, "target", QJsonArray { 1 }), "target",
        { s("expected an object"), s("an array") });
    row("tokens missing", drop(base, "source.tokens"), "source.tokens", { s("missing") });
    row("tokens not an array", set(base, "source.tokens", s("我 爱")), "source.tokens",
        { s("expected an array"), s("a string") });
    row("token not a string", set(base, "source.tokens[1]", 5), "source.tokens[1]",
        { s("expected a string"), s("a number") });
    row("empty token list", set(base, "target.tokens", QJsonArray()), "target.tokens",
        { s("empty"), s("at least one token") });
    row("empty token", set(base, "target.tokens[1]", s("")), "target.tokens[1]",
        { s("empty token") });
    row("token too long",
        set(base, "source.tokens[0]", QString(limits::maxTokenLength + 1, QLatin1Char('a'))),
        "source.tokens[0]", { s("257 characters"), s("at most 256") });
    row("embeddings missing", drop(base, "target.embeddings"), "target.embeddings",
        { s("missing") });
    row("embeddings not an array", set(base, "source.embeddings", 1), "source.embeddings",
        { s("expected an array") });
    row("ragged embeddings", set(base, "source.embeddings[2]", QJsonArray { 1.2, -0.2, 0.1 }),
        "source.embeddings[2]", { s("3 numbers, expected 4") });
    row("ragged embeddings, longer row", set(base, "target.embeddings[1]", numbers(5, 0.0)),
        "target.embeddings[1]", { s("5 numbers, expected 4") });
    row("embedding row not an array", set(base, "source.embeddings[1]", 0.5),
        "source.embeddings[1]", { s("expected an array"), s("a number") });
    row("embedding entry not a number", set(base, "source.embeddings[1][2]", s("0.3")),
        "source.embeddings[1][2]", { s("expected a number"), s("a string") });
    row("embedding entry null", set(base, "target.embeddings[0][0]", QJsonValue::Null),
        "target.embeddings[0][0]", { s("expected a number"), s("null") });
    row("empty embedding rows",
        set(base, "target.embeddings", QJsonArray { QJsonArray(), QJsonArray() }),
        "target.embeddings[0]", { s("empty") });
    row("fewer rows than tokens", drop(base, "source.embeddings[3]"), "source.embeddings",
        { s("3 rows for 4 tokens") });
    row("more rows than tokens", drop(base, "target.tokens[1]"), "target.embeddings",
        { s("2 rows for 1 tokens") });
    row("padding length mismatch", set(base, "target.padding", QJsonArray { false }),
        "target.padding", { s("1 flags for 2 tokens") });
    row("padding not booleans", set(base, "target.padding", QJsonArray { 0, 1 }),
        "target.padding[0]", { s("expected true or false"), s("a number") });
    row("padding not an array", set(base, "source.padding", true), "source.padding",
        { s("expected an array") });
    row("generator mode unknown",
        set(base, "source.generator", QJsonObject { { s("mode"), s("word2vec") } }),
        "source.generator.mode", { s("word2vec"), s("manual"), s("hashed"), s("one_hot") });
    row("generator seed negative",
        set(base, "source.generator",
            QJsonObject { { s("mode"), s("hashed") }, { s("seed"), -1 } }),
        "source.generator.seed", { s("-1 is outside") });

    // Numbers: non-finite, too large, past the magnitude limit.
    row("1e999 (not a finite double)", exampleWithRawNumber("1e999"), "source.embeddings[0][1]",
        { s("1e999"), s("finite") });
    row("-1e999", exampleWithRawNumber("-1e999"), "source.embeddings[0][1]",
        { s("-1e999"), s("finite") });
    row("NaN", exampleWithRawNumber("NaN"), "source.embeddings[0][1]", { s("NaN"), s("finite") });
    row("Infinity", exampleWithRawNumber("Infinity"), "source.embeddings[0][1]",
        { s("Infinity"), s("finite") });
    row("-Infinity", exampleWithRawNumber("-Infinity"), "source.embeddings[0][1]",
        { s("-Infinity"), s("finite") });
    row("1e-999 (underflows a double)", exampleWithRawNumber("1e-999"), "source.embeddings[0][1]",
        { s("1e-999"), s("too close to 0") });
    {
        QByteArray json = test::specExampleJson();
        json.replace("\"d_model\": 4,", "\"d_model\": 4, \"x_note\": {\"a \\\"b\\\"\": [0, NaN]},");
        row("NaN in an unknown field", json, "attention.x_note.a \"b\"[1]",
            { s("NaN"), s("finite") });
    }
    row("1e300, past the magnitude limit", set(base, "source.embeddings[0][1]", 1e300),
        "source.embeddings[0][1]", { s("1e+300"), s("limit") });
    row("-2e12, past the magnitude limit", set(base, "target.embeddings[1][3]", -2e12),
        "target.embeddings[1][3]", { s("-2e+12"), s("limit") });

    // attention: wiring and sizes.
    row("attention missing", drop(base, "attention"), "attention", { s("missing") });
    row("query_from missing", drop(base, "attention.query_from"), "attention.query_from",
        { s("missing") });
    row("query_from unknown", set(base, "attention.query_from", s("decoder")),
        "attention.query_from", { s("\"decoder\""), s("source"), s("target") });
    row("key_value_from unknown", set(base, "attention.key_value_from", s("X")),
        "attention.key_value_from", { s("\"X\""), s("source"), s("target") });
    row("key_value_from not a string", set(base, "attention.key_value_from", 0),
        "attention.key_value_from", { s("expected a string") });
    row("d_model missing", drop(base, "attention.d_model"), "attention.d_model", { s("missing") });
    row("d_model fractional", set(base, "attention.d_model", 4.5), "attention.d_model",
        { s("4.5 is not a whole number") });
    row("d_model a string", set(base, "attention.d_model", s("4")), "attention.d_model",
        { s("expected a number"), s("a string") });
    row("d_model zero", set(base, "attention.d_model", 0), "attention.d_model",
        { s("0 is outside 1..1024") });
    row("d_model negative", set(base, "attention.d_model", -4), "attention.d_model",
        { s("-4 is outside") });
    row("d_model past the limit", set(rnd, "attention.d_model", limits::maxModelDim + 1),
        "attention.d_model", { s("1025 is outside 1..1024") });
    row("heads zero", set(base, "attention.heads", 0), "attention.heads",
        { s("0 is outside 1..64") });
    row("heads past the limit", set(base, "attention.heads", limits::maxHeads + 1),
        "attention.heads", { s("65 is outside 1..64") });
    row("heads do not divide d_model", set(base, "attention.heads", 3), "attention.heads",
        { s("3 does not divide d_model 4") });
    row("heads fractional", set(base, "attention.heads", 1.5), "attention.heads",
        { s("1.5 is not a whole number") });
    row("scale unknown string", set(base, "attention.scale", s("sqrt(d_k)")), "attention.scale",
        { s("\"sqrt(d_k)\""), s("sqrt_dk"), s("none") });
    row("scale negative", set(base, "attention.scale", -2), "attention.scale",
        { s("-2 is not positive") });
    row("scale zero", set(base, "attention.scale", 0), "attention.scale",
        { s("0 is not positive") });
    row("scale a boolean", set(base, "attention.scale", true), "attention.scale",
        { s("expected"), s("a boolean") });
    row("scale too small to divide by", set(base, "attention.scale", 1e-13), "attention.scale",
        { s("not a usable divisor") });
    row("scale past the magnitude limit", set(base, "attention.scale", 1e13), "attention.scale",
        { s("not a usable divisor") });
    row("causal not a boolean", set(base, "attention.causal", s("yes")), "attention.causal",
        { s("expected true or false"), s("a string") });

    // attention.projections.
    row("projections missing", drop(base, "attention.projections"), "attention.projections",
        { s("missing") });
    row("projections not an object", set(base, "attention.projections", s("identity")),
        "attention.projections", { s("expected an object") });
    row("projection mode missing", set(base, "attention.projections", QJsonObject()),
        "attention.projections.mode", { s("missing") });
    row("projection mode unknown", set(base, "attention.projections.mode", s("learned")),
        "attention.projections.mode",
        { s("\"learned\""), s("identity"), s("random"), s("explicit") });
    row("random without seed", drop(rnd, "attention.projections.seed"),
        "attention.projections.seed", { s("missing") });
    row("random seed negative", set(rnd, "attention.projections.seed", -1),
        "attention.projections.seed", { s("-1 is outside") });
    row("random seed fractional", set(rnd, "attention.projections.seed", 0.5),
        "attention.projections.seed", { s("0.5 is not a whole number") });
    row("random seed past 2^53", set(rnd, "attention.projections.seed", 1e17),
        "attention.projections.seed", { s("outside") });
    row("identity with query width != d_model", set(base, "attention.d_model", 8),
        "attention.projections", { s("identity"), s("target.embeddings width 4"), s("d_model 8") });
    row("identity with key width != d_model",
        set(rnd, "attention.projections", QJsonObject { { s("mode"), s("identity") } }),
        "attention.projections", { s("identity"), s("target.embeddings width 3"), s("d_model 4") });
    row("w_q missing", drop(expl, "attention.projections.w_q"), "attention.projections.w_q",
        { s("missing") });
    row("w_q wrong shape", set(expl, "attention.projections.w_q", rows(3, 4, 0.5)),
        "attention.projections.w_q", { s("3 x 4, expected 4 x 4") });
    row("w_k wrong width", set(expl, "attention.projections.w_k", rows(4, 2, 0.5)),
        "attention.projections.w_k", { s("4 x 2, expected 4 x 4") });
    row("w_v ragged", set(expl, "attention.projections.w_v[1]", numbers(3, 0.5)),
        "attention.projections.w_v[1]", { s("3 numbers, expected 4") });
    row("w_o wrong shape", set(expl, "attention.projections.w_o", rows(4, 8, 0.5)),
        "attention.projections.w_o", { s("4 x 8, expected 4 x 4") });
    row("w_o not an array", set(expl, "attention.projections.w_o", 1), "attention.projections.w_o",
        { s("expected an array") });
    row("w_q entry past the limit", set(expl, "attention.projections.w_q[2][3]", 1e300),
        "attention.projections.w_q[2][3]", { s("limit") });
    row("w_q entry not a number", set(expl, "attention.projections.w_q[0][0]", s("x")),
        "attention.projections.w_q[0][0]", { s("expected a number") });
    row("b_q wrong length", set(expl, "attention.projections.b_q", numbers(3, 0.0)),
        "attention.projections.b_q", { s("3 numbers, expected 4") });
    row("b_k not an array", set(expl, "attention.projections.b_k", 0), "attention.projections.b_k",
        { s("expected an array") });
    row("b_o entry past the limit", set(expl, "attention.projections.b_o[1]", -1e200),
        "attention.projections.b_o[1]", { s("limit") });
    row("explicit w_k of the wrong key width",
        test::toBytes(test::withValue(expl, s("source.embeddings"), rows(4, 3, 0.5))),
        "attention.projections.w_k", { s("4 x 4, expected 3 x 4") });

    // Sizes past the documented limits.
    {
        QJsonObject big
            = test::withValue(base, s("source.tokens"), tokenList(limits::maxTokens + 1));
        big = test::withValue(big, s("source.embeddings"), rows(limits::maxTokens + 1, 4, 0.0));
        row("tokens past the limit", test::toBytes(big), "source.tokens",
            { s("513 tokens"), s("at most 512") });
    }
    row("embedding width past the limit",
        set(rnd, "source.embeddings", rows(4, limits::maxEmbeddingWidth + 1, 0.0)),
        "source.embeddings[0]", { s("1025 numbers"), s("at most 1024") });
    row("projection rows past the limit",
        set(expl, "attention.projections.w_q", rows(limits::maxEmbeddingWidth + 1, 4, 0.0)),
        "attention.projections.w_q", { s("1025 rows"), s("at most 1024") });

    // Nesting.
    row("nested arrays where a number belongs", exampleWithRawNumber(nestedArrayText(50)),
        "source.embeddings[0][1]", { s("expected a number"), s("an array") });
    row("arrays nested past the parser's depth", exampleWithRawNumber(nestedArrayText(100000)), "",
        { s("not valid JSON"), s("nested") });
    row("objects nested deeply in an unknown field", QByteArray("{\"x\":") + QByteArray(5000, '{'),
        "", { s("not valid JSON") });

    // The scaling experiment's parameters.
    row("scaling not an object", set(base, "scaling", 3), "scaling", { s("expected an object") });
    row("scaling dims empty", set(base, "scaling.dims", QJsonArray()), "scaling.dims",
        { s("empty") });
    row("scaling dim zero", set(base, "scaling.dims", QJsonArray { 8, 0 }), "scaling.dims[1]",
        { s("0 is outside 1..8192") });
    row("scaling queries zero", set(base, "scaling.queries", 0), "scaling.queries",
        { s("outside") });
    row("scaling keys past the limit", set(base, "scaling.keys", 5000), "scaling.keys",
        { s("5000 is outside 1..4096") });
    row("scaling repeats fractional", set(base, "scaling.repeats", 2.5), "scaling.repeats",
        { s("not a whole number") });
    row("scaling too much work",
        set(test::withValue(base, s("scaling.dims"), QJsonArray { 8192 }), "scaling.queries",
            65536),
        "scaling", { s("random numbers"), s("limit") });
}

void TestMalformedSessions::refusedWithPath()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(QStringList, says);
    const SessionLoadResult r = sessionFromJson(json);
    QVERIFY2(!r.ok(), "accepted");
    QCOMPARE(r.error->kind, SessionError::Kind::Invalid);
    QCOMPARE(r.error->path, path);
    for (const QString &fragment : says)
        QVERIFY2(r.error->message.contains(fragment),
            qPrintable(
                QStringLiteral("\"%1\" does not say \"%2\"").arg(r.error->message, fragment)));
    // The one-line form the command line prints starts with the path.
    QVERIFY(r.error->toString().startsWith(path));

    // The same through a file.
    const QString file = m_dir.filePath(QStringLiteral("case.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();
    const SessionLoadResult fromFile = loadSessionFile(file);
    QVERIFY(!fromFile.ok());
    QCOMPARE(fromFile.error->path, path);
    QCOMPARE(fromFile.error->message, r.error->message);
}

void TestMalformedSessions::oversizedFileRefusedBeforeReading()
{
    // A sparse file one byte past the limit: nothing in it is JSON, so a refusal that talks
    // about its size (and not about its content) was decided before reading it.
    const QString file = m_dir.filePath(QStringLiteral("huge.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(f.resize(limits::maxSessionFileBytes + 1));
    f.close();
    const SessionLoadResult r = loadSessionFile(file);
    QVERIFY(!r.ok());
    QCOMPARE(r.error->kind, SessionError::Kind::Invalid);
    QCOMPARE(r.error->path, QString());
    QVERIFY2(r.error->message.contains(QString::number(limits::maxSessionFileBytes)),
        qPrintable(r.error->message));
    QVERIFY2(r.error->message.contains(QStringLiteral("bytes")), qPrintable(r.error->message));
    QVERIFY(!r.error->message.contains(QStringLiteral("JSON")));
    QFile::remove(file);
}

void TestMalformedSessions::mutationFuzzNeverCrashes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("family");
    QTest::addColumn<int>("iterations");
    const QByteArray spec = test::specExampleJson();
    const QByteArray expl = test::toBytes(explicitBase());
    const QByteArray causal = test::readFileBytes(
        test::referenceCasesDir() + QStringLiteral("/decoder-causal.session.json"));
    const std::pair<const char *, QByteArray> bases[] = { { "spec example", spec },
        { "explicit projections", expl }, { "decoder causal", causal } };
    const char *families[] = { "byte flips", "byte insertions and deletions", "JSON value swaps",
        "JSON key removals" };
    for (const auto &[baseName, bytes] : bases)
        for (int f = 0; f < 4; ++f)
            QTest::addRow("%s, %s", baseName, families[f]) << bytes << f << 300;
}

void TestMalformedSessions::mutationFuzzNeverCrashes()
{
    QFETCH(QByteArray, json);
    QFETCH(int, family);
    QFETCH(int, iterations);
    QVERIFY(sessionFromJson(json).ok());
    std::mt19937_64 gen(0xf022ULL + static_cast<unsigned>(family));
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); };
    // Replacement values: each a way files go wrong in practice.
    const QJsonValue oddValues[] = { QJsonValue(QJsonValue::Null), QJsonValue(true), QJsonValue(0),
        QJsonValue(-1), QJsonValue(1e300), QJsonValue(-1e-300), QJsonValue(3.5),
        QJsonValue(1e12 + 1), QJsonValue(QStringLiteral("")), QJsonValue(QStringLiteral("source")),
        QJsonValue(QJsonArray()), QJsonValue(QJsonArray { 1, 2 }), QJsonValue(QJsonObject()),
        QJsonValue(513), QJsonValue(1025), QJsonValue(65) };
    const char *specialBytes[] = { "1e999", "NaN", "-", "\"", "[", "]", "{", "}", ",", ":",
        "\\u0000", "\xff", "\xe6\x88", "0x10", "1e-999" };
    int accepted = 0, refused = 0;
    for (int it = 0; it < iterations; ++it) {
        QByteArray mutated = json;
        const int edits = pick(1, 4);
        for (int e = 0; e < edits; ++e) {
            if (mutated.isEmpty())
                break;
            const int at = pick(0, int(mutated.size()) - 1);
            switch (family) {
            case 0:
                mutated[at] = static_cast<char>(mutated[at] ^ (1 << pick(0, 7)));
                break;
            case 1:
                if (pick(0, 1))
                    mutated.insert(at, specialBytes[pick(0, int(std::size(specialBytes)) - 1)]);
                else
                    mutated.remove(at, pick(1, 8));
                break;
            case 2:
            case 3: {
                // Walk to a random value of the tree and replace or remove it.
                QJsonObject root = QJsonDocument::fromJson(mutated).object();
                QString path;
                QJsonValue node = root;
                for (int depth = 0; depth < 5; ++depth) {
                    if (node.isObject() && !node.toObject().isEmpty()) {
                        const QStringList keys = node.toObject().keys();
                        const QString key = keys.at(pick(0, int(keys.size()) - 1));
                        path += (path.isEmpty() ? QString() : QStringLiteral(".")) + key;
                        node = node.toObject().value(key);
                    } else if (node.isArray() && !node.toArray().isEmpty()) {
                        const int i = pick(0, int(node.toArray().size()) - 1);
                        path += QStringLiteral("[%1]").arg(i);
                        node = node.toArray().at(i);
                    } else {
                        break;
                    }
                    if (pick(0, 3) == 0)
                        break;
                }
                if (path.isEmpty())
                    break;
                root = family == 2
                    ? test::withValue(root, path, oddValues[pick(0, int(std::size(oddValues)) - 1)])
                    : test::withoutValue(root, path);
                mutated = test::toBytes(root);
                break;
            }
            }
        }
        const SessionLoadResult r = sessionFromJson(mutated);
        if (!r.ok()) {
            ++refused;
            QVERIFY(!r.error->message.isEmpty());
            QCOMPARE(r.error->kind, SessionError::Kind::Invalid);
            continue;
        }
        // Whatever is accepted is valid, computes to finite numbers and saves to a file that
        // loads again to the same session.
        ++accepted;
        QVERIFY(!validateSession(r.session).has_value());
        const AttentionResult result = computeSession(r.session);
        QVERIFY(result.output.allFinite());
        QVERIFY(result.meanWeights.allFinite());
        const SessionLoadResult again = sessionFromJson(sessionToJsonBytes(r.session));
        QVERIFY2(again.ok(), qPrintable(again.error ? again.error->toString() : QString()));
        const QString why = test::compareSessions(again.session, r.session);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }
    QVERIFY(refused > 0);
    qInfo("%d accepted, %d refused", accepted, refused);
}

QTEST_MAIN(TestMalformedSessions)
#include "tst_malformedsessions.moc"
