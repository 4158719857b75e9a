// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroominterface.h"

#include <QNetworkInterface>

namespace ae {

QVector<ClassroomInterface> ClassroomInterface::offered()
{
    QVector<ClassroomInterface> out;
    QString loopbackName;
    const auto interfaces = QNetworkInterface::allInterfaces();
    for (const QNetworkInterface &i : interfaces) {
        const auto flags = i.flags();
        if (!flags.testFlag(QNetworkInterface::IsUp)
            || !flags.testFlag(QNetworkInterface::IsRunning))
            continue;
        if (flags.testFlag(QNetworkInterface::IsLoopBack)) {
            loopbackName = i.humanReadableName();
            continue;
        }
        for (const QNetworkAddressEntry &entry : i.addressEntries()) {
            const QHostAddress a = entry.ip();
            if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
                out.append({ a, i.humanReadableName() });
        }
    }
    out.append({ QHostAddress(QHostAddress::LocalHost), loopbackName });
    out.append({ QHostAddress(QHostAddress::AnyIPv4), QString() });
    return out;
}

QHostAddress ClassroomInterface::reachableAddress(
    const QHostAddress &bound, const QVector<ClassroomInterface> &offered)
{
    const bool every = bound == QHostAddress(QHostAddress::AnyIPv4)
        || bound == QHostAddress(QHostAddress::Any) || bound == QHostAddress(QHostAddress::AnyIPv6);
    if (!every)
        return bound;
    for (const ClassroomInterface &i : offered) {
        if (!i.isEveryInterface() && !i.isLoopback() && !i.address.isNull()
            && i.address.protocol() == QAbstractSocket::IPv4Protocol)
            return i.address;
    }
    return QHostAddress(QHostAddress::LocalHost);
}

QHostAddress ClassroomInterface::reachableAddress(const QHostAddress &bound)
{
    return reachableAddress(bound, offered());
}

} // namespace ae
