// SPDX-License-Identifier: GPL-3.0-or-later
// Help > Keyboard Shortcuts lists every menu command that has keys, with the keys the actions
// really have (a changed shortcut shows), in the interface language.

#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QtTest>

using namespace ae;

namespace {

/// Opens Help > Keyboard Shortcuts of @p window through its action; the dialog, or null.
ShortcutsDialog *openShortcuts(MainWindow &window)
{
    auto *action = window.findChild<QAction *>(QStringLiteral("keyboardShortcutsAction"));
    if (!action)
        return nullptr;
    action->trigger();
    const QList<ShortcutsDialog *> dialogs = window.findChildren<ShortcutsDialog *>();
    return dialogs.isEmpty() ? nullptr : dialogs.last();
}

/// The table's rows as (command, keys).
QList<QPair<QString, QString>> rowsOf(const ShortcutsDialog *dialog)
{
    QList<QPair<QString, QString>> rows;
    const QTableWidget *table = dialog->table();
    for (int r = 0; r < table->rowCount(); ++r)
        rows.append({ table->item(r, 0)->text(), table->item(r, 1)->text() });
    return rows;
}

/// Every action in @p window's menus, submenus included, that has a shortcut.
QList<QAction *> menuActionsWithKeys(MainWindow &window)
{
    QList<QAction *> found;
    QList<QMenu *> menus;
    for (QAction *top : window.menuBar()->actions()) {
        if (top->menu())
            menus.append(top->menu());
    }
    while (!menus.isEmpty()) {
        QMenu *menu = menus.takeFirst();
        for (QAction *a : menu->actions()) {
            if (a->menu())
                menus.append(a->menu());
            else if (!a->isSeparator() && !a->shortcuts().isEmpty() && !found.contains(a))
                found.append(a);
        }
    }
    return found;
}

} // namespace

class TestShortcutsDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void listsEveryMenuShortcut();
    void followsTheActions();
    void speaksChinese();
};

void TestShortcutsDialog::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_shortcutsdialog"));
}

void TestShortcutsDialog::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestShortcutsDialog::listsEveryMenuShortcut()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ShortcutsDialog *dialog = openShortcuts(window);
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    const QList<QPair<QString, QString>> rows = rowsOf(dialog);
    const QList<QAction *> actions = menuActionsWithKeys(window);
    QVERIFY(actions.size() >= 5);
    for (QAction *action : actions) {
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        QString name = action->text();
        name.remove(QLatin1Char('&'));
        const bool listed = std::any_of(rows.begin(), rows.end(),
            [&](const auto &row) { return row.first.endsWith(name) && row.second.contains(keys); });
        QVERIFY2(listed, qPrintable(QStringLiteral("%1 (%2) is not listed").arg(name, keys)));
    }
    // Undo is under Edit, with its platform keys.
    auto *undo = window.findChild<QAction *>(QStringLiteral("undoAction"));
    QVERIFY(undo);
    QVERIFY(!undo->shortcuts().isEmpty());
    const auto undoRow = std::find_if(rows.begin(), rows.end(),
        [](const auto &row) { return row.first.startsWith(QStringLiteral("Edit \u25b8 Undo")); });
    QVERIFY(undoRow != rows.end());
    QCOMPARE(undoRow->second, undo->shortcut().toString(QKeySequence::NativeText));
    // Nothing without keys.
    for (const auto &row : rows)
        QVERIFY2(!row.second.isEmpty(), qPrintable(row.first));
}

void TestShortcutsDialog::followsTheActions()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *about = window.findChild<QAction *>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    about->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F9));
    ShortcutsDialog *dialog = openShortcuts(window);
    QVERIFY(dialog);
    const QList<QPair<QString, QString>> rows = rowsOf(dialog);
    QVERIFY(rows.contains(
        QPair<QString, QString>(QStringLiteral("Help \u25b8 About Attention Explorer"),
            QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F9).toString(QKeySequence::NativeText))));
}

void TestShortcutsDialog::speaksChinese()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setLanguage(QStringLiteral("zh_CN"));
    ShortcutsDialog *dialog = openShortcuts(window);
    QVERIFY(dialog);
    const QRegularExpression han(QStringLiteral("\\p{Han}"));
    QVERIFY(dialog->windowTitle().contains(han));
    const QList<QPair<QString, QString>> rows = rowsOf(dialog);
    QVERIFY(!rows.isEmpty());
    for (const auto &row : rows) {
        QVERIFY2(row.first.contains(han), qPrintable(row.first));
        QVERIFY2(!row.first.contains(QLatin1Char('&')), qPrintable(row.first));
    }
    // The language changing while it is open renames its rows.
    window.setLanguage(QStringLiteral("en"));
    QVERIFY(!dialog->windowTitle().contains(han));
    QVERIFY(!rowsOf(dialog).first().first.contains(han));
}

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
