// SPDX-License-Identifier: GPL-3.0-or-later
// Reading and writing session files (core/session/sessionjson.h): the spec's example, round trips
// that keep every field and every unknown field, numbers that read back exactly, file errors.

#include "testsupport.h"

#include "session/sessionjson.h"
#include "session/sessionlimits.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace ae;

namespace {

/// Loads @p bytes, failing the calling test (through the returned flag) when refused.
SessionLoadResult load(const QByteArray &bytes)
{
    return sessionFromJson(bytes);
}

QString errorText(const SessionLoadResult &r)
{
    return r.error ? r.error->toString() : QString();
}

/// A session made in code, as the GUI makes a new one: no original JSON behind it.
Session sessionMadeInCode()
{
    Session s;
    s.title = QStringLiteral("made in code: 注意力");
    s.source.tokens = { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    s.source.embeddings = Eigen::MatrixXd(3, 3);
    s.source.embeddings << 0.1, 0.2, 0.3, -1.5, 2.25, 1e-7, 3, 0, -0.0001;
    s.source.padding = { false, false, true };
    s.source.recipe.mode = EmbeddingMode::Hashed;
    s.source.recipe.seed = 99;
    s.source.recipe.positional = true;
    s.target.tokens = { QStringLiteral("x"), QStringLiteral("y") };
    s.target.embeddings = Eigen::MatrixXd(2, 2);
    s.target.embeddings << 1.0 / 3, 2.0 / 3, -1.0 / 7, M_PI;
    s.target.recipe.mode = EmbeddingMode::OneHot;
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = 4;
    s.attention.config.heads = 2;
    s.attention.config.scale.mode = ScaleMode::Custom;
    s.attention.config.scale.divisor = 1.75;
    s.attention.config.causal = true;
    Projections &p = s.attention.projections;
    p.mode = ProjectionMode::Explicit;
    p.wq = Eigen::MatrixXd::Constant(2, 4, 0.5);
    p.wk = Eigen::MatrixXd::Constant(3, 4, -0.25);
    p.wv = Eigen::MatrixXd::Identity(3, 4);
    p.wo = Eigen::MatrixXd::Identity(4, 4) * 0.1;
    p.bq = Eigen::RowVectorXd::LinSpaced(4, -1.0, 1.0);
    p.bo = Eigen::RowVectorXd::Constant(4, 0.01);
    s.scaling.dims = { 4, 16, 64 };
    s.scaling.queries = 300;
    s.scaling.keys = 7;
    s.scaling.repeats = 3;
    s.scaling.seed = 123456789;
    return s;
}

} // namespace

/// Tests sessionFromJson(), loadSessionFile(), sessionToJson().
class TestSessionJson : public QObject
{
    Q_OBJECT

private slots:
    void specExampleParses();
    void optionalFieldsDefault();
    void roundTripKeepsEveryField_data();
    void roundTripKeepsEveryField();
    void sessionMadeInCodeRoundTrips();
    void unknownFieldsKept_data();
    void unknownFieldsKept();
    void unknownFieldsSurviveEdits();
    void fieldsNoLongerMeaningfulAreDropped();
    void numbersReadBackExactly_data();
    void numbersReadBackExactly();
    void savedFileHasFormatAndVersion();
    void versionOneAsFloatIsAccepted();
    void loadSessionFileErrors();
    void largestSessionFitsTheFileLimit();
    void loadSessionFileReadsUtf8();

private:
    QTemporaryDir m_dir;
};

void TestSessionJson::specExampleParses()
{
    const SessionLoadResult r = load(test::specExampleJson());
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const Session &s = r.session;
    QCOMPARE(s.title, QStringLiteral("我爱深度学习 → i love"));
    QCOMPARE(s.source.tokens,
        (QStringList { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
            QStringLiteral("学习") }));
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    QCOMPARE(s.source.embeddings, x);
    QVERIFY(s.source.padding.empty());
    QCOMPARE(s.target.tokens, (QStringList { QStringLiteral("i"), QStringLiteral("love") }));
    QCOMPARE(s.target.embeddings, Eigen::MatrixXd(x.topRows(2)));
    QCOMPARE(s.target.padding, (std::vector<bool> { false, false }));
    QCOMPARE(s.attention.queryFrom, SequenceRole::Target);
    QCOMPARE(s.attention.keyValueFrom, SequenceRole::Source);
    QCOMPARE(s.attention.config.dModel, 4);
    QCOMPARE(s.attention.config.heads, 2);
    QCOMPARE(s.attention.config.scale.mode, ScaleMode::SqrtDk);
    QCOMPARE(s.attention.config.causal, false);
    QCOMPARE(s.attention.projections.mode, ProjectionMode::Identity);
    QCOMPARE(s.querySequence().tokens, s.target.tokens);
    QCOMPARE(s.keyValueSequence().tokens, s.source.tokens);
}

void TestSessionJson::optionalFieldsDefault()
{
    QJsonObject o = test::specExampleObject();
    for (const char *path : { "title", "target.padding", "attention.scale", "attention.causal" })
        o = test::withoutValue(o, QLatin1String(path));
    const SessionLoadResult r = load(test::toBytes(o));
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    QVERIFY(r.session.title.isEmpty());
    QVERIFY(r.session.target.padding.empty());
    QCOMPARE(r.session.attention.config.scale.mode, ScaleMode::SqrtDk);
    QCOMPARE(r.session.attention.config.causal, false);
    QCOMPARE(r.session.scaling, EntropyExperimentConfig());
    QCOMPARE(r.session.source.recipe, EmbeddingRecipe());
}

void TestSessionJson::roundTripKeepsEveryField_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("spec example") << test::specExampleJson();
    for (const QString &name : test::referenceCaseNames())
        QTest::newRow(qPrintable(QStringLiteral("reference ") + name)) << test::readFileBytes(
            test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    const QDir examples(QStringLiteral(AE_SOURCE_DIR "/resources/examples"));
    for (const QString &file :
        examples.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(QStringLiteral("example ") + file))
            << test::readFileBytes(examples.filePath(file));
}

void TestSessionJson::roundTripKeepsEveryField()
{
    QFETCH(QByteArray, json);
    QVERIFY(!json.isEmpty());
    const SessionLoadResult first = load(json);
    QVERIFY2(first.ok(), qPrintable(errorText(first)));
    const QByteArray saved = sessionToJsonBytes(first.session);
    const SessionLoadResult second = load(saved);
    QVERIFY2(second.ok(), qPrintable(errorText(second)));
    const QString why = test::compareSessions(second.session, first.session);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // Saving again changes nothing: the file is stable under load + save.
    QCOMPARE(QJsonDocument::fromJson(sessionToJsonBytes(second.session)).object(),
        QJsonDocument::fromJson(saved).object());
    // Every field of the original file is still there with the same value, except those the
    // program fills in (the generator and the scaling parameters, when absent).
    const QJsonObject original = QJsonDocument::fromJson(json).object();
    const QJsonObject resaved = QJsonDocument::fromJson(saved).object();
    const QString diff = test::compareJson(resaved.value(QStringLiteral("attention")),
        original.value(QStringLiteral("attention")), 0.0, QStringLiteral("attention"));
    if (original.value(QStringLiteral("attention")).toObject().contains(QStringLiteral("scale"))
        && original.value(QStringLiteral("attention"))
               .toObject()
               .contains(QStringLiteral("causal")))
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    for (const char *key : { "source", "target" }) {
        for (const char *field : { "tokens", "embeddings" }) {
            const QString path = QLatin1String(key) + QLatin1Char('.') + QLatin1String(field);
            const QString d = test::compareJson(
                test::valueAt(resaved, path), test::valueAt(original, path), 0.0, path);
            QVERIFY2(d.isEmpty(), qPrintable(d));
        }
    }
}

void TestSessionJson::sessionMadeInCodeRoundTrips()
{
    const Session made = sessionMadeInCode();
    const SessionLoadResult r = load(sessionToJsonBytes(made));
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const QString why = test::compareSessions(r.session, made);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // Biases that were not given stay absent (meaning 0) rather than written as zeros.
    const QJsonObject saved = sessionToJson(made);
    QVERIFY(test::valueAt(saved, QStringLiteral("attention.projections.b_q")).isArray());
    QVERIFY(test::valueAt(saved, QStringLiteral("attention.projections.b_k")).isUndefined());
    QCOMPARE(test::valueAt(saved, QStringLiteral("attention.scale")).toDouble(), 1.75);
    QCOMPARE(test::valueAt(saved, QStringLiteral("source.generator.mode")).toString(),
        QStringLiteral("hashed"));
    QCOMPARE(test::valueAt(saved, QStringLiteral("target.generator.mode")).toString(),
        QStringLiteral("one_hot"));
}

void TestSessionJson::unknownFieldsKept_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonValue>("value");
    const QJsonValue nested
        = QJsonDocument::fromJson(R"({"a": [1, 2.5, {"b": null, "c": "字"}], "d": {"e": true}})")
              .object();
    QTest::newRow("top level string")
        << QStringLiteral("x_note") << QJsonValue(QStringLiteral("hi"));
    QTest::newRow("top level nested object") << QStringLiteral("x_view") << nested;
    QTest::newRow("top level array")
        << QStringLiteral("x_list") << QJsonValue(QJsonArray { 1, 2, 3 });
    QTest::newRow("in source") << QStringLiteral("source.x_note")
                               << QJsonValue(QStringLiteral("typed"));
    QTest::newRow("in target") << QStringLiteral("target.x_flags")
                               << QJsonValue(QJsonArray { true, false });
    QTest::newRow("in attention") << QStringLiteral("attention.x_zoom") << QJsonValue(2.5);
    QTest::newRow("in projections") << QStringLiteral("attention.projections.x_comment") << nested;
    QTest::newRow("in scaling") << QStringLiteral("scaling.x_colour")
                                << QJsonValue(QStringLiteral("red"));
    QTest::newRow("in a generator") << QStringLiteral("source.generator.x_extra") << QJsonValue(3);
    QTest::newRow("null value") << QStringLiteral("x_null") << QJsonValue(QJsonValue::Null);
}

