#pragma once

/// @file testsupportexport.h
/// Helpers for the export and file suites: sessions with chosen tokens (CJK, hostile), heatmap
/// data computed for them, and an independent reading of SVG files.

#include "session.h"
#include "testsupportsvg.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ae {

struct HeatmapData;

/// Test fixtures for figures and files.
class ExportTestSupport
{
public:
    /// A valid session with identity projections: @p queries as the target (queries), @p keys
    /// as the source (keys and values), embeddings width @p width made of small numbers
    /// following a simple pattern, @p heads heads, cross-attention target -> source.
    static Session session(const QStringList &queries, const QStringList &keys, int width = 4,
        int heads = 2, bool causal = false);
    /// The spec's example session (../shared/spec/session-format.md §2).
    static Session specExample();
    /// The spec example's JSON text.
    static QByteArray specExampleJson();

    /// The mean (@p head < 0) or one head's weights of @p session, computed by the core.
    static HeatmapData heatmap(const Session &session, int head = -1);

    /// Tokens no XML writer should trust: markup, CDATA ends, quotes, control characters,
    /// right-to-left marks and overrides, a lone surrogate, a noncharacter.
    static QStringList hostileTokens();

    /// Writes @p bytes to @p path; false on failure.
    static bool writeFile(const QString &path, const QByteArray &bytes);
    /// The content of @p path (empty when it cannot be read).
    static QByteArray readFile(const QString &path);

    /// While it lives, this process may write files of at most @p bytes bytes (RLIMIT_FSIZE,
    /// with SIGXFSZ ignored): a write past it fails part-way, as on a full disk.
    class FileSizeLimit
    {
    public:
        explicit FileSizeLimit(qint64 bytes);
        ~FileSizeLimit();
        FileSizeLimit(const FileSizeLimit &) = delete;
        FileSizeLimit &operator=(const FileSizeLimit &) = delete;

    private:
        qint64 m_oldSoft = 0;
        void (*m_oldHandler)(int) = nullptr;
    };
};

} // namespace ae
