// SPDX-License-Identifier: GPL-3.0-or-later
// Alt + a letter opens the menu whose title underlines that letter, in English and in Chinese:
// no control shown in the main window (its docks included) underlines a letter that a menu
// of the menu bar underlines, or Alt + that letter would go to the control instead.

#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
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

} // namespace

class TestMnemonics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void menusKeepTheirLetters_data();
    void menusKeepTheirLetters();
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

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