void TestSessionJson::unknownFieldsKept()
{
    QFETCH(QString, path);
    QFETCH(QJsonValue, value);
    QJsonObject o = test::specExampleObject();
    // The generator and scaling objects are optional; give them their required parts first.
    o = test::withValue(o, QStringLiteral("source.generator"),
        QJsonObject { { QStringLiteral("mode"), QStringLiteral("manual") } });
    o = test::withValue(
        o, QStringLiteral("scaling"), QJsonObject { { QStringLiteral("keys"), 5 } });
    o = test::withValue(o, path, value);
    const SessionLoadResult r = load(test::toBytes(o));
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const QJsonObject saved = QJsonDocument::fromJson(sessionToJsonBytes(r.session)).object();
    QCOMPARE(test::valueAt(saved, path), value);
    // And a second generation still has it.
    const SessionLoadResult again = load(test::toBytes(saved));
    QVERIFY(again.ok());
    QCOMPARE(test::valueAt(sessionToJson(again.session), path), value);
}

void TestSessionJson::unknownFieldsSurviveEdits()
{
    QJsonObject o = test::specExampleObject();
    o = test::withValue(o, QStringLiteral("x_view"), QJsonObject { { QStringLiteral("zoom"), 3 } });
    o = test::withValue(o, QStringLiteral("attention.x_note"), QStringLiteral("kept"));
    o = test::withValue(o, QStringLiteral("target.x_note"), QStringLiteral("kept too"));
    SessionLoadResult r = load(test::toBytes(o));
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    // Edits as the GUI makes them: on the session, not on the JSON.
    r.session.attention.config.heads = 1;
    r.session.title = QStringLiteral("edited");
    r.session.target.tokens.append(QStringLiteral("you"));
    r.session.target.embeddings.conservativeResize(3, 4);
    r.session.target.embeddings.row(2).setConstant(0.5);
    r.session.target.padding.push_back(true);
    const QJsonObject saved = sessionToJson(r.session);
    QCOMPARE(test::valueAt(saved, QStringLiteral("x_view.zoom")).toInt(), 3);
    QCOMPARE(test::valueAt(saved, QStringLiteral("attention.x_note")).toString(),
        QStringLiteral("kept"));
    QCOMPARE(test::valueAt(saved, QStringLiteral("target.x_note")).toString(),
        QStringLiteral("kept too"));
    // The edits themselves are saved.
    QCOMPARE(test::valueAt(saved, QStringLiteral("attention.heads")).toInt(), 1);
    QCOMPARE(test::valueAt(saved, QStringLiteral("title")).toString(), QStringLiteral("edited"));
    QCOMPARE(
        test::valueAt(saved, QStringLiteral("target.tokens[2]")).toString(), QStringLiteral("you"));
    QCOMPARE(test::valueAt(saved, QStringLiteral("target.padding[2]")).toBool(), true);
}

