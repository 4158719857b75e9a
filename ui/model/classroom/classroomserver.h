// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomserver.h
/// The class-answers server: students join a room from their browsers and answer the
/// current step's question.

#include "classroom/answerbook.h"
#include "classroom/classrecord.h"
#include "classroom/classroomquestion.h"

#include <QPointer>

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSet>
#include <QUrl>
#include <optional>

class QTcpServer;

namespace ae {

class ClassroomConnection;
class ClassroomRevealImages;
namespace classroom {
struct HttpRequest;
}

/// Serves the students' page (from the program's resources, under ":/classroom") and its JSON
/// endpoints on one address and port:
/// - `POST /api/join` {room, nickname}: a token, or 403 for a wrong room code (429 after
///   kMaxWrongCodesPerWindow wrong codes from one address), 503 when the room is full;
/// - `GET /api/state?room=&token=`: the current question, the student's own answer, and the
///   counts only once the teacher shows them or reveals;
/// - `GET /api/events?room=&token=`: the same state pushed as server-sent events;
/// - `POST /api/answer` {room, token, step, choice}: acknowledged only once the class record
///   file holds it. The answers that arrive in one turn of the event loop are written with one
///   atomic write of the record, then all acknowledged (or all refused when it fails);
/// - `GET /api/image?room=&token=&step=`: after the step's reveal, its picture as PNG (from
///   setRevealImages(), at most kMaxRevealImageBytes), never cached; 404 when it has none,
///   409 before the reveal.
/// Unknown paths are 404; at most kMaxConnectionsPerAddress connections per address.
class ClassroomServer : public QObject
{
    Q_OBJECT
public:
    explicit ClassroomServer(QObject *parent = nullptr);
    ~ClassroomServer() override;

    /// Listens on @p address and @p port (0: a free one) with a new room code. On failure
    /// returns false and sets @p error.
    bool start(const QHostAddress &address, quint16 port, QString *error);
    /// Closes every connection and stops listening.
    void stop();
    /// Stops, and forgets the room: its students, their answers, the class record's rows (the
    /// file written so far stays as it is) and the question. The next start() opens an empty
    /// room, as for another lesson.
    void clearRoom();
    /// True while listening.
    bool isListening() const;
    /// The port listened on.
    quint16 port() const;
    /// The room code.
    QString roomCode() const { return m_roomCode; }
    /// The address students open (with the room code in its query); on every interface at
    /// once, the first one a phone can reach (ClassroomInterface::reachableAddress()).
    QUrl joinUrl() const;

    /// Where the class record is written (empty: only in memory). Returns false with @p error
    /// when the file cannot be written.
    bool setRecordFile(const QString &fileName, QString *error);
    /// The class record.
    const ClassRecord &record() const { return m_record; }
    /// The students and their answers.
    const classroom::AnswerBook &book() const { return m_book; }

    /// Where the students' pages get the picture of a revealed step (not owned; null: no
    /// pictures). The window and `serve` both set a LessonRevealImages.
    void setRevealImages(ClassroomRevealImages *images) { m_images = images; }
    /// The PNG the students see for the current question's step after its reveal; empty
    /// before the reveal or when the step has no picture.
    QByteArray revealImage() const;

    /// Makes @p question the current one (its step's answers so far are kept).
    void setQuestion(const ClassroomQuestion &question);
    /// Makes @p step current without a question.
    void setStepWithoutQuestion(int step);
    /// Makes step @p step of @p lesson current: its question when the class can answer it
    /// with a button (ClassroomQuestion::fromLessonStep), else the step without a question.
    /// Returns the question set, or nothing. The `serve` command's Enter and the played
    /// lesson in the window both go through it.
    std::optional<ClassroomQuestion> showLessonStep(const ResolvedLesson &lesson, int step);
    /// The current question, if the current step has one.
    const std::optional<ClassroomQuestion> &question() const { return m_question; }
    /// Shows the counts of the current question to the students (before the reveal).
    void showCounts();
    /// Reveals the current question: answers are final, the right choice is shown.
    bool reveal();

signals:
    /// A student joined, or an answer arrived or changed.
    void roomChanged();
    /// The server started or stopped listening.
    void listeningChanged(bool listening);

private:
    void acceptConnections();
    void handle(ClassroomConnection *connection, const classroom::HttpRequest &request);
    void serveStatic(ClassroomConnection *connection, const classroom::HttpRequest &request);
    void join(ClassroomConnection *connection, const QJsonObject &body);
    void answer(ClassroomConnection *connection, const QJsonObject &body);
    void serveImage(ClassroomConnection *connection, const QString &step);
    void recordPending();
    void prepareRevealImage();
    bool checkRoom(ClassroomConnection *connection, const QString &room);
    QJsonObject stateJson(const QString &token) const;
    void pushState();

    QTcpServer *m_server = nullptr;
    QString m_roomCode;
    classroom::AnswerBook m_book;
    ClassRecord m_record;
    std::optional<ClassroomQuestion> m_question;
    int m_step = -1;
    bool m_countsShown = false;
    QHash<QString, int> m_connectionsPerAddress;
    QSet<ClassroomConnection *> m_connections;
    QHash<ClassroomConnection *, QString> m_streams; ///< event streams and their tokens
    struct WrongCodes
    {
        qint64 windowStart = 0;
        int count = 0;
    };
    QHash<QString, WrongCodes> m_wrongCodes;
    QElapsedTimer m_clock;
    /// An answer taken into the book, waiting for the record's next write to be acknowledged.
    struct PendingAnswer
    {
        QPointer<ClassroomConnection> connection;
        QString token;
        int step = -1;
        int choice = -1;
        std::optional<int> before; ///< the answer it replaced, for taking it back
        QStringList row; ///< the record's row; empty for an unchanged answer
    };
    QVector<PendingAnswer> m_pending;
    bool m_recordScheduled = false;
    ClassroomRevealImages *m_images = nullptr;
    QByteArray m_revealPng;
    int m_revealPngStep = -1;
};

} // namespace ae
