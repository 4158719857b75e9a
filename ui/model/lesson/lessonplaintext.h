// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonplaintext.h
/// A lesson's Markdown as the plain text shown where no Markdown is drawn.

#include "lesson/lesson.h"

#include <QString>

namespace ae {

/// The one rule for a lesson text shown or stored as plain text (a choice in a combo box,
/// the students' pages, the class record): the Markdown is read as the lesson panel draws it
/// (GitHub's dialect) and only its text is kept, on one line: "*i love*" becomes "i love",
/// "[the paper](https://…)" becomes "the paper", and runs of white space become one space.
class LessonPlainText
{
public:
    /// @p markdown as one line of plain text.
    static QString fromMarkdown(const QString &markdown);
    /// Both languages of @p markdown as plain text.
    static LessonText fromMarkdown(const LessonText &markdown);
};

} // namespace ae
