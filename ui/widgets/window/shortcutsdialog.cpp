// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>
#include <functional>

namespace ae {

namespace {

/// @p text without its mnemonic ampersands ("&&" stays one "&") and its "(&F)" suffix.
QString plain(QString text)
{
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&\\w\\)"));
    text.remove(cjkMnemonic);
    text.replace(QStringLiteral("&&"), QStringLiteral("\u0001"));
    text.remove(QLatin1Char('&'));
    text.replace(QChar(0x0001), QLatin1Char('&'));
    return text.trimmed();
}

/// The keys of @p action as the platform writes them.
QString keysOf(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_window(window)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_close = new QPushButton(this);
    m_close->setDefault(true);
    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_close, 0, Qt::AlignRight);
    resize(560, 520);
    retranslate();
}

QList<ShortcutsDialog::Entry> ShortcutsDialog::entries(QWidget *window)
{
    QList<Entry> result;
    QSet<const QAction *> seen;
    const QString arrow = QStringLiteral(" \u25b8 ");
    std::function<void(const QList<QAction *> &, const QString &)> walk
        = [&](const QList<QAction *> &actions, const QString &path) {
              for (QAction *action : actions) {
                  if (action->isSeparator() || seen.contains(action))
                      continue;
                  seen.insert(action);
                  const QString name = path.isEmpty() ? plain(action->text())
                                                      : path + arrow + plain(action->text());
                  if (QMenu *menu = action->menu()) {
                      walk(menu->actions(), name);
                  } else if (!action->shortcuts().isEmpty() && !plain(action->text()).isEmpty()) {
                      result.append({ name, keysOf(action) });
                  }
              }
          };
    if (auto *main = qobject_cast<QMainWindow *>(window))
        walk(main->menuBar()->actions(), QString());
    walk(window->actions(), QString());
    return result;
}

void ShortcutsDialog::retranslate()
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_intro->setText(tr("The keys of the menus' commands. In a heatmap, the arrow keys, Home, "
                        "End, Page Up and Page Down move the cell cursor, and Enter does what "
                        "a click on the cell does."));
    m_table->setHorizontalHeaderLabels({ tr("Command"), tr("Keys") });
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_close->setText(tr("Close"));
    const QList<Entry> list = entries(m_window);
    m_table->setRowCount(static_cast<int>(list.size()));
    for (int row = 0; row < list.size(); ++row) {
        m_table->setItem(row, 0, new QTableWidgetItem(list[row].name));
        m_table->setItem(row, 1, new QTableWidgetItem(list[row].keys));
    }
}

void ShortcutsDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace ae
