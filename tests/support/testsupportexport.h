// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportexport.h
/// Helpers for the export and file suites: sessions with chosen tokens (CJK, hostile), heatmap
/// data computed for them, and an independent reading of SVG files.

#include "session/session.h"
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
    /// The example session of the README's session file section, as read from
    /// test::specExampleJson().
    static Session specExample();

    /// The mean (@p head < 0) or one head's weights of @p session, computed by the core.
    static HeatmapData heatmap(const Session &session, int head = -1);

    /// Attention weights as another program exports them: 2 heads, 2 queries, 3 keys.
    static QByteArray importedAttentionJson();

    /// Tokens no XML writer should trust: markup, CDATA ends, quotes, control characters,
    /// right-to-left marks and overrides, a lone surrogate, a noncharacter.
    static QStringList hostileTokens();

    /// Leaves the autosave file @p autosave behind in @p directory as a crashed instance
    /// would: under instance @p id's name, with a lock file naming a process that is gone.
    /// Returns the file left behind.
    static QString simulateCrash(
        const QString &autosave, const QString &directory, const QString &id);

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
