#pragma once

/// @file sessionerrortext.h
/// Turning a SessionError into a sentence for the window: which field, what is wrong, how to
/// fix it.

#include "session.h"
#include "sessionerror.h"

#include <QCoreApplication>

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
};

} // namespace ae
