// SPDX-License-Identifier: GPL-3.0-or-later
// Alt + a letter opens the menu whose title underlines that letter, in English and in Chinese:
// no control shown in the main window (its docks included) underlines a letter that a menu
// of the menu bar underlines, or Alt + that letter would go to the control instead. And no two
// controls the keyboard can reach in the main window underline one letter: not two docks that
// share a place as tabs (Alt + the letter would reach the field of the tab not shown), not a
// control that only shows in one state (a lesson's Reveal, a dock's second page).

#include "heatmap/heatmappanel.h"
#include "language/languagemanager.h"
#include "session/sequencepanel.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTabWidget>
#include <QtTest>

using namespace ae;

namespace {

/// The letter @p text underlines with '&' (upper case), or an empty string; "&&" is a
/// literal ampersand.
QString mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return QString(text[i + 1]).toUpper();
    }
    return QString();
}

/// The text of @p w that may carry a mnemonic: a button's, a group box's title, or a label's
/// that has a buddy (a label without one underlines nothing Alt can reach).
QString mnemonicText(const QWidget *w)
{
    if (const auto *button = qobject_cast<const QAbstractButton *>(w))
        return button->text();
    if (const auto *box = qobject_cast<const QGroupBox *>(w))
        return box->title();
    if (const auto *label = qobject_cast<const QLabel *>(w))
        return label->buddy() ? label->text() : QString();
    return QString();
}

/// The dock @p w is in, or nullptr for the central widget and the window's own bars.
QDockWidget *dockOf(QWidget *w)
{
    for (QWidget *p = w; p; p = p->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(p))
            return dock;
    }
    return nullptr;
}

/// Where @p w is, for a failure: its object name or class and the object names above it.
QString placeOf(const QWidget *w)
{
    QStringList path;
    for (const QObject *o = w; o; o = o->parent()) {
        if (!o->objectName().isEmpty())
            path.prepend(o->objectName());
    }
    if (w->objectName().isEmpty())
        path << QString::fromLatin1(w->metaObject()->className());
    return path.join(QStringLiteral(" > "));
}

/// Every underlined letter of @p window that Alt can reach, with its owners: the menu bar's
/// menus, and each control of the window itself (the central widget and every dock docked in
/// it, shown or a tab behind another one), whether or not its current state shows it. A
/// floating dock is a window of its own and its letters are its own.
QMultiHash<QString, QString> reachableMnemonics(MainWindow &window)
{
    QMultiHash<QString, QString> owners;
    for (QAction *menu : window.menuBar()->actions()) {
        const QString letter = mnemonicOf(menu->text());
        if (!letter.isEmpty())
            owners.insert(letter, QStringLiteral("menu “%1”").arg(menu->text()));
    }
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (w->window() != &window || w->isWindow())
            continue;
        QDockWidget *dock = dockOf(w);
        if (dock && dock->isFloating())
            continue;
        QStringList texts { mnemonicText(w) };
        if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i);
        }
        for (const QString &text : std::as_const(texts)) {
            const QString letter = mnemonicOf(text);
            if (!letter.isEmpty())
                owners.insert(letter, QStringLiteral("“%1” (%2)").arg(text, placeOf(w)));
        }
    }
    return owners;
}

} // namespace

class TestMnemonics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void menusKeepTheirLetters_data();
    void menusKeepTheirLetters();
    void everyLetterHasOneOwner_data();
    void everyLetterHasOneOwner();
    void collectorFindsAClash();
    void menuItemsHaveTheirOwnLetters_data();
    void menuItemsHaveTheirOwnLetters();
    void eachSequenceHasItsLetter_data();
    void eachSequenceHasItsLetter();
};

void TestMnemonics::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_mnemonics"));
}

void TestMnemonics::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestMnemonics::menusKeepTheirLetters_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestMnemonics::menusKeepTheirLetters()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Every dock shown, as a teacher may open them.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        dock->show();
    QCoreApplication::processEvents();

    QHash<QString, QString> menus;
    for (QAction *menu : window.menuBar()->actions()) {
        const QString letter = mnemonicOf(menu->text());
        if (!letter.isEmpty())
            menus.insert(letter, menu->text());
    }
    QVERIFY(menus.size() >= 4);

    QStringList clashes;
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisibleTo(&window) || w->window() != &window)
            continue;
        const QString text = mnemonicText(w);
        const QString letter = mnemonicOf(text);
        if (!letter.isEmpty() && menus.contains(letter))
            clashes << QStringLiteral("“%1” (%2) takes Alt+%3 from the menu “%4”")
                           .arg(text, w->objectName(), letter, menus.value(letter));
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
}

