// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classroomserver.h"

#include "classroom/classroomconnection.h"
#include "classroom/classroominterface.h"
#include "classroom/classroomlimits.h"
#include "classroom/classroomrevealimages.h"
#include "classroom/httprequest.h"
#include "classroom/nickname.h"
#include "classroom/roomcode.h"
#include "classroom/studenttoken.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>
#include <utility>

namespace ae {

using classroom::HttpRequest;

namespace {

const QByteArray kJson = "application/json; charset=utf-8";
const QList<QPair<QByteArray, QByteArray>> kNoStore { { "Cache-Control", "no-store" } };

QByteArray jsonBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray errorJson(const QString &message)
{
    return jsonBytes(QJsonObject { { QStringLiteral("error"), message } });
}

} // namespace

ClassroomServer::ClassroomServer(QObject *parent)
    : QObject(parent)
{
    m_clock.start();
}

ClassroomServer::~ClassroomServer()
{
    stop();
}

bool ClassroomServer::start(const QHostAddress &address, quint16 port, QString *error)
{
    stop();
    m_server = new QTcpServer(this);
    m_server->setListenBacklogSize(classroom::kListenBacklog);
    m_server->setMaxPendingConnections(classroom::kListenBacklog);
    if (!m_server->listen(address, port)) {
        *error = m_server->errorString();
        delete m_server;
        m_server = nullptr;
        return false;
    }
    m_roomCode = classroom::RoomCode::generate(*QRandomGenerator::system());
    connect(m_server, &QTcpServer::newConnection, this, &ClassroomServer::acceptConnections);
    emit listeningChanged(true);
    return true;
}

void ClassroomServer::stop()
{
    // Answers taken are written (and acknowledged) before their connections close.
    recordPending();
    const auto connections = m_connections;
    for (ClassroomConnection *c : connections)
        c->close();
    m_connections.clear();
    m_streams.clear();
    m_connectionsPerAddress.clear();
    if (m_server) {
        m_server->close();
        delete m_server;
        m_server = nullptr;
        emit listeningChanged(false);
    }
}

void ClassroomServer::clearRoom()
{
    stop();
    m_book = classroom::AnswerBook();
    m_record = ClassRecord();
    m_question.reset();
    m_step = -1;
    m_countsShown = false;
    m_wrongCodes.clear();
    m_revealPng.clear();
    m_revealPngStep = -1;
    emit roomChanged();
}

bool ClassroomServer::isListening() const
{
    return m_server && m_server->isListening();
}

quint16 ClassroomServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

QUrl ClassroomServer::joinUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    // Listening on every interface, the address is one a phone can open, never 0.0.0.0.
    const QHostAddress address = m_server
        ? ClassroomInterface::reachableAddress(m_server->serverAddress())
        : QHostAddress();
    url.setHost(address.toString());
    url.setPort(port());
    url.setPath(QStringLiteral("/"));
    url.setQuery(QStringLiteral("room=") + m_roomCode);
    return url;
}

bool ClassroomServer::setRecordFile(const QString &fileName, QString *error)
{
    return m_record.setFileName(fileName, error);
}

void ClassroomServer::setQuestion(const ClassroomQuestion &question)
{
    m_question = question;
    m_step = question.step;
    m_countsShown = false;
    m_book.openQuestion(question.step, static_cast<int>(question.choices.size()));
    if (m_book.isRevealed(question.step)) // back to a step revealed before
        prepareRevealImage();
    pushState();
}

void ClassroomServer::setStepWithoutQuestion(int step)
{
    m_question.reset();
    m_step = step;
    m_countsShown = false;
    pushState();
}

std::optional<ClassroomQuestion> ClassroomServer::showLessonStep(
    const ResolvedLesson &lesson, int step)
{
    const int total = static_cast<int>(lesson.steps.size());
    const auto question = step >= 0 && step < total
        ? ClassroomQuestion::fromLessonStep(lesson.steps[static_cast<size_t>(step)], step)
        : std::nullopt;
    if (question)
        setQuestion(*question);
    else
        setStepWithoutQuestion(step);
    return question;
}

void ClassroomServer::showCounts()
{
    m_countsShown = true;
    pushState();
}

