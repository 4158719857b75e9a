// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoncaptionview.h
/// A read-only view of a lesson caption's Markdown that never loads anything: no image, no
/// style sheet, no file and no network address, and links are shown but never followed.

#include <QTextEdit>

namespace ae {

/// Shows Markdown from an untrusted lesson file.
class LessonCaptionView : public QTextEdit
{
    Q_OBJECT
public:
    explicit LessonCaptionView(QWidget *parent = nullptr);
    /// Renders @p markdown (an empty text clears the view).
    void setCaption(const QString &markdown);

protected:
    /// Every resource a document asks for (an image, a style sheet) is refused.
    QVariant loadResource(int type, const QUrl &name) override;
};

} // namespace ae
