// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sessionerrortext.h
/// Turning a SessionError into a sentence for the window: which field, what is wrong, how to
/// fix it.

#include "session/session.h"
#include "session/sessionerror.h"

#include <QCoreApplication>
#include <QStringList>

namespace ae {

/// Wording of session errors for the inline message bar.
class SessionErrorText
{
    Q_DECLARE_TR_FUNCTIONS(SessionErrorText)
public:
    /// The field's name as the panels call it, e.g. "Heads" for "attention.heads" or
    /// "Source X, token 2" for "source.tokens[2]"; empty when the path names no field.
    static QString fieldName(const QString &path);
    /// "Heads (attention.heads): 3 does not divide d_model 4. Choose 1, 2 or 4 heads, or change
    /// d_model." — the field, the core's message and, where the core gives none, a way out.
    static QString describe(const SessionError &error, const Session &session);
    /// @p items as "a, b or c" in the interface language (Chinese "a、b 或 c").
    /// @p items as a list that goes on: "a, b, c" (Chinese "a、b、c").
    static QString list(const QStringList &items);
    static QString orList(const QStringList &items);
    /// @p text with the interface language's full stop at its end (replacing an ASCII one).
    static QString sentence(const QString &text);
    /// Two sentences one after the other: a space in English, nothing in Chinese.
    static QString joinSentences(const QString &first, const QString &second);
};

} // namespace ae