void TestSessionJson::fieldsNoLongerMeaningfulAreDropped()
{
    // A file with explicit matrices and biases, switched to identity in the program: the old
    // matrices must not linger in the saved file (they would contradict the mode), while an
    // unknown field next to them stays.
    const QByteArray json
        = test::readFileBytes(test::referenceCasesDir() + QStringLiteral("/padding.session.json"));
    QJsonObject o = QJsonDocument::fromJson(json).object();
    o = test::withValue(o, QStringLiteral("attention.projections.x_keep"), 1);
    SessionLoadResult r = load(test::toBytes(o));
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    QCOMPARE(r.session.attention.projections.mode, ProjectionMode::Explicit);
    r.session.attention.projections = Projections();
    const QJsonObject saved = sessionToJson(r.session);
    const QJsonObject proj
        = test::valueAt(saved, QStringLiteral("attention.projections")).toObject();
    QCOMPARE(proj.value(QStringLiteral("mode")).toString(), QStringLiteral("identity"));
    for (const char *key : { "w_q", "w_k", "w_v", "w_o", "b_q", "b_k", "b_v", "b_o", "seed" })
        QVERIFY2(!proj.contains(QLatin1String(key)), key);
    QCOMPARE(proj.value(QStringLiteral("x_keep")).toInt(), 1);
    // The same when padding is removed from a sequence.
    r.session.source.padding.clear();
    QVERIFY(
        test::valueAt(sessionToJson(r.session), QStringLiteral("source.padding")).isUndefined());
}