bool ClassroomServer::reveal()
{
    if (!m_question || !m_book.reveal(m_question->step))
        return false;
    prepareRevealImage();
    pushState();
    return true;
}

void ClassroomServer::prepareRevealImage()
{
    if (!m_question || m_revealPngStep == m_question->step)
        return;
    m_revealPngStep = m_question->step;
    m_revealPng = m_images ? m_images->revealPng(m_question->step) : QByteArray();
    if (m_revealPng.size() > classroom::kMaxRevealImageBytes)
        m_revealPng.clear();
}

QByteArray ClassroomServer::revealImage() const
{
    if (!m_question || m_revealPngStep != m_question->step || !m_book.isRevealed(m_question->step))
        return {};
    return m_revealPng;
}

void ClassroomServer::acceptConnections()
{
    // Bounded by the pending queue; each pass takes one connection.
    while (m_server && m_server->hasPendingConnections()) {
        QTcpSocket *socket = m_server->nextPendingConnection();
        const QString peer = socket->peerAddress().toString();
        int &count = m_connectionsPerAddress[peer];
        if (count >= classroom::kMaxConnectionsPerAddress) {
            socket->write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                          "Connection: close\r\n\r\n");
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            continue;
        }
        ++count;
        auto *connection = new ClassroomConnection(socket, this);
        m_connections.insert(connection);
        connect(connection, &ClassroomConnection::requestReady, this, &ClassroomServer::handle);
        connect(connection, &ClassroomConnection::closed, this, [this](ClassroomConnection *c) {
            m_connections.remove(c);
            m_streams.remove(c);
            auto it = m_connectionsPerAddress.find(c->peer());
            if (it != m_connectionsPerAddress.end() && --*it <= 0)
                m_connectionsPerAddress.erase(it);
        });
    }
}

void ClassroomServer::handle(ClassroomConnection *connection, const HttpRequest &request)
{
    const QString &path = request.path;
    if (!path.startsWith(QStringLiteral("/api/"))) {
        serveStatic(connection, request);
        return;
    }
    const bool post = request.method == "POST";
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (path == QStringLiteral("/api/join") || path == QStringLiteral("/api/answer")) {
        if (!post) {
            connection->respond(405, kJson, errorJson(tr("Use POST.")), { { "Allow", "POST" } });
            return;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
        if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
            connection->respond(400, kJson, errorJson(tr("The body is not a JSON object.")));
            return;
        }
        const QJsonObject body = doc.object();
        if (!checkRoom(connection, body.value(QStringLiteral("room")).toString()))
            return;
        if (path == QStringLiteral("/api/join"))
            join(connection, body);
        else
            answer(connection, body);
        return;
    }
    if (path == QStringLiteral("/api/state") || path == QStringLiteral("/api/events")
        || path == QStringLiteral("/api/image")) {
        if (!get) {
            connection->respond(405, kJson, errorJson(tr("Use GET.")), { { "Allow", "GET" } });
            return;
        }
        const QUrlQuery query(QString::fromLatin1(request.query));
        if (!checkRoom(
                connection, query.queryItemValue(QStringLiteral("room"), QUrl::FullyDecoded)))
            return;
        const QString token = query.queryItemValue(QStringLiteral("token"), QUrl::FullyDecoded);
        if (!classroom::StudentToken::isWellFormed(token) || m_book.nickname(token).isNull()) {
            connection->respond(403, kJson, errorJson(tr("Join the room first.")), kNoStore);
            return;
        }
        if (path == QStringLiteral("/api/state")) {
            connection->respond(200, kJson, jsonBytes(stateJson(token)), kNoStore);
            return;
        }
        if (path == QStringLiteral("/api/image")) {
            serveImage(
                connection, query.queryItemValue(QStringLiteral("step"), QUrl::FullyDecoded));
            return;
        }
        connection->startEventStream();
        m_streams.insert(connection, token);
        connection->sendEvent(jsonBytes(stateJson(token)));
        return;
    }
    connection->respond(404, kJson, errorJson(tr("No such address.")), kNoStore);
}

