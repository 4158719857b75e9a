// SPDX-License-Identifier: GPL-3.0-or-later
// Session equality (operator== in core/session/session.h): every field the file format has, known
// or not, takes part. Each leaf of a full session file is changed in turn through the loader, so a
// field added to the format but left out of the comparison makes this test fail.

#include "testsupport.h"

#include "session/sessionjson.h"

#include <QJsonArray>
#include <QtTest>

using namespace ae;

namespace {

/// The path of every leaf (number, string, boolean) under @p value, in withValue() syntax.
void collectLeaves(const QJsonValue &value, const QString &path, QStringList *out)
{
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            collectLeaves(
                it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), out);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (int i = 0; i < a.size(); ++i)
            collectLeaves(a.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), out);
    } else {
        out->append(path);
    }
}

/// The path of every object under @p value (the root is "").
void collectObjects(const QJsonValue &value, const QString &path, QStringList *out)
{
    if (value.isObject()) {
        out->append(path);
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            collectObjects(
                it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), out);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (int i = 0; i < a.size(); ++i)
            collectObjects(a.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), out);
    }
}

/// Values different from @p v that may still make a valid session, most likely first.
QList<QJsonValue> replacements(const QJsonValue &v)
{
    QList<QJsonValue> out;
    if (v.isBool()) {
        out << !v.toBool();
    } else if (v.isDouble()) {
        const double x = v.toDouble();
        for (double y : { x + 1, 2.0, 1.0, x * 2 + 1, 0.5 }) {
            if (y != x)
                out << y;
        }
    } else if (v.isString()) {
        out << v.toString() + QStringLiteral("x");
        for (const char *word : { "none", "source", "target", "hashed", "one_hot", "manual",
                 "identity", "random", "sqrt_dk" }) {
            if (v.toString() != QLatin1String(word))
                out << QString::fromLatin1(word);
        }
    }
    return out;
}

/// The field name of a leaf path, without indices: "source.embeddings[1][2]" -> "embeddings".
QString fieldOf(const QString &path)
{
    const QString last = path.section(QLatin1Char('.'), -1);
    return last.section(QLatin1Char('['), 0, 0);
}

} // namespace

/// Tests that operator== on Session sees every field.
class TestSessionEquality : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameContentIsEqual_data();
    void sameContentIsEqual();
    void everyFieldTakesPart();
    void unknownFieldsTakePart_data();
    void unknownFieldsTakePart();
    void nestedStructs();

private:
    /// Bases whose files hold every field the format has, between them.
    QList<QPair<QString, QJsonObject>> m_bases;
};

void TestSessionEquality::initTestCase()
{
    const SessionLoadResult spec = sessionFromJson(test::specExampleJson());
    QVERIFY(spec.ok());
    m_bases.append({ QStringLiteral("spec example"), test::specExampleObject() });

    // Every optional field written: recipes, padding on both sides, explicit projections with
    // all four biases, the scaling experiment.
    Session full = spec.session;
    full.source.recipe = EmbeddingRecipe { EmbeddingMode::Hashed, 5, true };
    full.source.padding = { false, false, true, false };
    full.target.padding = { false, true };
    full.target.recipe = EmbeddingRecipe { EmbeddingMode::Manual, 2, false };
    full.attention.config.scale = ScaleSpec { ScaleMode::Custom, 3.0 };
    full.attention.config.causal = true;
    Projections &p = full.attention.projections;
    p.mode = ProjectionMode::Explicit;
    p.wq = p.wk = p.wv = p.wo = Eigen::MatrixXd::Identity(4, 4);
    p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Constant(4, 0.25);
    full.scaling.dims = { 8, 16 };
    full.scaling.queries = 100;
    full.scaling.keys = 7;
    full.scaling.repeats = 2;
    full.scaling.seed = 3;
    m_bases.append({ QStringLiteral("every field"), sessionToJson(full) });

    Session random = spec.session;
    random.attention.projections.mode = ProjectionMode::Random;
    random.attention.projections.seed = 11;
    m_bases.append({ QStringLiteral("random projections"), sessionToJson(random) });

    for (const auto &[name, root] : m_bases) {
        const SessionLoadResult r = sessionFromJson(test::toBytes(root));
        QVERIFY2(r.ok(),
            qPrintable(name + QStringLiteral(": ") + (r.ok() ? QString() : r.error->toString())));
    }
}

