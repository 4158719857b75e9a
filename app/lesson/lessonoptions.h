// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonoptions.h
/// The option parser of the `lesson` subcommand.

#include "cli/parsedcommand.h"

#include <QStringList>

namespace ae {

/// `lesson --builtin`, `lesson NAME|FILE --check` or `lesson NAME|FILE --handout OUT`.
struct LessonOptions
{
    enum class Action { ListBuiltin, Check, Handout };
    Action action = Action::ListBuiltin;
    QString lesson; ///< a built-in lesson's name or a lesson file (Check, Handout)
    QString output; ///< the handout's file, .md or .pdf (Handout)
    bool chinese = false; ///< the handout's language (--lang zh)
};

/// Parses `lesson`'s arguments: the program name followed by the subcommand's own arguments.
/// Every refusal line starts with "lesson: ".
ParsedCommand<LessonOptions> parseLessonArgs(const QStringList &args);

} // namespace ae
