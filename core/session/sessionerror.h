// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionerror.h
/// Why a session or file was refused.

#include <QString>

namespace ae {

/// A refusal: the JSON path of the offending field and what is wrong with it.
struct SessionError
{
    enum class Kind {
        Invalid, ///< the content breaks the format (exit status 2)
        Io ///< the file could not be read or written (exit status 1)
    };
    Kind kind = Kind::Invalid;
    QString path; ///< e.g. "attention.heads" or "source.embeddings[2]"; empty for the whole file
    QString message; ///< e.g. "3 does not divide d_model 4"

    /// "path: message", or just the message when there is no path.
    QString toString() const
    {
        return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
    }

    bool operator==(const SessionError &o) const
    {
        return kind == o.kind && path == o.path && message == o.message;
    }
    bool operator!=(const SessionError &o) const { return !(*this == o); }
};

} // namespace ae
