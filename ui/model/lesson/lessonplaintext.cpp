// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonplaintext.h"

#include <QTextDocument>

namespace ae {

QString LessonPlainText::fromMarkdown(const QString &markdown)
{
    if (markdown.isEmpty())
        return markdown;
    QTextDocument document;
    document.setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);
    return document.toPlainText().simplified();
}

LessonText LessonPlainText::fromMarkdown(const LessonText &markdown)
{
    return LessonText { fromMarkdown(markdown.en), fromMarkdown(markdown.zh) };
}

} // namespace ae
