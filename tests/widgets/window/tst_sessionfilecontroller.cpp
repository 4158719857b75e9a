// SPDX-License-Identifier: GPL-3.0-or-later
// Session files: open (refused files leave the session untouched and name the field), save and
// reopen keeping every field (unknown ones too, nested), atomic saves that fail without harm,
// the unsaved-changes question, revert, new, recent files, and dropping a file on the window.

#include "document/document.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"
#include "window/sessionfilecontroller.h"

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

using namespace ae;

namespace {

using T = ExportTestSupport;

/// The spec example with fields this version does not know, at several levels.
QByteArray withUnknownFields()
{
    QJsonObject root = QJsonDocument::fromJson(ae::test::specExampleJson()).object();
    root.insert(QStringLiteral("x_lesson"),
        QJsonObject { { QStringLiteral("week"), 3 },
            { QStringLiteral("notes"), QStringLiteral("复习 softmax") } });
    QJsonObject source = root.value(QStringLiteral("source")).toObject();
    source.insert(QStringLiteral("x_origin"), QStringLiteral("typed in class"));
    root.insert(QStringLiteral("source"), source);
    QJsonObject attention = root.value(QStringLiteral("attention")).toObject();
    QJsonObject projections = attention.value(QStringLiteral("projections")).toObject();
    projections.insert(QStringLiteral("x_comment"),
        QJsonObject { { QStringLiteral("deep"), QJsonObject { { QStringLiteral("er"), true } } } });
    attention.insert(QStringLiteral("projections"), projections);
    attention.insert(QStringLiteral("x_flag"), 42);
    root.insert(QStringLiteral("attention"), attention);
    return QJsonDocument(root).toJson();
}

/// Every key of @p expected is in @p actual with an equal value (recursively).
QString missingFrom(
    const QJsonObject &actual, const QJsonObject &expected, const QString &path = QString())
{
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QString here = path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key();
        if (!actual.contains(it.key()))
            return here + QStringLiteral(" is missing");
        if (it.value().isObject()) {
            const QString inner
                = missingFrom(actual.value(it.key()).toObject(), it.value().toObject(), here);
            if (!inner.isEmpty())
                return inner;
        } else if (actual.value(it.key()) != it.value()) {
            return here + QStringLiteral(" differs");
        }
    }
    return {};
}

/// Clicks @p button of the next modal message box as soon as it opens.
void answerNextQuestion(QMessageBox::StandardButton button, const QString &customText = QString())
{
    QTimer::singleShot(0, [button, customText] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        if (!customText.isEmpty()) {
            for (QAbstractButton *b : box->buttons()) {
                if (b->text() == customText)
                    b->click();
            }
            return;
        }
        box->button(button)->click();
    });
}

} // namespace

class TestSessionFileController : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void opensAFile();
    void refusedFileLeavesTheSessionUntouched_data();
    void refusedFileLeavesTheSessionUntouched();
    void roundTripKeepsEveryField();
    void failedSaveKeepsTheOldFileAndTheWork_data();
    void failedSaveKeepsTheOldFileAndTheWork();
    void invalidSessionIsNotSaved();
    void unsavedChangesQuestion_data();
    void unsavedChangesQuestion();
    void openingAsksAboutUnsavedChanges();
    void revertDropsTheChanges();
    void newStartsASimpleValidSession();
    void recentFiles();
    void droppingAFileOpensIt();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString autosaveDir() const { return m_dir.filePath(QStringLiteral("autosave")); }

    QTemporaryDir m_dir;
};

void TestSessionFileController::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_sessionfilecontroller"));
}

void TestSessionFileController::init()
{
    QSettings().clear();
}

void TestSessionFileController::opensAFile()
{
    const QString file = path(QStringLiteral("open.json"));
    QVERIFY(T::writeFile(file, ae::test::specExampleJson()));
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QSignalSpy opened(&files, &SessionFileController::opened);
    QVERIFY(files.openFile(file));
    QCOMPARE(document.fileName(), QFileInfo(file).absoluteFilePath());
    QVERIFY(!document.isModified());
    QCOMPARE(document.session().source.tokens, T::specExample().source.tokens);
    QCOMPARE(document.session().attention.config.heads, 2);
    QCOMPARE(files.recentFiles().value(0), QFileInfo(file).absoluteFilePath());
    QCOMPARE(opened.size(), 1);
}

