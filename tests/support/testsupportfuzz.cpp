// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportfuzz.h"

#include "sessionjson.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
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

} // namespace ae::test
