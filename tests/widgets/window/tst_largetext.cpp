// SPDX-License-Identifier: GPL-3.0-or-later
// 200 % text: the window on a 1600×1000 screen zoomed to 200 % (an 800×500 desktop in
// logical pixels, as QT_SCALE_FACTOR=2 or a 192-dpi desktop gives), in English and Chinese.
// The window's minimum size fits the screen's available area, the shown window lies on the
// screen, and the heatmap's and the docks' controls lie within the window.

#include "heatmap/heatmappanel.h"
#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "testsupportscreens.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QScreen>
#include <QSettings>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The suite's screen, set before the application starts: 1600×1000 pixels at 200 %.
const bool zoomedScreen = test::useOffscreenScreens("desk-1600x1000-at-200.json");

/// @p w's rectangle in @p ancestor's coordinates.
QRect rectIn(const QWidget *w, const QWidget *ancestor)
{
    return QRect(w->mapTo(ancestor, QPoint(0, 0)), w->size());
}

} // namespace

class TestLargeText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void windowFitsTheScreen_data();
    void windowFitsTheScreen();

private:
    MainWindow *m_window = nullptr;
};

void TestLargeText::initTestCase()
{
    Q_UNUSED(zoomedScreen);
    T::isolateSettings(QStringLiteral("tst_largetext"));
    QScreen *screen = QGuiApplication::primaryScreen();
    QCOMPARE(screen->geometry().size() * screen->devicePixelRatio(), QSize(1600, 1000));
    QCOMPARE(screen->geometry().size(), QSize(800, 500));
}

void TestLargeText::cleanup()
{
    delete m_window;
    m_window = nullptr;
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLargeText::windowFitsTheScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

void TestLargeText::windowFitsTheScreen()
{
    QFETCH(QString, language);
    QVERIFY(LanguageManager::apply(language) || language == QLatin1String("en"));
    QSettings().clear();
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    const QRect room = m_window->screen()->availableGeometry();

    const QSize least = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
    QVERIFY2(least.width() <= room.width() && least.height() <= room.height(),
        qPrintable(QStringLiteral("minimum %1×%2 on %3×%4")
                       .arg(least.width())
                       .arg(least.height())
                       .arg(room.width())
                       .arg(room.height())));
    // The window placement fits the window once it has settled.
    QTRY_VERIFY2(room.contains(m_window->frameGeometry()),
        qPrintable(QStringLiteral("window %1×%2")
                       .arg(m_window->frameGeometry().width())
                       .arg(m_window->frameGeometry().height())));

    // The heatmap's controls and every docked dock's title buttons lie within the window.
    const QRect inside = m_window->rect();
    QList<QWidget *> controls;
    for (const char *name :
        { "displayCombo", "colorMapCombo", "showValuesCheck", "stretchColorsCheck" })
        controls.append(m_window->heatmapPanel()->findChild<QWidget *>(QLatin1String(name)));
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        // A dock behind another's tab is moved out of sight: only the tab in front counts.
        if (dock->isVisible() && !dock->isFloating() && !dock->visibleRegion().isEmpty())
            for (QAbstractButton *button :
                dock->findChildren<QAbstractButton *>(QString(), Qt::FindDirectChildrenOnly))
                controls.append(button);
    }
    for (QWidget *w : std::as_const(controls)) {
        QVERIFY(w);
        if (!w->isVisibleTo(m_window))
            continue;
        QVERIFY2(inside.contains(rectIn(w, m_window)),
            qPrintable(QStringLiteral("%1 \"%2\" at %3,%4 %5×%6 outside the %7×%8 window")
                           .arg(w->objectName(),
                               qobject_cast<QAbstractButton *>(w)
                                   ? qobject_cast<QAbstractButton *>(w)->text()
                                   : QString())
                           .arg(rectIn(w, m_window).x())
                           .arg(rectIn(w, m_window).y())
                           .arg(w->width())
                           .arg(w->height())
                           .arg(inside.width())
                           .arg(inside.height())));
    }
}

QTEST_MAIN(TestLargeText)
#include "tst_largetext.moc"