void TestSessionEquality::sameContentIsEqual_data()
{
    QTest::addColumn<QJsonObject>("root");
    for (const auto &[name, root] : m_bases)
        QTest::newRow(qPrintable(name)) << root;
}

void TestSessionEquality::sameContentIsEqual()
{
    QFETCH(QJsonObject, root);
    const Session a = sessionFromJson(test::toBytes(root)).session;
    const Session b = sessionFromJson(test::toBytes(root)).session;
    QVERIFY(a == b);
    QVERIFY(!(a != b));
    // Saved and read again: the known fields of the file differ in form (defaults written out),
    // the content does not.
    const Session again = sessionFromJson(sessionToJsonBytes(a)).session;
    QVERIFY(again == a);
}

void TestSessionEquality::everyFieldTakesPart()
{
    // A field counts as compared when changing it in any base gives an unequal session.
    QSet<QString> tested, untested;
    for (const auto &[name, root] : m_bases) {
        const Session base = sessionFromJson(test::toBytes(root)).session;
        QStringList leaves;
        collectLeaves(root, QString(), &leaves);
        QVERIFY(leaves.size() > 20);
        for (const QString &path : leaves) {
            bool changed = false;
            for (const QJsonValue &v : replacements(test::valueAt(root, path))) {
                const SessionLoadResult r
                    = sessionFromJson(test::toBytes(test::withValue(root, path, v)));
                if (!r.ok())
                    continue; // this change makes an invalid session; try another
                QVERIFY2(!(r.session == base),
                    qPrintable(
                        name + QStringLiteral(": ") + path + QStringLiteral(" is not compared")));
                QVERIFY(r.session != base);
                changed = true;
                break;
            }
            (changed ? tested : untested).insert(fieldOf(path));
        }
    }
    // Only the format's name and version admit no other valid value.
    untested.subtract(tested);
    untested.subtract({ QStringLiteral("format"), QStringLiteral("version") });
    QVERIFY2(untested.isEmpty(), qPrintable(QStringList(untested.values()).join(u',')));
    QVERIFY(tested.size() >= 25);
}

void TestSessionEquality::unknownFieldsTakePart_data()
{
    QTest::addColumn<QJsonObject>("root");
    for (const auto &[name, root] : m_bases)
        QTest::newRow(qPrintable(name)) << root;
}

void TestSessionEquality::unknownFieldsTakePart()
{
    QFETCH(QJsonObject, root);
    const Session base = sessionFromJson(test::toBytes(root)).session;
    QStringList objects;
    collectObjects(root, QString(), &objects);
    QVERIFY(objects.size() >= 4);
    for (const QString &path : objects) {
        const QString key
            = path.isEmpty() ? QStringLiteral("x_note") : path + QStringLiteral(".x_note");
        const QJsonObject withNote = test::withValue(root, key, QStringLiteral("kept"));
        const SessionLoadResult noted = sessionFromJson(test::toBytes(withNote));
        QVERIFY2(noted.ok(), qPrintable(key));
        QVERIFY2(!(noted.session == base), qPrintable(key + QStringLiteral(" is not compared")));

        // The same unknown field read twice is equal; a changed value is not.
        QVERIFY(sessionFromJson(test::toBytes(withNote)).session == noted.session);
        const SessionLoadResult changed
            = sessionFromJson(test::toBytes(test::withValue(root, key, QStringLiteral("changed"))));
        QVERIFY2(!(changed.session == noted.session), qPrintable(key));
    }
}

void TestSessionEquality::nestedStructs()
{
    const Session s = sessionFromJson(test::specExampleJson()).session;
    SequenceData seq = s.source;
    QVERIFY(seq == s.source);
    seq.padding = { false, false, false, false };
    // Written differently in the file ("padding" present), so not the same session.
    QVERIFY(seq != s.source);

    AttentionSettings a = s.attention;
    QVERIFY(a == s.attention);
    a.projections.bq = Eigen::RowVectorXd::Zero(4);
    QVERIFY(a != s.attention);
    a = s.attention;
    a.config.scale.divisor = 7.0; // unused while the mode is sqrt_dk, but still a field
    QVERIFY(a != s.attention);

    // Matrices of different shapes compare unequal instead of asserting.
    Projections p;
    p.wq = Eigen::MatrixXd::Zero(2, 3);
    Projections q;
    q.wq = Eigen::MatrixXd::Zero(3, 2);
    QVERIFY(p != q);
}

QTEST_MAIN(TestSessionEquality)
#include "tst_sessionequality.moc"