void TestSessionFileController::refusedFileLeavesTheSessionUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<QString>("expected");
    auto spec = [](const char *from, const char *to) {
        QByteArray json = ae::test::specExampleJson();
        return json.replace(from, to);
    };
    QTest::newRow("not JSON") << QByteArray("{\"format\": ") << qint64(-1)
                              << QStringLiteral("line");
    QTest::newRow("heads do not divide d_model")
        << spec("\"heads\": 2", "\"heads\": 3") << qint64(-1) << QStringLiteral("attention.heads");
    QTest::newRow("ragged embeddings") << spec("[1.2, -0.2, 0.1, 0.4]", "[1.2, -0.2, 0.1]")
                                       << qint64(-1) << QStringLiteral("source.embeddings[2]");
    QTest::newRow("unknown version")
        << spec("\"version\": 1", "\"version\": 7") << qint64(-1) << QStringLiteral("version");
    QTest::newRow("unknown wiring")
        << spec("\"query_from\": \"target\"", "\"query_from\": \"middle\"") << qint64(-1)
        << QStringLiteral("attention.query_from");
    QTest::newRow("empty file") << QByteArray() << qint64(-1) << QStringLiteral("not valid JSON");
    // One byte past the limit, of nothing (a sparse file): refused by size before it is read.
    QTest::newRow("too large") << QByteArray() << qint64(limits::maxSessionFileBytes + 1)
                               << QStringLiteral("more than the limit");
}

void TestSessionFileController::refusedFileLeavesTheSessionUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(qint64, size);
    QFETCH(QString, expected);
    const QString file = path(QStringLiteral("refused.json"));
    QFile::remove(file);
    QVERIFY(T::writeFile(file, content));
    if (size > 0) {
        QFile f(file);
        QVERIFY(f.resize(size));
    }
    Document document;
    document.resetSession(T::specExample(), QString());
    document.setTitle(QStringLiteral("work in progress"));
    const QByteArray before = sessionToJsonBytes(document.session());
    SessionFileController files(&document, nullptr, autosaveDir());
    QSignalSpy messages(&files, &SessionFileController::message);
    // Refused before any question: no dialog may appear (it would block this test).
    QVERIFY(!files.openFile(file));
    QCOMPARE(sessionToJsonBytes(document.session()), before);
    QVERIFY(document.isModified());
    QVERIFY(document.fileName().isEmpty());
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.front().at(1).toBool(), true);
    QVERIFY2(
        files.lastError().contains(expected, Qt::CaseInsensitive), qPrintable(files.lastError()));
    QVERIFY(files.lastError().contains(QLatin1String("refused.json")));
    QVERIFY(files.lastError().contains(QLatin1String("unchanged")));
    QVERIFY(files.recentFiles().isEmpty());
}

void TestSessionFileController::roundTripKeepsEveryField()
{
    const QString original = path(QStringLiteral("lesson.json"));
    const QByteArray source = withUnknownFields();
    QVERIFY(T::writeFile(original, source));
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QVERIFY(files.openFile(original));

    // Saved unchanged: every field of the file comes back, unknown ones at every level.
    const QString copy = path(QStringLiteral("lesson-copy.json"));
    QVERIFY2(files.saveTo(copy), qPrintable(files.lastError()));
    const QJsonObject expected = QJsonDocument::fromJson(source).object();
    const QJsonObject saved = QJsonDocument::fromJson(T::readFile(copy)).object();
    QCOMPARE(missingFrom(saved, expected), QString());
    QCOMPARE(document.fileName(), QFileInfo(copy).absoluteFilePath());
    QVERIFY(!document.isModified());

    // Edited and saved: the edit is there, everything else as before.
    document.setTitle(QStringLiteral("第三周: cross-attention"));
    document.setCausal(true);
    QVERIFY(document.isModified());
    QVERIFY(files.save());
    QVERIFY(!document.isModified());
    const QJsonObject edited = QJsonDocument::fromJson(T::readFile(copy)).object();
    QCOMPARE(edited.value(QStringLiteral("title")).toString(),
        QStringLiteral("第三周: cross-attention"));
    QCOMPARE(edited.value(QStringLiteral("attention"))
                 .toObject()
                 .value(QStringLiteral("causal"))
                 .toBool(),
        true);
    QJsonObject expectedEdited = expected;
    expectedEdited.insert(QStringLiteral("title"), QStringLiteral("第三周: cross-attention"));
    QJsonObject attention = expectedEdited.value(QStringLiteral("attention")).toObject();
    attention.insert(QStringLiteral("causal"), true);
    expectedEdited.insert(QStringLiteral("attention"), attention);
    QCOMPARE(missingFrom(edited, expectedEdited), QString());

    // Reopened in a fresh document: the same session.
    Document again;
    SessionFileController files2(&again, nullptr, autosaveDir());
    QVERIFY(files2.openFile(copy));
    QCOMPARE(again.session().title, document.session().title);
    QCOMPARE(again.session().attention.config.causal, true);
    QCOMPARE(again.session().source.tokens, document.session().source.tokens);
    QVERIFY(test::maxAbsDifference(
                again.session().source.embeddings, document.session().source.embeddings)
        == 0.0);
    QVERIFY(test::maxAbsDifference(
                again.session().target.embeddings, document.session().target.embeddings)
        == 0.0);
    QCOMPARE(sessionToJsonBytes(again.session()), sessionToJsonBytes(document.session()));
}

