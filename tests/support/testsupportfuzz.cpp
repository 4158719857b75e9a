// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportfuzz.h"

#include "lesson/lessonjson.h"
#include "lesson/lessonresolvedjson.h"
#include "session/sessionjson.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QTest>

namespace ae::test {

QStringList fuzzRegressionFiles(const QString &harness)
{
    const QDir dir(QStringLiteral(AE_TEST_DATA_DIR "/fuzz-regressions/") + harness);
    QStringList files;
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

void addFuzzRegressionRows(const QString &harness)
{
    for (const QString &file : fuzzRegressionFiles(harness))
        QTest::newRow(qPrintable(QFileInfo(file).fileName())) << file;
}

std::pair<int, int> countAcceptedRefused(
    const QString &harness, FuzzVerdict (*check)(const QByteArray &))
{
    std::pair<int, int> counts { 0, 0 };
    for (const QString &file : fuzzRegressionFiles(harness))
        ++(check(readFileBytes(file)).accepted ? counts.first : counts.second);
    return counts;
}

FuzzVerdict checkSessionInput(const QByteArray &bytes)
{
    FuzzVerdict v;
    const SessionLoadResult loaded = sessionFromJson(bytes);
    if (!loaded.ok()) {
        if (loaded.error->message.isEmpty())
            v.problem = QStringLiteral("refused without a message");
        return v;
    }
    v.accepted = true;
    const QByteArray saved = sessionToJsonBytes(loaded.session);
    const SessionLoadResult reloaded = sessionFromJson(saved);
    if (!reloaded.ok())
        v.problem = QStringLiteral("the saved session is refused: ") + reloaded.error->toString();
    else if (reloaded.session != loaded.session)
        v.problem = QStringLiteral("the saved session loads as another session:\n")
            + QString::fromUtf8(saved.left(4000));
    else if (sessionToJsonBytes(reloaded.session) != saved)
        v.problem = QStringLiteral("saving the reloaded session gives other bytes");
    return v;
}

std::optional<QByteArray> lessonTestExample(const QString &name)
{
    static const QHash<QString, QByteArray> examples = [] {
        QHash<QString, QByteArray> found;
        const QDir builtIn(QStringLiteral(AE_SOURCE_DIR "/resources/examples"));
        for (const QString &file : builtIn.entryList({ QStringLiteral("*.json") }, QDir::Files))
            found.insert(QFileInfo(file).completeBaseName(), readFileBytes(builtIn.filePath(file)));
        const QDir cases(referenceCasesDir());
        for (const QString &file :
            cases.entryList({ QStringLiteral("*.session.json") }, QDir::Files))
            found.insert(file.chopped(int(sizeof(".session.json")) - 1),
                readFileBytes(cases.filePath(file)));
        return found;
    }();
    const auto it = examples.find(name);
    if (it == examples.end())
        return std::nullopt;
    return *it;
}

FuzzVerdict checkLessonInput(const QByteArray &bytes)
{
    FuzzVerdict v;
    const LessonLoadResult loaded = lessonFromJson(bytes, lessonTestExample);
    if (!loaded.ok()) {
        if (loaded.error->message.isEmpty())
            v.problem = QStringLiteral("refused without a message");
        return v;
    }
    v.accepted = true;
    for (size_t i = 0; i < loaded.lesson.steps.size() && v.problem.isEmpty(); ++i) {
        const ResolvedLessonStep &step = loaded.lesson.steps[i];
        const SessionLoadResult again = sessionFromJsonObject(sessionToJson(step.session));
        if (!again.ok() || again.session != step.session)
            v.problem = QStringLiteral("step %1's session does not load again as itself").arg(i);
        const int lq = step.session.querySequence().length();
        const int lk = step.session.keyValueSequence().length();
        for (const auto &[query, key] : step.view.highlights) {
            if (query < 0 || query >= lq || key < 0 || key >= lk)
                v.problem = QStringLiteral("step %1 highlights a cell outside the map").arg(i);
        }
        if (step.question && step.question->kind == LessonQuestionKind::Argmax
            && (step.answer.index < 0 || step.answer.index >= lk))
            v.problem = QStringLiteral("step %1's argmax is not a key").arg(i);
        if (step.question && step.question->kind == LessonQuestionKind::Weight
            && !(step.answer.value >= 0.0 && step.answer.value <= 1.0))
            v.problem = QStringLiteral("step %1's weight is outside 0..1").arg(i);
    }
    if (v.problem.isEmpty()
        && QJsonDocument(resolvedLessonToJson(loaded.lesson)).toJson().isEmpty())
        v.problem = QStringLiteral("the check JSON is empty");
    return v;
}

} // namespace ae::test
