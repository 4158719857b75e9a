// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file liveregion.h
/// A line whose every new text a screen reader is told of (a live region): the lesson's steps,
/// questions and answers and the message bar's errors.

#include <QLabel>

namespace ae {

/// A label a pixel large and drawn empty, shown while its window is: announce() sets its text,
/// which is its accessible name, and Qt tells assistive technology that the name changed
/// (over AT-SPI, object:property-change:accessible-name). Qt 6.4's QAccessible::Alert does
/// not reach AT-SPI, a name change does.
class LiveRegion : public QLabel
{
    Q_OBJECT
public:
    explicit LiveRegion(QWidget *parent = nullptr);

    /// Tells assistive technology @p text (plain text; blank text is ignored). The same text
    /// again is told again: the line is cleared first, so that its name changes.
    void announce(const QString &text);
    /// The last text announced (empty before the first, and after a change of the interface
    /// language until the next).
    QString lastAnnouncement() const { return text(); }
    /// One line of @p text: runs of white space, line breaks included, become one space.
    static QString oneLine(const QString &text);

protected:
    /// Draws nothing: the line is for assistive technology, the screen shows the text where it
    /// belongs.
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QString m_language; ///< LanguageManager::currentChoice() when the text was announced
};

} // namespace ae
