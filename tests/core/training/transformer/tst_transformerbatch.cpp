// SPDX-License-Identifier: GPL-3.0-or-later
// A one-example transformer batch: one row each, the ids in order, nothing padded.

#include "training/transformer/transformerbatch.h"

#include <QtTest>

#include <vector>

using namespace ae;

class TestTransformerBatch : public QObject
{
    Q_OBJECT

private slots:
    void single_data();
    void single();
};

void TestTransformerBatch::single_data()
{
    QTest::addColumn<QList<int>>("source");
    QTest::addColumn<QList<int>>("target");
    QTest::newRow("one word each") << QList<int> { 4 } << QList<int> { 1 };
    QTest::newRow("longer target") << QList<int> { 7, 3, 9 } << QList<int> { 2, 8, 8, 5, 1 };
    QTest::newRow("longer source") << QList<int> { 0, 11, 6, 6 } << QList<int> { 3, 1 };
}

void TestTransformerBatch::single()
{
    QFETCH(QList<int>, source);
    QFETCH(QList<int>, target);
    const TransformerBatch batch
        = TransformerBatch::single(std::vector<int>(source.begin(), source.end()),
            std::vector<int>(target.begin(), target.end()));
    QCOMPARE(batch.size(), 1);
    QCOMPARE(batch.sourceLength(), int(source.size()));
    QCOMPARE(batch.targetLength(), int(target.size()));
    QCOMPARE(batch.source.rows(), Eigen::Index(1));
    QCOMPARE(batch.target.rows(), Eigen::Index(1));
    for (int i = 0; i < int(source.size()); ++i)
        QCOMPARE(batch.source(0, i), source[i]);
    for (int i = 0; i < int(target.size()); ++i)
        QCOMPARE(batch.target(0, i), target[i]);
    QCOMPARE(batch.sourcePadding.size(), Eigen::Index(0));
    QCOMPARE(batch.targetPadding.size(), Eigen::Index(0));
}

QTEST_MAIN(TestTransformerBatch)
#include "tst_transformerbatch.moc"
