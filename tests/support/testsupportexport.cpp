// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportexport.h"

#include "heatmap/heatmapdata.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>
#include <csignal>
#include <sys/resource.h>

namespace ae {

Session ExportTestSupport::session(
    const QStringList &queries, const QStringList &keys, int width, int heads, bool causal)
{
    Session s;
    auto fill = [width](SequenceData &seq, const QStringList &tokens, double offset) {
        seq.tokens = tokens;
        seq.embeddings.resize(tokens.size(), width);
        for (int r = 0; r < tokens.size(); ++r) {
            for (int c = 0; c < width; ++c)
                seq.embeddings(r, c) = offset + 0.1 * ((r * 7 + c * 3) % 11) - 0.4;
        }
    };
    fill(s.target, queries, 0.05);
    fill(s.source, keys, -0.02);
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = width;
    s.attention.config.heads = heads;
    s.attention.config.causal = causal;
    return s;
}

Session ExportTestSupport::specExample()
{
    // The one spec example of every folder, read from its file.
    return sessionFromJson(test::specExampleJson()).session;
}

HeatmapData ExportTestSupport::heatmap(const Session &session, int head)
{
    return HeatmapDataBuilder::weights(session, computeSession(session), head);
}

QByteArray ExportTestSupport::importedAttentionJson()
{
    return R"({
  "title": "bert layer 3",
  "query_tokens": ["the", "cat"],
  "key_tokens": ["le", "chat", "noir"],
  "weights": [[[0.5, 0.25, 0.25], [0.1, 0.8, 0.1]],
              [[0.2, 0.2, 0.6], [0.3, 0.3, 0.4]]]
})";
}

QStringList ExportTestSupport::hostileTokens()
{
    QString loneHigh;
    loneHigh += QChar(0xD83D); // the first half of an emoji, without its second half
    loneHigh += QStringLiteral("x");
    return { QStringLiteral("<&\"]]>"), QStringLiteral("</text><image/>"),
        QStringLiteral("a\u0001b\u0007c"), QStringLiteral("tab\tnew\nline"),
        QStringLiteral("\u200Fשלום\u200E"), QStringLiteral("\u202Eevil"), loneHigh,
        QString(QChar(0xFFFE)) + QStringLiteral("z"), QStringLiteral("'single' & \"double\"") };
}

QString ExportTestSupport::simulateCrash(
    const QString &autosave, const QString &directory, const QString &id)
{
    // A process id that no running process has.
    qint64 deadPid = 999999;
    for (qint64 pid = 999999; pid > 300000; --pid) {
        if (!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid))) {
            deadPid = pid;
            break;
        }
    }
    const QString left = QDir(directory).filePath(QStringLiteral("session-%1.json").arg(id));
    QFile::remove(left);
    QFile::copy(autosave, left);
    QFile lock(QDir(directory).filePath(QStringLiteral("session-%1.lock").arg(id)));
    if (lock.open(QIODevice::WriteOnly)) {
        lock.write(QByteArray::number(deadPid) + "\nattention-explorer\n"
            + QSysInfo::machineHostName().toUtf8() + "\n");
    }
    return left;
}

bool ExportTestSupport::writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray ExportTestSupport::readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

ExportTestSupport::FileSizeLimit::FileSizeLimit(qint64 bytes)
{
    rlimit limit {};
    getrlimit(RLIMIT_FSIZE, &limit);
    m_oldSoft = qint64(limit.rlim_cur);
    m_oldHandler = std::signal(SIGXFSZ, SIG_IGN); // a failed write, not a dead process
    limit.rlim_cur = rlim_t(bytes);
    setrlimit(RLIMIT_FSIZE, &limit);
}

ExportTestSupport::FileSizeLimit::~FileSizeLimit()
{
    rlimit limit {};
    getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = rlim_t(m_oldSoft);
    setrlimit(RLIMIT_FSIZE, &limit);
    std::signal(SIGXFSZ, m_oldHandler);
}

} // namespace ae