void TestMnemonics::everyLetterHasOneOwner_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("compact");
    QTest::newRow("English, wide") << QStringLiteral("en") << false;
    QTest::newRow("English, sequences as tabs") << QStringLiteral("en") << true;
    QTest::newRow("Chinese, wide") << QStringLiteral("zh_CN") << false;
    QTest::newRow("Chinese, sequences as tabs") << QStringLiteral("zh_CN") << true;
}

void TestMnemonics::everyLetterHasOneOwner()
{
    QFETCH(QString, language);
    QFETCH(bool, compact);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (compact) {
        // As on a 1024 × 768 screen: the source and target docks share the left column (after
        // the window is shown, which lays its docks out for the screen).
        window.tabifyDockWidget(window.sequencePanel(true), window.sequencePanel(false));
        window.sequencePanel(true)->raise();
        QTRY_VERIFY(!window.sequencePanel(false)->tokenEdit()->isEnabled());
    }
    QCoreApplication::processEvents();

    const QMultiHash<QString, QString> owners = reachableMnemonics(window);
    if (qEnvironmentVariableIsSet("AE_LIST_MNEMONICS")) {
        for (const QString &letter : owners.uniqueKeys())
            qInfo().noquote() << letter << owners.values(letter).join(QStringLiteral(" | "));
    }
    // The collector sees both sequence docks, shown or behind a tab, and the menus.
    QVERIFY(owners.size() >= 20);
    QStringList clashes;
    for (const QString &letter : owners.uniqueKeys()) {
        const QStringList who = owners.values(letter);
        if (who.size() > 1)
            clashes << QStringLiteral("Alt+%1: %2").arg(letter, who.join(QStringLiteral(", ")));
    }
    if (!clashes.isEmpty())
        qWarning().noquote() << clashes.join(QLatin1Char('\n'));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

void TestMnemonics::collectorFindsAClash()
{
    // The check itself: a second control underlining a letter already taken is reported.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QMultiHash<QString, QString> before = reachableMnemonics(window);
    const QString taken = before.keys().constFirst();
    auto *intruder
        = new QPushButton(QStringLiteral("&") + taken, window.sequencePanel(true)->widget());
    intruder->setObjectName(QStringLiteral("intruder"));
    const QMultiHash<QString, QString> after = reachableMnemonics(window);
    QCOMPARE(after.values(taken).size(), before.values(taken).size() + 1);
}

void TestMnemonics::menuItemsHaveTheirOwnLetters_data()
{
    menusKeepTheirLetters_data();
}

void TestMnemonics::menuItemsHaveTheirOwnLetters()
{
    // In an open menu a letter chooses its item: two items of one menu underlining one letter
    // (File ▸ Export Figure… and File ▸ Examples) would only be stepped between.
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    MainWindow window;
    QStringList clashes;
    int menus = 0;
    for (QMenu *menu : window.findChildren<QMenu *>()) {
        QHash<QString, QString> owners;
        for (QAction *action : menu->actions()) {
            if (!action->isVisible() || action->isSeparator())
                continue;
            const QString letter = mnemonicOf(action->text());
            if (letter.isEmpty())
                continue;
            if (owners.contains(letter))
                clashes << QStringLiteral("%1: “%2” and “%3” (Alt+%4)")
                               .arg(menu->objectName(), owners.value(letter), action->text(),
                                   letter);
            owners.insert(letter, action->text());
        }
        menus += owners.isEmpty() ? 0 : 1;
    }
    QVERIFY(menus >= 6);
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
}

void TestMnemonics::eachSequenceHasItsLetter_data()
{
    QTest::addColumn<bool>("sourceShown");
    QTest::newRow("source X shown") << true;
    QTest::newRow("target Y shown") << false;
}

void TestMnemonics::eachSequenceHasItsLetter()
{
    // As on a 1024 × 768 screen: the two sequences are tabs, one shown. Alt+X goes to X's
    // tokens and Alt+Y to Y's, each only while its tab is shown; neither reaches the other.
    QFETCH(bool, sourceShown);
    MainWindow window;
    SequencePanel *source = window.sequencePanel(true);
    SequencePanel *target = window.sequencePanel(false);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.tabifyDockWidget(source, target);
    (sourceShown ? source : target)->raise();
    QTRY_VERIFY((sourceShown ? source : target)->tokenEdit()->isEnabled());
    // The tab behind is out of use: neither Tab nor Alt reaches its fields.
    QVERIFY(!(sourceShown ? target : source)->tokenEdit()->isEnabled());
    window.heatmapPanel()->setFocus();

    QTest::keyClick(&window, sourceShown ? Qt::Key_Y : Qt::Key_X, Qt::AltModifier);
    QVERIFY(!source->tokenEdit()->hasFocus());
    QVERIFY(!target->tokenEdit()->hasFocus());
    QTest::keyClick(&window, sourceShown ? Qt::Key_X : Qt::Key_Y, Qt::AltModifier);
    QVERIFY((sourceShown ? source : target)->tokenEdit()->hasFocus());
}

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
