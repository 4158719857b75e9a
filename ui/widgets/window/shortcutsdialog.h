// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file shortcutsdialog.h
/// Help ▸ Keyboard Shortcuts: every shortcut of the window's actions, read from the actions
/// themselves, so that the list never disagrees with the keys.

#include <QDialog>

class QAction;
class QLabel;
class QMenuBar;
class QPushButton;
class QTableWidget;

namespace ae {

/// Lists the shortcuts of the actions in a menu bar's menus (and the window's own actions),
/// in the interface language; fills itself again when the language changes.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    /// The shortcuts of @p window's menu bar and actions.
    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);

    /// One listed action: where it is (menu path and name, no mnemonics) and its keys.
    struct Entry
    {
        QString name; ///< e.g. "File ▸ Open…"
        QString keys; ///< e.g. "Ctrl+O", several separated by ", "
    };
    /// Every action of @p window that has a shortcut, in menu order, then the window's own
    /// actions outside the menus; each action once.
    static QList<Entry> entries(QWidget *window);

    /// The table shown (tests).
    QTableWidget *table() const { return m_table; }

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Sets the texts and fills the table.
    void retranslate();

    QWidget *m_window;
    QLabel *m_intro;
    QTableWidget *m_table;
    QPushButton *m_close;
};

} // namespace ae
