#include "testsupportexport.h"

#include "heatmapdata.h"
#include "sessioncompute.h"

#include <QFile>
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

QByteArray ExportTestSupport::specExampleJson()
{
    // The spec's own example session (session-format.md §2), shared by every test folder.
    QFile file(QStringLiteral(AE_TEST_DATA_DIR "/spec-example.session.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Session ExportTestSupport::specExample()
{
    Session s;
    s.title = QStringLiteral("我爱深度学习 → i love");
    s.source.tokens = QStringList { QStringLiteral("我"), QStringLiteral("爱"),
        QStringLiteral("深度"), QStringLiteral("学习") };
    s.source.embeddings.resize(4, 4);
    s.source.embeddings << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3,
        0.5, 0.2;
    s.target.tokens = QStringList { QStringLiteral("i"), QStringLiteral("love") };
    s.target.embeddings = s.source.embeddings.topRows(2);
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = 4;
    s.attention.config.heads = 2;
    return s;
}

HeatmapData ExportTestSupport::heatmap(const Session &session, int head)
{
    return HeatmapDataBuilder::weights(session, computeSession(session), head);
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
