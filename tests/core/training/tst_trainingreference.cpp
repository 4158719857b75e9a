// SPDX-License-Identifier: GPL-3.0-or-later
// The PyTorch float64 references replayed by the training core: losses, step-0 gradients,
// step-0 attention of example 0 and final parameters, each to 1e-9 relative.

#include "testsupport.h"
#include "testsupporttraining.h"
#include "training/trainingjson.h"

#include <QJsonArray>
#include <QtTest>

using namespace ae;

class TestTrainingReference : public QObject
{
    Q_OBJECT

private slots:
    void replay_data();
    void replay();
};

void TestTrainingReference::replay_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("field");
    const QStringList names = test::trainingReferenceNames();
    QVERIFY(names.size() >= 3);
    for (const QString &name : names)
        for (const char *field : { "losses", "gradients_step0", "attention_step0_item0", "final" })
            QTest::addRow("%s %s", qPrintable(name), field) << name << QString::fromLatin1(field);
}

void TestTrainingReference::replay()
{
    QFETCH(QString, name);
    QFETCH(QString, field);
    const QByteArray bytes = test::readFileBytes(
        test::trainingReferenceDir() + QLatin1Char('/') + name + QStringLiteral(".json"));
    SessionError error;
    const auto input = parseReplay(bytes, &error);
    QVERIFY2(input, qPrintable(error.toString()));
    const ReplayOutput out = runReplay(*input);
    QVERIFY(!out.divergedAt);
    const QJsonObject actual = replayOutputJson(out);
    const QJsonObject expected = test::readJsonObject(
        test::trainingReferenceDir() + QLatin1Char('/') + name + QStringLiteral(".json"))
                                     .value(QStringLiteral("expected"))
                                     .toObject();
    QVERIFY(expected.contains(field));
    const QString why
        = test::compareTrainingJson(actual.value(field), expected.value(field), field);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

QTEST_MAIN(TestTrainingReference)
#include "tst_trainingreference.moc"