void TestSessionJson::numbersReadBackExactly_data()
{
    QTest::addColumn<double>("value");
    QTest::newRow("0.1") << 0.1;
    QTest::newRow("1/3") << 1.0 / 3.0;
    QTest::newRow("-2/7") << -2.0 / 7.0;
    QTest::newRow("pi") << M_PI;
    QTest::newRow("1 + ulp") << std::nextafter(1.0, 2.0);
    QTest::newRow("1e-300") << 1e-300;
    QTest::newRow("smallest normal") << std::numeric_limits<double>::min();
    QTest::newRow("smallest subnormal") << std::numeric_limits<double>::denorm_min();
    QTest::newRow("just under the magnitude limit") << std::nextafter(1e12, 0.0);
    QTest::newRow("17 significant digits") << 123456.78901234567;
    QTest::newRow("large with a fraction") << 987654321012.2501;
    QTest::newRow("-0.0") << -0.0;
}

void TestSessionJson::numbersReadBackExactly()
{
    QFETCH(double, value);
    const SessionLoadResult r = load(test::specExampleJson());
    QVERIFY(r.ok());
    Session s = r.session;
    s.source.embeddings(2, 1) = value;
    s.target.embeddings(0, 3) = -value;
    const SessionLoadResult back = load(sessionToJsonBytes(s));
    QVERIFY2(back.ok(), qPrintable(errorText(back)));
    const double a = back.session.source.embeddings(2, 1);
    const double b = back.session.target.embeddings(0, 3);
    // Bit for bit (memcmp also tells 0 from -0, which == does not).
    QVERIFY2(std::memcmp(&a, &value, sizeof a) == 0 || (a == 0 && value == 0),
        qPrintable(QString::number(a, 'g', 17)));
    QCOMPARE(b, -value);
    QCOMPARE(a, value);
}

