// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/undoshortcutfilter.h"

#include <QAbstractSpinBox>
#include <QKeyEvent>
#include <QLineEdit>

namespace ae {

UndoShortcutFilter::UndoShortcutFilter(QObject *parent)
    : QObject(parent)
{
}

void UndoShortcutFilter::install(QObject *owner, const QList<QWidget *> &fields)
{
    auto *filter = new UndoShortcutFilter(owner);
    for (QWidget *field : fields) {
        field->installEventFilter(filter);
        // A spin box's text lives in an inner line edit, which sees the key first.
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(field)) {
            for (QLineEdit *inner : spin->findChildren<QLineEdit *>())
                inner->installEventFilter(filter);
        }
    }
}

bool UndoShortcutFilter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        const QKeySequence redoAlias(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        const QKeySequence pressed(key->keyCombination());
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)
            || pressed == redoAlias) {
            // Not overridden: the window's shortcut runs.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ae
