// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroominterface.h
/// The network addresses the class-answers server may listen on.

#include <QHostAddress>
#include <QString>
#include <QVector>

namespace ae {

/// One address the teacher may pick for the class-answers server, with its interface's name.
struct ClassroomInterface
{
    QHostAddress address;
    QString interfaceName; ///< e.g. "wlan0"; empty for every interface at once
    /// True for the address of every interface at once (0.0.0.0), offered last and never the
    /// default.
    bool isEveryInterface() const { return address == QHostAddress(QHostAddress::AnyIPv4); }
    /// True for the loopback address (this computer only).
    bool isLoopback() const { return address.isLoopback(); }

    /// The addresses offered, in this order: the IPv4 addresses of the interfaces that are up
    /// and not loopback (the first is the default), the loopback address 127.0.0.1, and every
    /// interface at once (0.0.0.0).
    static QVector<ClassroomInterface> offered();

    /// The address students open when the server listens on @p bound: @p bound itself, except
    /// for every interface at once (0.0.0.0, or ::), which no phone can open: then the first
    /// address of @p offered that is neither loopback nor every interface, or 127.0.0.1 when
    /// there is none.
    static QHostAddress reachableAddress(
        const QHostAddress &bound, const QVector<ClassroomInterface> &offered);
    /// reachableAddress() among this computer's offered() addresses.
    static QHostAddress reachableAddress(const QHostAddress &bound);
};

} // namespace ae
