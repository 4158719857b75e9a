// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportclassroomload.h"

#include "testsupportclassroom.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace ae::test {

namespace {

QByteArray keepAlivePost(const QByteArray &path, const QByteArray &body)
{
    return "POST " + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

/// One student's connection: join, then answer.
struct Student
{
    enum class Phase { Connecting, Joining, Answering, Done };
    std::unique_ptr<QTcpSocket> socket;
    Phase phase = Phase::Connecting;
    QByteArray bytes;
    qint64 sentAt = 0;
};

} // namespace

double SimulatedClassResult::quantile(double fraction) const
{
    if (roundTripsMs.isEmpty())
        return 0.0;
    QVector<double> sorted = roundTripsMs;
    std::sort(sorted.begin(), sorted.end());
    const auto index
        = static_cast<qsizetype>(std::ceil(fraction * static_cast<double>(sorted.size())) - 1.0);
    return sorted[std::clamp<qsizetype>(index, 0, sorted.size() - 1)];
}

SimulatedClassResult runSimulatedClass(quint16 port, const QString &room, int students, int step,
    const std::function<int(int)> &choiceOf, int timeoutMs, const std::function<void(int)> &onAck)
{
    SimulatedClassResult result;
    QElapsedTimer clock;
    clock.start();
    std::vector<Student> all(static_cast<size_t>(students));
    int done = 0;
    const auto finish = [&](Student &s, bool ok) {
        if (s.phase == Student::Phase::Done)
            return;
        if (!ok)
            ++result.refused;
        s.phase = Student::Phase::Done;
        s.socket->abort();
        ++done;
    };
    for (int i = 0; i < students; ++i) {
        Student &s = all[static_cast<size_t>(i)];
        s.socket = std::make_unique<QTcpSocket>();
        QTcpSocket *socket = s.socket.get();
        // 127.0.1.1, 127.0.1.2, ...: one loopback address for each phone.
        const QHostAddress from(
            quint32((127u << 24) | quint32(1 + i / 250) << 8 | quint32(1 + i % 250)));
        QObject::connect(socket, &QTcpSocket::connected, socket, [&, i, socket] {
            Student &me = all[static_cast<size_t>(i)];
            me.phase = Student::Phase::Joining;
            socket->write(keepAlivePost("/api/join",
                jsonBytes({ { QStringLiteral("room"), room },
                    { QStringLiteral("nickname"), QStringLiteral("s%1").arg(i) } })));
        });
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [&, i, socket] {
            Student &me = all[static_cast<size_t>(i)];
            me.bytes += socket->readAll();
            HttpResponse r;
            if (!parseHttpResponse(me.bytes, &r))
                return;
            me.bytes.clear();
            if (me.phase == Student::Phase::Joining) {
                if (r.status != 200) {
                    finish(me, false);
                    return;
                }
                ++result.joined;
                me.phase = Student::Phase::Answering;
                me.sentAt = clock.nsecsElapsed();
                socket->write(keepAlivePost("/api/answer",
                    jsonBytes({ { QStringLiteral("room"), room },
                        { QStringLiteral("token"), r.json().value(QStringLiteral("token")) },
                        { QStringLiteral("step"), step },
                        { QStringLiteral("choice"), choiceOf(i) } })));
            } else if (me.phase == Student::Phase::Answering) {
                if (r.status == 200) {
                    result.roundTripsMs.append(double(clock.nsecsElapsed() - me.sentAt) / 1e6);
                    ++result.acknowledged;
                    if (onAck)
                        onAck(i);
                }
                result.wholeMs = double(clock.nsecsElapsed()) / 1e6;
                finish(me, r.status == 200);
            }
        });
        QObject::connect(socket, &QTcpSocket::errorOccurred, socket,
            [&, i] { finish(all[static_cast<size_t>(i)], false); });
        if (!socket->bind(from, 0)) {
            finish(s, false);
            continue;
        }
        socket->connectToHost(QHostAddress::LocalHost, port);
    }
    // An event loop that never naps (QTest::qWaitFor sleeps 10 ms between passes, which the
    // round trips would count): it ends when the last student is done, or at the timeout.
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done >= students)
            loop.quit();
    });
    check.start(1);
    if (done < students)
        loop.exec();
    for (Student &s : all) {
        if (s.socket)
            s.socket->disconnect();
    }
    return result;
}

} // namespace ae::test
