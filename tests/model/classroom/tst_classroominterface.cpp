// SPDX-License-Identifier: GPL-3.0-or-later
// The addresses the class-answers server may listen on, and the one students open: on every
// interface at once (0.0.0.0) the join address is the first address a phone can reach, never
// 0.0.0.0. Pure: the lists of interfaces are made here, nothing listens.

#include "classroom/classroominterface.h"

#include <QtTest>

using namespace ae;

/// Tests ClassroomInterface.
class TestClassroomInterface : public QObject
{
    Q_OBJECT

private slots:
    void reachableAddress_data();
    void reachableAddress();
    void offeredOrder();
};

namespace {

ClassroomInterface entry(const char *address, const char *name)
{
    return { QHostAddress(QString::fromLatin1(address)), QString::fromLatin1(name) };
}

} // namespace

void TestClassroomInterface::reachableAddress_data()
{
    QTest::addColumn<QString>("bound");
    QTest::addColumn<QVector<ClassroomInterface>>("offered");
    QTest::addColumn<QString>("expected");
    const QVector<ClassroomInterface> lan { entry("192.168.1.20", "wlan0"),
        entry("10.0.0.5", "eth0"), entry("127.0.0.1", "lo"), entry("0.0.0.0", "") };
    const QVector<ClassroomInterface> alone { entry("127.0.0.1", "lo"), entry("0.0.0.0", "") };
    QTest::newRow("every interface: the first network's")
        << QStringLiteral("0.0.0.0") << lan << QStringLiteral("192.168.1.20");
    QTest::newRow("every interface, IPv6 spelling")
        << QStringLiteral("::") << lan << QStringLiteral("192.168.1.20");
    QTest::newRow("every interface, no network: this computer")
        << QStringLiteral("0.0.0.0") << alone << QStringLiteral("127.0.0.1");
    QTest::newRow("loopback listed first is skipped")
        << QStringLiteral("0.0.0.0")
        << QVector<ClassroomInterface> { entry("127.0.0.1", "lo"), entry("0.0.0.0", ""),
               entry("172.16.3.4", "eth1") }
        << QStringLiteral("172.16.3.4");
    QTest::newRow("a chosen network stays")
        << QStringLiteral("10.0.0.5") << lan << QStringLiteral("10.0.0.5");
    QTest::newRow("this computer stays")
        << QStringLiteral("127.0.0.1") << lan << QStringLiteral("127.0.0.1");
}

void TestClassroomInterface::reachableAddress()
{
    QFETCH(QString, bound);
    QFETCH(QVector<ClassroomInterface>, offered);
    QFETCH(QString, expected);
    const QHostAddress address = ClassroomInterface::reachableAddress(QHostAddress(bound), offered);
    QCOMPARE(address.toString(), expected);
    QVERIFY(address != QHostAddress(QHostAddress::AnyIPv4));
}

void TestClassroomInterface::offeredOrder()
{
    // This computer's list ends with this computer only, then every interface; the address a
    // phone opens for every interface is never every interface's.
    const QVector<ClassroomInterface> offered = ClassroomInterface::offered();
    QVERIFY(offered.size() >= 2);
    QVERIFY(offered.constLast().isEveryInterface());
    QVERIFY(offered.at(offered.size() - 2).isLoopback());
    const QHostAddress reachable
        = ClassroomInterface::reachableAddress(QHostAddress(QHostAddress::AnyIPv4));
    QVERIFY(reachable != QHostAddress(QHostAddress::AnyIPv4));
    QCOMPARE(reachable,
        offered.size() > 2 ? offered.first().address : QHostAddress(QHostAddress::LocalHost));
}

QTEST_MAIN(TestClassroomInterface)
#include "tst_classroominterface.moc"
