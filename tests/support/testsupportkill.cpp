// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportkill.h"

#include <QDir>
#include <random>

#ifdef Q_OS_UNIX
#include <csignal>
#endif

namespace ae::test {

Session numberedSession(quint64 seed, int index, int tokens, int width)
{
    std::mt19937_64 rng(seed * 1000003u + quint64(index));
    std::uniform_int_distribution<int> digits(-999, 999);
    // Numbers with three decimals: short in the file, and exact after a round trip anyway.
    const auto fill = [&](SequenceData &seq, int length, const QString &prefix) {
        seq.tokens.clear();
        for (int i = 0; i < length; ++i)
            seq.tokens << QStringLiteral("%1%2").arg(prefix).arg(i);
        seq.embeddings.resize(length, width);
        for (int r = 0; r < length; ++r) {
            for (int c = 0; c < width; ++c)
                seq.embeddings(r, c) = digits(rng) / 1000.0;
        }
        seq.recipe.mode = EmbeddingMode::Manual;
    };
    Session s;
    s.title = QStringLiteral("session %1 of series %2").arg(index).arg(seed);
    fill(s.source, tokens, QStringLiteral("x"));
    fill(s.target, std::max(1, tokens / 2), QStringLiteral("y"));
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = 8;
    s.attention.config.heads = 2;
    s.attention.projections.mode = ProjectionMode::Random;
    s.attention.projections.seed = quint64(index);
    return s;
}

bool killHard(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return false;
#ifdef Q_OS_UNIX
    ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
#else
    process.kill();
#endif
    return process.waitForFinished(30000);
}

QStringList folderEntries(const QString &directory)
{
    return QDir(directory).entryList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

qint64 envNumber(const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 value = qEnvironmentVariable(name).toLongLong(&ok);
    return ok ? value : fallback;
}

} // namespace ae::test