void TestSessionFileController::failedSaveKeepsTheOldFileAndTheWork_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<bool>("oldFile");
    QTest::addColumn<bool>("diskFull");
    QTest::newRow("folder that does not exist")
        << QStringLiteral("no/such/folder/s.json") << false << false;
    QTest::newRow("folder nobody may write (/proc)")
        << QStringLiteral("/proc/ae-session.json") << false << false;
    QTest::newRow("the name of a folder") << QStringLiteral("a-folder") << false << false;
    QTest::newRow("disk full in the middle of the write")
        << QStringLiteral("full.json") << true << true;
}

void TestSessionFileController::failedSaveKeepsTheOldFileAndTheWork()
{
    QFETCH(QString, target);
    QFETCH(bool, oldFile);
    QFETCH(bool, diskFull);
    const QString file = QDir::isAbsolutePath(target) ? target : path(target);
    if (target == QLatin1String("a-folder"))
        QVERIFY(QDir().mkpath(file));
    const QByteArray old = "{\"the old file\": true}\n";
    if (oldFile)
        QVERIFY(T::writeFile(file, old));

    Document document;
    document.resetSession(T::specExample(), QString());
    document.setTitle(
        QStringLiteral("unsaved lesson with a long title so that the file is large enough"));
    SessionFileController files(&document, nullptr, autosaveDir());
    QSignalSpy messages(&files, &SessionFileController::message);
    bool saved = true;
    if (diskFull) {
        // Room for the first bytes only: the write fails part-way, as on a full disk.
        const T::FileSizeLimit limit(200);
        saved = files.saveTo(file);
    } else {
        saved = files.saveTo(file);
    }
    QVERIFY(!saved);
    QCOMPARE(messages.size(), 1);
    QVERIFY(messages.front().at(1).toBool());
    const QString error = files.lastError();
    QVERIFY2(error.contains(QDir::toNativeSeparators(file)), qPrintable(error));
    QVERIFY(error.contains(QLatin1String("unchanged")));
    // The work stays open and unsaved.
    QVERIFY(document.isModified());
    QVERIFY(document.fileName().isEmpty());
    QCOMPARE(document.session().title,
        QStringLiteral("unsaved lesson with a long title so that the file is large enough"));
    if (oldFile)
        QCOMPARE(T::readFile(file), old);
    // No half-written temporary file is left next to it.
    if (!QDir::isAbsolutePath(target)) {
        const QStringList left
            = QDir(m_dir.path()).entryList({ QStringLiteral("*.json.*") }, QDir::Files);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }
}

void TestSessionFileController::invalidSessionIsNotSaved()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    document.setHeads(3); // does not divide d_model 4
    QVERIFY(document.error());
    SessionFileController files(&document, nullptr, autosaveDir());
    const QString file = path(QStringLiteral("invalid.json"));
    QVERIFY(!files.saveTo(file));
    QVERIFY(!QFileInfo::exists(file));
    QVERIFY(files.lastError().contains(QLatin1String("attention.heads")));
    QVERIFY(document.isModified());
}

void TestSessionFileController::unsavedChangesQuestion_data()
{
    QTest::addColumn<bool>("modified");
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("mayGo");
    QTest::addColumn<bool>("savedAfter");
    QTest::newRow("nothing to save: no question")
        << false << int(QMessageBox::NoButton) << true << true;
    QTest::newRow("Discard") << true << int(QMessageBox::Discard) << true << false;
    QTest::newRow("Cancel") << true << int(QMessageBox::Cancel) << false << false;
    QTest::newRow("Save") << true << int(QMessageBox::Save) << true << true;
}