void TestSessionJson::savedFileHasFormatAndVersion()
{
    const QJsonObject saved
        = QJsonDocument::fromJson(sessionToJsonBytes(sessionMadeInCode())).object();
    QCOMPARE(saved.value(QStringLiteral("format")).toString(), QLatin1String(sessionFormatName));
    QCOMPARE(saved.value(QStringLiteral("version")).toInt(), sessionFormatVersion);
    QCOMPARE(sessionFormatVersion, 1);
}

void TestSessionJson::versionOneAsFloatIsAccepted()
{
    // JSON does not tell 1 from 1.0; both are the version the spec defines.
    QByteArray json = test::specExampleJson();
    json.replace("\"version\": 1,", "\"version\": 1.0,");
    QVERIFY(json.contains("1.0,"));
    const SessionLoadResult r = load(json);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
}

void TestSessionJson::loadSessionFileErrors()
{
    QVERIFY(m_dir.isValid());
    const SessionLoadResult missing = loadSessionFile(m_dir.filePath(QStringLiteral("nope.json")));
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error->kind, SessionError::Kind::Io);
    QVERIFY(!missing.error->message.isEmpty());

    const SessionLoadResult folder = loadSessionFile(m_dir.path());
    QVERIFY(!folder.ok());
    QCOMPARE(folder.error->kind, SessionError::Kind::Io);
    QVERIFY2(folder.error->message.contains(QStringLiteral("folder")),
        qPrintable(folder.error->message));
}

void TestSessionJson::largestSessionFitsTheFileLimit()
{
    // Every session the limits allow must open again once saved. The largest one (512 tokens of
    // width 1024 on both sides, explicit 1024 x 1024 projections) saves to about a quarter of a
    // gigabyte, so measure a copy scaled down by 8 in every dimension, with the same nesting and
    // the longest number texts a valid session can hold, and scale up by the count of numbers.
    const int tokens = limits::maxTokens / 8;
    const int width = limits::maxEmbeddingWidth / 8;
    std::mt19937_64 gen(3);
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    auto longest = [&](Eigen::Index rows, Eigen::Index cols) {
        Eigen::MatrixXd m(rows, cols); // e.g. -1.2345678901234567e-100: 24 characters
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = -mantissa(gen) * 1e-100;
        return m;
    };
    Session s;
    for (int i = 0; i < tokens; ++i) {
        s.source.tokens.append(QStringLiteral("s%1").arg(i));
        s.target.tokens.append(QStringLiteral("t%1").arg(i));
    }
    s.source.embeddings = longest(tokens, width);
    s.target.embeddings = longest(tokens, width);
    s.source.padding.assign(size_t(tokens), false);
    s.target.padding.assign(size_t(tokens), true);
    s.attention.config.dModel = width;
    s.attention.config.heads = 8;
    Projections &p = s.attention.projections;
    p.mode = ProjectionMode::Explicit;
    p.wq = longest(width, width);
    p.wk = longest(width, width);
    p.wv = longest(width, width);
    p.wo = longest(width, width);
    p.bq = p.bk = p.bv = p.bo = longest(1, width);
    const QByteArray bytes = sessionToJsonBytes(s);
    QVERIFY(load(bytes).ok());

    auto numbersAt = [](double t, double w) { return 2 * t * w + 4 * w * w + 4 * w; };
    const double perNumber = bytes.size() / numbersAt(tokens, width);
    // Tokens of the longest length in 3-byte UTF-8, and the longest title, on top.
    const double text = 2.0 * limits::maxTokens * (3 * limits::maxTokenLength + 32)
        + 3.0 * limits::maxTitleLength;
    const double largest
        = perNumber * numbersAt(limits::maxTokens, limits::maxEmbeddingWidth) + text;
    QVERIFY2(largest < double(limits::maxSessionFileBytes),
        qPrintable(QStringLiteral("the largest session saves to about %1 bytes, the limit is %2")
                       .arg(largest, 0, 'f', 0)
                       .arg(limits::maxSessionFileBytes)));
}

void TestSessionJson::loadSessionFileReadsUtf8()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("我的会话.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(test::specExampleJson());
    file.close();
    const SessionLoadResult r = loadSessionFile(path);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    QCOMPARE(r.session.source.tokens.at(2), QStringLiteral("深度"));
}

QTEST_MAIN(TestSessionJson)
#include "tst_sessionjson.moc"
