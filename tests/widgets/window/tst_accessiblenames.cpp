// SPDX-License-Identifier: GPL-3.0-or-later
// Every control a keyboard reaches has a name a screen reader says, in English and in Chinese:
// the main window with every dock, the lesson panel while a lesson plays, and the About,
// Keyboard Shortcuts and Compare windows.

#include "compare/comparedialog.h"
#include "language/languagemanager.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessoncontroller.h"
#include "lesson/lessonpanel.h"
#include "lesson/lessonplayer.h"
#include "testsupportattention.h"
#include "window/aboutdialog.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QAccessible>
#include <QAction>
#include <QDockWidget>
#include <QtTest>

using namespace ae;

namespace {

/// How a widget is named in a failure: its object name (or "(unnamed)"), its class and the
/// object names of its parents, so that it can be found in the code.
QString describe(const QWidget *widget)
{
    QStringList path;
    for (const QObject *o = widget->parent(); o; o = o->parent()) {
        if (!o->objectName().isEmpty())
            path.prepend(o->objectName());
    }
    return QStringLiteral("%1 (%2) in %3")
        .arg(widget->objectName().isEmpty() ? QStringLiteral("(unnamed)") : widget->objectName(),
            QString::fromLatin1(widget->metaObject()->className()),
            path.join(QStringLiteral(" > ")));
}

/// The widgets shown in @p root's window that take the keyboard focus themselves (not through
/// a proxy, not in a popup) and whose accessible name is empty.
QStringList unnamedFocusable(QWidget *root)
{
    QStringList missing;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : std::as_const(widgets)) {
        if (w->focusPolicy() == Qt::NoFocus || w->focusProxy() || w->window() != root->window()
            || !w->isVisibleTo(root->window()))
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        const QString name = iface ? iface->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty())
            missing << describe(w);
    }
    if (!missing.isEmpty())
        qWarning().noquote() << missing.join(QLatin1Char('\n'));
    return missing;
}

} // namespace

class TestAccessibleNames : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void mainWindowAndDocks_data();
    void mainWindowAndDocks();
    void lessonPanel_data();
    void lessonPanel();
    void dialogs_data();
    void dialogs();
};

void TestAccessibleNames::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_accessiblenames"));
}

void TestAccessibleNames::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestAccessibleNames::mainWindowAndDocks_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestAccessibleNames::mainWindowAndDocks()
{
    QFETCH(QString, language);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setLanguage(language);
    // Every dock on screen, docked, so that its controls are in the window.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        dock->setFloating(false);
        dock->show();
    }
    const QStringList missing = unnamedFocusable(&window);
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("no accessible name: ") + missing.join(QStringLiteral("; "))));
    // The names given here follow the interface language.
    const auto *tiles = window.findChild<QWidget *>(QStringLiteral("smallMultiplesArea"));
    QVERIFY(tiles);
    const QRegularExpression han(QStringLiteral("\\p{Han}"));
    QCOMPARE(tiles->accessibleName().contains(han), language == QStringLiteral("zh_CN"));
}

void TestAccessibleNames::lessonPanel_data()
{
    mainWindowAndDocks_data();
}

void TestAccessibleNames::lessonPanel()
{
    QFETCH(QString, language);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setLanguage(language);
    QVERIFY(!LessonCatalog::builtinNames().isEmpty());
    // Every step of every built-in lesson: each kind of question shows its own controls.
    QStringList missing;
    int questions = 0;
    for (const QString &name : LessonCatalog::builtinNames()) {
        QVERIFY(window.lessons()->openBuiltin(name));
        LessonPanel *panel = window.lessons()->panel();
        QVERIFY(panel);
        QVERIFY(panel->isVisible());
        LessonPlayer *player = window.lessons()->player();
        for (int step = 0; step < player->stepCount(); ++step) {
            player->goToStep(step);
            questions += player->hasQuestion() ? 1 : 0;
            for (const QString &m : unnamedFocusable(panel)) {
                if (!missing.contains(m))
                    missing << m;
            }
        }
    }
    QVERIFY(questions > 0);
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("no accessible name: ") + missing.join(QStringLiteral("; "))));
}

void TestAccessibleNames::dialogs_data()
{
    mainWindowAndDocks_data();
}

void TestAccessibleNames::dialogs()
{
    QFETCH(QString, language);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setLanguage(language);

    AboutDialog about(&window);
    about.show();
    QVERIFY(QTest::qWaitForWindowExposed(&about));
    QStringList missing = unnamedFocusable(&about);

    auto *shortcutsAction = window.findChild<QAction *>(QStringLiteral("keyboardShortcutsAction"));
    QVERIFY(shortcutsAction);
    shortcutsAction->trigger();
    auto *shortcuts = window.findChild<ShortcutsDialog *>();
    QVERIFY(shortcuts);
    QVERIFY(QTest::qWaitForWindowExposed(shortcuts));
    missing += unnamedFocusable(shortcuts);

    window.openCompareDialog();
    QVERIFY(window.compareDialog());
    QVERIFY(QTest::qWaitForWindowExposed(window.compareDialog()));
    missing += unnamedFocusable(window.compareDialog());
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("no accessible name: ") + missing.join(QStringLiteral("; "))));
}

QTEST_MAIN(TestAccessibleNames)
#include "tst_accessiblenames.moc"
