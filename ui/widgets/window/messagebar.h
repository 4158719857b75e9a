// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file messagebar.h
/// An inline message strip (what is wrong and how to fix it), never a dialog.

#include <QFrame>

class QLabel;
class QPushButton;
class QToolButton;

namespace ae {

/// A coloured frame with an icon, a wrapped text and an optional close button. Hidden while
/// it has no message.
class MessageBar : public QFrame
{
    Q_OBJECT
public:
    /// How serious a message is; sets the colours and the icon.
    enum class Kind { Error, Warning, Information };

    explicit MessageBar(QWidget *parent = nullptr);

    /// Shows @p text (plain text). @p closable adds a button that hides the message.
    void showMessage(Kind kind, const QString &text, bool closable = false);
    /// Hides the message.
    void clearMessage();
    /// A button after the text that emits actionTriggered(); an empty @p text removes it.
    /// Kept until changed, whatever the message.
    void setAction(const QString &text);
    /// The action button's text; empty when there is none.
    QString actionText() const;

    QString text() const;

    /// Tints an input field whose value is the problem (or clears the tint), and puts the
    /// reason in its tooltip.
    static void markInvalid(QWidget *field, bool invalid, const QString &reason = QString());
    Kind kind() const { return m_kind; }
    /// True while a message is set (whether or not the bar's parent is visible).
    bool hasMessage() const { return !m_text.isEmpty(); }

signals:
    /// showMessage() put up a message of another kind or text than the one shown (a screen
    /// reader is told of it, see LiveRegion).
    void messageShown(ae::MessageBar::Kind kind, const QString &text);
    /// The user closed the message with its button.
    void closed();
    /// The user pressed the action button (see setAction()).
    void actionTriggered();

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyStyle();
    void updateIcon();

    QLabel *m_icon;
    QLabel *m_label;
    QPushButton *m_actionButton;
    QToolButton *m_closeButton;
    Kind m_kind = Kind::Information;
    QString m_text;
};

} // namespace ae
