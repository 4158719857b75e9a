// SPDX-License-Identifier: GPL-3.0-or-later
// The torch.nn.Transformer float64 references (shared and the project's own) replayed by the
// transformer core: every loss,
// step-0 gradient, step-0 attention map of example 0 (encoder self, decoder self, cross) and
// final parameter, each to 1e-9 relative (1e-9 absolute below 1).

#include "testsupport.h"
#include "testsupporttraining.h"
#include "training/transformer/transformerjson.h"

#include <QJsonArray>
#include <QtTest>
#include <cmath>

using namespace ae;

class TestTransformerReference : public QObject
{
    Q_OBJECT

private slots:
    void replay_data();
    void replay();
    void readsTheArchitecture();
};

namespace {

/// The largest |a - e| / max(1, |e|) over the numbers of @p expected (infinity when a shape
/// or a key differs): the figure the tolerance bounds, printed for the record.
double worstError(const QJsonValue &actual, const QJsonValue &expected)
{
    if (expected.isObject()) {
        double worst = 0.0;
        const QJsonObject e = expected.toObject();
        for (auto it = e.begin(); it != e.end(); ++it)
            worst = std::max(worst, worstError(actual.toObject().value(it.key()), it.value()));
        return worst;
    }
    if (expected.isArray()) {
        const QJsonArray a = actual.toArray(), e = expected.toArray();
        if (a.size() != e.size())
            return INFINITY;
        double worst = 0.0;
        for (qsizetype i = 0; i < e.size(); ++i)
            worst = std::max(worst, worstError(a[i], e[i]));
        return worst;
    }
    if (!actual.isDouble())
        return INFINITY;
    const double x = expected.toDouble();
    return std::abs(actual.toDouble() - x) / std::max(1.0, std::abs(x));
}

} // namespace

void TestTransformerReference::replay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("field");
    // The shared references, and the project's own cases (padding, 3 layers, heads of width
    // 1, long sequences) written by tests/data/training-transformer/make-references.py.
    const QString shared = test::transformerReferenceDir();
    const QString own = QStringLiteral(AE_TEST_DATA_DIR "/training-transformer");
    QVERIFY(test::referenceNames(shared).size() >= 2);
    QVERIFY(test::referenceNames(own).size() >= 3);
    for (const QString &dir : { shared, own })
        for (const QString &name : test::referenceNames(dir))
            for (const char *field :
                { "losses", "gradients_step0", "attention_step0_item0", "final" })
                QTest::addRow("%s %s", qPrintable(name), field) << dir + QLatin1Char('/') + name
                        + QStringLiteral(".json") << QString::fromLatin1(field);
}

void TestTransformerReference::replay()
{
    QFETCH(QString, file);
    QFETCH(QString, field);
    const QByteArray bytes = test::readFileBytes(file);
    SessionError error;
    const auto input = parseTransformerReplay(bytes, &error);
    QVERIFY2(input, qPrintable(error.toString()));
    const TransformerReplayOutput out = runTransformerReplay(*input);
    QVERIFY(!out.divergedAt);
    const QJsonObject actual = transformerReplayOutputJson(out);
    const QJsonObject expected
        = test::readJsonObject(file).value(QStringLiteral("expected")).toObject();
    QVERIFY(expected.contains(field));
    qInfo("%s: largest error %.3g", qPrintable(field),
        worstError(actual.value(field), expected.value(field)));
    const QString why
        = test::compareTrainingJson(actual.value(field), expected.value(field), field);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

void TestTransformerReference::readsTheArchitecture()
{
    const QString dir = test::transformerReferenceDir();
    const QByteArray bytes = test::readFileBytes(dir + QStringLiteral("/tiny-adam.json"));
    QVERIFY(isTransformerReplay(bytes));
    SessionError error;
    const auto input = parseTransformerReplay(bytes, &error);
    QVERIFY2(input, qPrintable(error.toString()));
    QCOMPARE(input->spec.encoderLayers, 1);
    QCOMPARE(input->spec.decoderLayers, 1);
    QCOMPARE(input->spec.dimFeedforward, 16);
    QCOMPARE(input->init.encoder.size(), size_t(1));

    // A tensor of the wrong shape is refused with its JSON path.
    QByteArray broken = bytes;
    broken.replace("\"encoder.norm.weight\": [", "\"encoder.norm.weight\": [0.5, ");
    QVERIFY(!parseTransformerReplay(broken, &error));
    QCOMPARE(error.path, QStringLiteral("init.encoder.norm.weight"));
    QVERIFY2(
        error.message.contains(QStringLiteral("9 numbers, expected 8")), qPrintable(error.message));
}

QTEST_MAIN(TestTransformerReference)
#include "tst_transformerreference.moc"
