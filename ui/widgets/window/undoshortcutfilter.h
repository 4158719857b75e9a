// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file undoshortcutfilter.h
/// Lets Ctrl+Z / Ctrl+Shift+Z reach the window's Undo and Redo from inside input fields.

#include <QObject>

class QWidget;

namespace ae {

/// A line edit or spin box normally claims Ctrl+Z for undoing its own text. In the panels every
/// change is already a document edit, so the document's undo is the one the user means; this
/// filter gives the shortcut back to the window's Undo and Redo actions.
class UndoShortcutFilter : public QObject
{
    Q_OBJECT
public:
    explicit UndoShortcutFilter(QObject *parent = nullptr);

    /// Installs one filter on each of @p fields (the filter is owned by @p owner).
    static void install(QObject *owner, const QList<QWidget *> &fields);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace ae
