// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoncaptionview.h"

namespace ae {

LessonCaptionView::LessonCaptionView(QWidget *parent)
    : QTextEdit(parent)
{
    setObjectName(QStringLiteral("lessonCaption"));
    setReadOnly(true);
    // Selectable, but no link is ever activated: the caption comes from someone else's file.
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setFrameShape(QFrame::NoFrame);
    // The clicker's keys belong to the lesson, not to a caption that would take the focus.
    setFocusPolicy(Qt::NoFocus);
}

void LessonCaptionView::setCaption(const QString &markdown)
{
    document()->setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);
}

QVariant LessonCaptionView::loadResource(int, const QUrl &)
{
    // A null answer would let the document read local and data: addresses itself; an empty
    // one ends the search.
    return QVariant::fromValue(QByteArray());
}

} // namespace ae