void ClassroomServer::serveStatic(ClassroomConnection *connection, const HttpRequest &request)
{
    static const QHash<QString, QPair<QString, QByteArray>> files {
        { QStringLiteral("/"),
            { QStringLiteral(":/classroom/index.html"), "text/html; charset=utf-8" } },
        { QStringLiteral("/index.html"),
            { QStringLiteral(":/classroom/index.html"), "text/html; charset=utf-8" } },
        { QStringLiteral("/app.js"),
            { QStringLiteral(":/classroom/app.js"), "text/javascript; charset=utf-8" } },
        { QStringLiteral("/style.css"),
            { QStringLiteral(":/classroom/style.css"), "text/css; charset=utf-8" } },
    };
    const auto it = files.constFind(request.path);
    if (it == files.constEnd()) {
        connection->respond(404, "text/plain; charset=utf-8", "Not found.\n");
        return;
    }
    if (request.method != "GET" && request.method != "HEAD") {
        connection->respond(
            405, "text/plain; charset=utf-8", "Use GET.\n", { { "Allow", "GET, HEAD" } });
        return;
    }
    QFile file(it->first);
    if (!file.open(QIODevice::ReadOnly)) {
        connection->respond(500, "text/plain; charset=utf-8", "The page is missing.\n");
        return;
    }
    connection->respond(200, it->second, file.readAll(), { { "Cache-Control", "no-cache" } });
}

void ClassroomServer::serveImage(ClassroomConnection *connection, const QString &step)
{
    // The room code and the student's token were checked: only the room's students see it.
    bool ok = false;
    const int asked = step.toInt(&ok);
    if (!ok || !m_question || asked != m_question->step || !m_book.isRevealed(asked)) {
        connection->respond(
            409, kJson, errorJson(tr("That step's picture is not shown yet.")), kNoStore);
        return;
    }
    const QByteArray png = revealImage();
    if (png.isEmpty()) {
        connection->respond(404, kJson, errorJson(tr("This step has no picture.")), kNoStore);
        return;
    }
    connection->respond(200, "image/png", png, kNoStore);
}

bool ClassroomServer::checkRoom(ClassroomConnection *connection, const QString &room)
{
    const qint64 now = m_clock.elapsed();
    WrongCodes &wrong = m_wrongCodes[connection->peer()];
    if (now - wrong.windowStart > classroom::kWrongCodeWindowMs) {
        wrong.windowStart = now;
        wrong.count = 0;
    }
    if (wrong.count >= classroom::kMaxWrongCodesPerWindow) {
        connection->respond(429, kJson, errorJson(tr("Too many wrong room codes; wait a minute.")),
            { { "Retry-After", "60" }, { "Cache-Control", "no-store" } });
        return false;
    }
    if (classroom::RoomCode::matches(room, m_roomCode)) {
        if (wrong.count == 0)
            m_wrongCodes.remove(connection->peer());
        return true;
    }
    ++wrong.count;
    connection->respond(403, kJson, errorJson(tr("That is not this room's code.")), kNoStore);
    return false;
}

void ClassroomServer::join(ClassroomConnection *connection, const QJsonObject &body)
{
    const QString nickname
        = classroom::Nickname::sanitized(body.value(QStringLiteral("nickname")).toString());
    const QString token = classroom::StudentToken::generate(*QRandomGenerator::system());
    if (m_book.join(token, nickname) == classroom::AnswerBook::Outcome::RoomFull) {
        connection->respond(503, kJson, errorJson(tr("The room is full.")), kNoStore);
        return;
    }
    connection->respond(200, kJson,
        jsonBytes(QJsonObject {
            { QStringLiteral("token"), token }, { QStringLiteral("nickname"), nickname } }),
        kNoStore);
    emit roomChanged();
}