void TestSessionFileController::unsavedChangesQuestion()
{
    QFETCH(bool, modified);
    QFETCH(int, answer);
    QFETCH(bool, mayGo);
    QFETCH(bool, savedAfter);
    const QString file = path(QStringLiteral("question.json"));
    QVERIFY(T::writeFile(file, ae::test::specExampleJson()));
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QVERIFY(files.openFile(file));
    if (modified)
        document.setTitle(QStringLiteral("changed"));
    if (answer != QMessageBox::NoButton)
        answerNextQuestion(QMessageBox::StandardButton(answer));
    QCOMPARE(files.maybeSave(), mayGo);
    QCOMPARE(!document.isModified(), savedAfter);
    if (answer == QMessageBox::Save)
        QCOMPARE(QJsonDocument::fromJson(T::readFile(file))
                     .object()
                     .value(QStringLiteral("title"))
                     .toString(),
            QStringLiteral("changed"));
}

void TestSessionFileController::openingAsksAboutUnsavedChanges()
{
    const QString first = path(QStringLiteral("first.json"));
    const QString second = path(QStringLiteral("second.json"));
    QVERIFY(T::writeFile(first, ae::test::specExampleJson()));
    QVERIFY(T::writeFile(
        second, QByteArray(ae::test::specExampleJson()).replace("\"heads\": 2", "\"heads\": 4")));
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QVERIFY(files.openFile(first));
    document.setTitle(QStringLiteral("edited"));
    answerNextQuestion(QMessageBox::Cancel);
    QVERIFY(!files.openFile(second));
    QCOMPARE(document.session().title, QStringLiteral("edited"));
    answerNextQuestion(QMessageBox::Discard);
    QVERIFY(files.openFile(second));
    QCOMPARE(document.session().attention.config.heads, 4);
    QCOMPARE(document.fileName(), QFileInfo(second).absoluteFilePath());
}

void TestSessionFileController::revertDropsTheChanges()
{
    const QString file = path(QStringLiteral("revert.json"));
    QVERIFY(T::writeFile(file, ae::test::specExampleJson()));
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QVERIFY(files.openFile(file));
    document.setCausal(true);
    answerNextQuestion(QMessageBox::NoButton, SessionFileController::tr("Revert"));
    QVERIFY(files.revert());
    QVERIFY(!document.session().attention.config.causal);
    QVERIFY(!document.isModified());
    QCOMPARE(document.fileName(), QFileInfo(file).absoluteFilePath());
}

void TestSessionFileController::newStartsASimpleValidSession()
{
    Document document;
    document.resetSession(T::specExample(), path(QStringLiteral("x.json")));
    SessionFileController files(&document, nullptr, autosaveDir());
    QVERIFY(files.newSession());
    QVERIFY(!document.error());
    QVERIFY(document.hasResult());
    QVERIFY(document.fileName().isEmpty());
    QVERIFY(!document.isModified());
    QVERIFY(document.session().source.length() > 0 && document.session().target.length() > 0);
}

void TestSessionFileController::recentFiles()
{
    Document document;
    SessionFileController files(&document, nullptr, autosaveDir());
    QStringList names;
    for (int i = 0; i < SessionFileController::maxRecentFiles + 2; ++i) {
        const QString file = path(QStringLiteral("recent-%1.json").arg(i));
        QVERIFY(T::writeFile(file, ae::test::specExampleJson()));
        QVERIFY(files.openFile(file));
        names.prepend(QFileInfo(file).absoluteFilePath());
    }
    QCOMPARE(files.recentFiles(), names.mid(0, SessionFileController::maxRecentFiles));
    // Opening one again moves it to the top.
    QVERIFY(files.openFile(names.at(3)));
    QCOMPARE(files.recentFiles().value(0), names.at(3));
    QCOMPARE(files.recentFiles().count(names.at(3)), 1);
    files.clearRecentFiles();
    QVERIFY(files.recentFiles().isEmpty());
}

void TestSessionFileController::droppingAFileOpensIt()
{
    const QString file = path(QStringLiteral("dropped.json"));
    QVERIFY(T::writeFile(file, ae::test::specExampleJson()));
    QWidget window;
    Document document;
    SessionFileController files(&document, &window, autosaveDir());
    QVERIFY(window.acceptDrops());

    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(file) });
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QTRY_COMPARE(document.fileName(), QFileInfo(file).absoluteFilePath());

    // Anything but one session file is not taken.
    QMimeData text;
    text.setUrls({ QUrl::fromLocalFile(path(QStringLiteral("picture.png"))) });
    QDragEnterEvent other(QPoint(5, 5), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    other.setAccepted(false);
    QApplication::sendEvent(&window, &other);
    QVERIFY(!other.isAccepted());
}

QTEST_MAIN(TestSessionFileController)
#include "tst_sessionfilecontroller.moc"