void ClassroomServer::answer(ClassroomConnection *connection, const QJsonObject &body)
{
    using Outcome = classroom::AnswerBook::Outcome;
    const QString token = body.value(QStringLiteral("token")).toString();
    const QJsonValue stepValue = body.value(QStringLiteral("step"));
    const QJsonValue choiceValue = body.value(QStringLiteral("choice"));
    if (!classroom::StudentToken::isWellFormed(token) || m_book.nickname(token).isNull()) {
        connection->respond(403, kJson, errorJson(tr("Join the room first.")), kNoStore);
        return;
    }
    if (!stepValue.isDouble() || !choiceValue.isDouble()) {
        connection->respond(
            400, kJson, errorJson(tr("step and choice must be numbers.")), kNoStore);
        return;
    }
    const int step = stepValue.toInt(-1);
    const int choice = choiceValue.toInt(-1);
    if (!m_question || step != m_question->step) {
        connection->respond(409, kJson, errorJson(tr("That question is not open.")), kNoStore);
        return;
    }
    const std::optional<int> before = m_book.answerOf(token, step);
    const Outcome outcome = m_book.answer(token, step, choice);
    if (outcome == Outcome::BadChoice) {
        connection->respond(400, kJson, errorJson(tr("No such choice.")), kNoStore);
        return;
    }
    if (outcome == Outcome::Revealed) {
        connection->respond(409, kJson, errorJson(tr("The answer was revealed.")), kNoStore);
        return;
    }
    PendingAnswer pending { connection, token, step, choice, before, {} };
    if (outcome == Outcome::Accepted || outcome == Outcome::Changed) {
        const LessonText &label = m_question->choices.at(choice);
        const QString correct = m_question->correct < 0
            ? QString()
            : (choice == m_question->correct ? QStringLiteral("yes") : QStringLiteral("no"));
        pending.row = QStringList { QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs),
            m_book.nickname(token), QString::number(step + 1), m_question->prompt.in(false),
            label.in(false), correct };
    }
    // Acknowledged once the record holds it: every answer of this turn of the event loop is
    // written with one atomic write, in the next turn.
    connection->deferResponse();
    m_pending.append(pending);
    if (!m_recordScheduled) {
        m_recordScheduled = true;
        QTimer::singleShot(0, this, &ClassroomServer::recordPending);
    }
}

void ClassroomServer::recordPending()
{
    m_recordScheduled = false;
    if (m_pending.isEmpty())
        return;
    const QVector<PendingAnswer> batch = std::exchange(m_pending, {});
    QList<QStringList> rows;
    for (const PendingAnswer &p : batch) {
        if (!p.row.isEmpty())
            rows.append(p.row);
    }
    QString error;
    if (!m_record.append(rows, &error)) {
        // Not acknowledged: the book goes back to what it held, the latest answer first.
        for (auto it = batch.crbegin(); it != batch.crend(); ++it) {
            if (it->row.isEmpty())
                continue;
            if (it->before)
                m_book.answer(it->token, it->step, *it->before);
            else
                m_book.withdraw(it->token, it->step);
        }
        for (const PendingAnswer &p : batch) {
            if (p.connection)
                p.connection->respond(500, kJson, errorJson(error), kNoStore);
        }
        return;
    }
    for (const PendingAnswer &p : batch) {
        if (p.connection)
            p.connection->respond(200, kJson,
                jsonBytes(QJsonObject {
                    { QStringLiteral("step"), p.step }, { QStringLiteral("choice"), p.choice } }),
                kNoStore);
    }
    emit roomChanged();
    if (m_countsShown)
        pushState();
}

QJsonObject ClassroomServer::stateJson(const QString &token) const
{
    QJsonObject o { { QStringLiteral("step"), m_step },
        { QStringLiteral("students"), m_book.studentCount() } };
    if (!m_question) {
        o.insert(QStringLiteral("question"), QJsonValue::Null);
        return o;
    }
    const int step = m_question->step;
    const bool revealed = m_book.isRevealed(step);
    o.insert(QStringLiteral("question"), m_question->toJson(revealed));
    o.insert(QStringLiteral("revealed"), revealed);
    if (revealed) // whether GET /api/image has the step's picture
        o.insert(QStringLiteral("image"), !revealImage().isEmpty());
    o.insert(QStringLiteral("answered"), m_book.answeredCount(step));
    const std::optional<int> mine = m_book.answerOf(token, step);
    o.insert(QStringLiteral("yourChoice"), mine ? QJsonValue(*mine) : QJsonValue::Null);
    if (revealed || m_countsShown) {
        QJsonArray counts;
        for (const int c : m_book.counts(step))
            counts.append(c);
        o.insert(QStringLiteral("counts"), counts);
    }
    return o;
}

void ClassroomServer::pushState()
{
    for (auto it = m_streams.cbegin(); it != m_streams.cend(); ++it)
        it.key()->sendEvent(jsonBytes(stateJson(it.value())));
}

} // namespace ae
