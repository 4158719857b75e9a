// SPDX-License-Identifier: GPL-3.0-or-later
// The main window on real screen sizes: saved on a desk monitor and reopened on a projector,
// presentation mode, a move to another screen, HiDPI scales, and the minimum size in both
// languages. Screens are set up by running this suite again in a sub-process on the offscreen
// platform with a screen configuration; the "child" functions are what runs there.

#include "document/document.h"
#include "document/examplecatalog.h"
#include "export/figureexporter.h"
#include "export/figureoptions.h"
#include "heatmap/heatmapfigure.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"
#include "window/presenterlayout.h"
#include "window/screenlayouts.h"
#include "window/windowplacement.h"

#include <QDockWidget>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLayout>
#include <QProcess>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <QWindow>

using namespace ae;

namespace {

using T = AttentionTestSupport;

const char childVariable[] = "AE_SCREEN_CHILD";
const QString suiteName = QStringLiteral("tst_windowplacement");

bool isChild()
{
    return qEnvironmentVariableIsSet(childVariable);
}

QString env(const char *name)
{
    return qEnvironmentVariable(name);
}

QString describe(const QRect &r)
{
    return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

QSize minimumOf(const QWidget *w)
{
    return w->minimumSizeHint().expandedTo(w->minimumSize());
}

/// One offscreen screen: name, geometry in device pixels.
struct Screen
{
    QString name;
    QRect geometry;
};

QDockWidget *dock(MainWindow &w, const QString &name)
{
    return w.findChild<QDockWidget *>(name);
}

/// The scaling plot can be brought up: shown, or a tab next to a shown dock, and once raised it
/// lies within the screen with room for its plot.
bool scalingReachable(MainWindow &w, QString *why)
{
    QDockWidget *scaling = w.scalingDock();
    if (!scaling->toggleViewAction()->isChecked()) {
        *why = QStringLiteral("the scaling dock is closed");
        return false;
    }
    scaling->raise();
    QCoreApplication::processEvents();
    const QRect global(scaling->mapToGlobal(QPoint(0, 0)), scaling->size());
    const QRect screen = w.screen()->availableGeometry();
    *why = QStringLiteral("scaling dock at %1 on %2, visible %3")
               .arg(describe(global), describe(screen))
               .arg(scaling->isVisible());
    return scaling->isVisible() && screen.contains(global) && scaling->width() >= 200
        && scaling->height() >= 150;
}

} // namespace

class TestWindowPlacement : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void reopensFittingASmallerScreen_data();
    void reopensFittingASmallerScreen();
    void eachScreenClassKeepsItsArrangement();
    void followsTheWindowToAnotherScreen();
    void freshWindowFitsAtHighDpi_data();
    void freshWindowFitsAtHighDpi();
    void minimumSizeFitsInBothLanguages_data();
    void minimumSizeFitsInBothLanguages();
    void reopensAsItClosed_data();
    void reopensAsItClosed();

    // Run in the sub-processes only.
    void childSave();
    void childCheck();
    void childMoveBetweenScreens();
    void childFreshAtScale();
    void childMinimumSize_data();
    void childMinimumSize();
    void childReopen();

private:
    /// Runs @p function of this suite in a sub-process with @p screens and the variables
    /// @p vars; fails the current test with the sub-process's output when it fails.
    bool runChild(const QString &function, const QList<Screen> &screens,
        const QStringList &vars = {}, const QString &scale = QString());
    /// The window on the only (or the given) screen: waits until it is placed and checks that
    /// its frame lies within the screen's available area.
    static bool waitUntilInside(QWidget &w, const QRect &area, QString *why);

    QTemporaryDir m_dir;
    int m_runs = 0;
};

void TestWindowPlacement::initTestCase()
{
    T::isolateSettings(suiteName, isChild());
    QVERIFY(m_dir.isValid());
}

bool TestWindowPlacement::runChild(const QString &function, const QList<Screen> &screens,
    const QStringList &vars, const QString &scale)
{
    QJsonArray list;
    for (const Screen &s : screens) {
        list.append(QJsonObject { { QStringLiteral("name"), s.name },
            { QStringLiteral("x"), s.geometry.x() }, { QStringLiteral("y"), s.geometry.y() },
            { QStringLiteral("width"), s.geometry.width() },
            { QStringLiteral("height"), s.geometry.height() }, { QStringLiteral("logicalDpi"), 96 },
            { QStringLiteral("logicalBaseDpi"), 96 }, { QStringLiteral("dpr"), 1 } });
    }
    const QString config = m_dir.filePath(QStringLiteral("screens-%1.json").arg(++m_runs));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(QJsonDocument(QJsonObject { { QStringLiteral("screens"), list } }).toJson());
    file.close();

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(
        QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen:configfile=") + config);
    environment.insert(QString::fromLatin1(childVariable), QStringLiteral("1"));
    environment.remove(QStringLiteral("QT_SCALE_FACTOR"));
    if (!scale.isEmpty())
        environment.insert(QStringLiteral("QT_SCALE_FACTOR"), scale);
    for (const QString &var : vars) {
        if (!var.isEmpty())
            environment.insert(
                var.section(QLatin1Char('='), 0, 0), var.section(QLatin1Char('='), 1));
    }
    QProcess child;
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(QCoreApplication::applicationFilePath(), { function });
    // A bound against a hung sub-process, not a speed requirement.
    const bool finished = child.waitForFinished(240000);
    const QString output = QString::fromUtf8(child.readAll());
    const bool ok = finished && child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0;
    if (!ok)
        qWarning("%s", qPrintable(output));
    return ok;
}

bool TestWindowPlacement::waitUntilInside(QWidget &w, const QRect &area, QString *why)
{
    const auto inside = [&] { return area.contains(w.frameGeometry()); };
    if (!QTest::qWaitFor(inside))
        *why = QStringLiteral("frame %1 outside %2")
                   .arg(describe(w.frameGeometry()), describe(area));
    return inside();
}

// ---- The scenarios ----

const Screen desk { QStringLiteral("desk"), QRect(0, 0, 1920, 1080) };
const Screen projector { QStringLiteral("projector"), QRect(0, 0, 1024, 768) };

void TestWindowPlacement::reopensFittingASmallerScreen_data()
{
    QTest::addColumn<bool>("savedOnDesk");
    QTest::addColumn<bool>("closedPresenting");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("saved at 1920×1080") << true << false << false;
    QTest::newRow("saved at 1920×1080, presentation mode") << true << false << true;
    QTest::newRow("closed presenting at 1920×1080") << true << true << false;
    QTest::newRow("no settings") << false << false << false;
    QTest::newRow("no settings, presentation mode") << false << false << true;
}

void TestWindowPlacement::reopensFittingASmallerScreen()
{
    QFETCH(bool, savedOnDesk);
    QFETCH(bool, closedPresenting);
    QFETCH(bool, presentation);
    QSettings().clear();
    if (savedOnDesk) {
        QVERIFY(runChild(QStringLiteral("childSave"), { desk },
            { closedPresenting ? QStringLiteral("AE_PRESENTATION=1") : QString() }));
        QVERIFY(QSettings().contains(QStringLiteral("mainWindow/wide/state")));
    }
    // The projector gets the layout of a fresh start there: the scaling plot as a tab.
    QVERIFY(runChild(QStringLiteral("childCheck"), { projector },
        { QStringLiteral("AE_EXPECT_SCALING=tab"),
            presentation ? QStringLiteral("AE_PRESENTATION=1") : QString() }));
}

void TestWindowPlacement::eachScreenClassKeepsItsArrangement()
{
    QSettings().clear();
    // At the desk the teacher closes the source sequence; on the projector the scaling plot.
    QVERIFY(
        runChild(QStringLiteral("childSave"), { desk }, { QStringLiteral("AE_HIDE=sourceDock") }));
    QVERIFY(runChild(QStringLiteral("childCheck"), { projector },
        { QStringLiteral("AE_EXPECT_SCALING=tab"), QStringLiteral("AE_HIDE=scalingPlotDock") }));
    QVERIFY(runChild(QStringLiteral("childCheck"), { desk },
        { QStringLiteral("AE_EXPECT_SCALING=right"),
            QStringLiteral("AE_EXPECT_HIDDEN=sourceDock") }));
    QVERIFY(runChild(QStringLiteral("childCheck"), { projector },
        { QStringLiteral("AE_EXPECT_HIDDEN=scalingPlotDock") }));
    // Each class also keeps its own window size: the desk's is not the projector's.
    QVERIFY(QSettings().value(QStringLiteral("mainWindow/wide/geometry")).toByteArray()
        != QSettings().value(QStringLiteral("mainWindow/narrow/geometry")).toByteArray());
}

void TestWindowPlacement::followsTheWindowToAnotherScreen()
{
    QSettings().clear();
    const Screen right { QStringLiteral("projector"), QRect(1920, 0, 1024, 768) };
    QVERIFY(runChild(QStringLiteral("childMoveBetweenScreens"), { desk, right }));
}

void TestWindowPlacement::freshWindowFitsAtHighDpi_data()
{
    QTest::addColumn<QString>("scale");
    QTest::addColumn<QRect>("screen");
    QTest::addColumn<QString>("language");
    const QString en = QStringLiteral("en");
    const QString zh = QStringLiteral("zh_CN");
    QTest::newRow("150 % on 1920×1080") << QStringLiteral("1.5") << QRect(0, 0, 1920, 1080) << en;
    QTest::newRow("150 % on 1920×1080, Chinese")
        << QStringLiteral("1.5") << QRect(0, 0, 1920, 1080) << zh;
    QTest::newRow("150 % on 2560×1440") << QStringLiteral("1.5") << QRect(0, 0, 2560, 1440) << en;
    QTest::newRow("200 % on 3840×2160") << QStringLiteral("2") << QRect(0, 0, 3840, 2160) << en;
}

void TestWindowPlacement::freshWindowFitsAtHighDpi()
{
    // Also: PNG exports have the pixels the DPI asks for, the same as at 100 %.
    QFETCH(QString, scale);
    QFETCH(QRect, screen);
    QFETCH(QString, language);
    const QString lang = QStringLiteral("AE_LANGUAGE=") + language;
    QSettings().clear();
    const QString plain = m_dir.filePath(QStringLiteral("png-100-%1").arg(++m_runs));
    const QString scaled = m_dir.filePath(QStringLiteral("png-scaled-%1").arg(m_runs));
    QVERIFY(QDir().mkpath(plain) && QDir().mkpath(scaled));
    QVERIFY(runChild(QStringLiteral("childFreshAtScale"), { { QStringLiteral("s"), screen } },
        { QStringLiteral("AE_EXPORT_DIR=") + plain, QStringLiteral("AE_EXPECT_DPR=1"), lang }));
    QSettings().clear();
    QVERIFY(runChild(QStringLiteral("childFreshAtScale"), { { QStringLiteral("s"), screen } },
        { QStringLiteral("AE_EXPORT_DIR=") + scaled, QStringLiteral("AE_EXPECT_DPR=") + scale,
            lang },
        scale));
    for (int dpi : { 96, 150, 192, 300 }) {
        const QString name = QStringLiteral("/heatmap-%1.png").arg(dpi);
        const QImage a(plain + name);
        const QImage b(scaled + name);
        QVERIFY2(!a.isNull() && !b.isNull(), qPrintable(name));
        QCOMPARE(b.size(), a.size());
        QCOMPARE(b.dotsPerMeterX(), qRound(dpi / 0.0254));
        QCOMPARE(b.devicePixelRatio(), 1.0);
        QVERIFY2(
            a.convertToFormat(QImage::Format_ARGB32) == b.convertToFormat(QImage::Format_ARGB32),
            qPrintable(QStringLiteral("%1 dpi differs at scale %2").arg(dpi).arg(scale)));
        if (dpi != 96) {
            // size × dpi / 96, rounded up, from the 96 dpi image.
            const QImage base(plain + QStringLiteral("/heatmap-96.png"));
            QVERIFY(std::abs(b.width() - base.width() * dpi / 96.0) <= 1.0);
            QVERIFY(std::abs(b.height() - base.height() * dpi / 96.0) <= 1.0);
        }
    }
}

void TestWindowPlacement::minimumSizeFitsInBothLanguages_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("savedOnDesk");
    QTest::newRow("English, no settings") << QStringLiteral("en") << false;
    QTest::newRow("English, saved at 1920×1080") << QStringLiteral("en") << true;
    QTest::newRow("Chinese, no settings") << QStringLiteral("zh_CN") << false;
    QTest::newRow("Chinese, saved at 1920×1080") << QStringLiteral("zh_CN") << true;
}

void TestWindowPlacement::minimumSizeFitsInBothLanguages()
{
    QFETCH(QString, language);
    QFETCH(bool, savedOnDesk);
    QSettings().clear();
    const QString lang = QStringLiteral("AE_LANGUAGE=") + language;
    if (savedOnDesk)
        QVERIFY(runChild(QStringLiteral("childSave"), { desk }, { lang }));
    QVERIFY(runChild(QStringLiteral("childMinimumSize"), { projector }, { lang }));
}

void TestWindowPlacement::reopensAsItClosed_data()
{
    QTest::addColumn<QRect>("screen");
    QTest::newRow("desk, 1920×1080") << desk.geometry;
    QTest::newRow("projector, 1024×768") << projector.geometry;
}

void TestWindowPlacement::reopensAsItClosed()
{
    QFETCH(QRect, screen);
    QSettings().clear();
    QVERIFY(runChild(QStringLiteral("childReopen"), { { QStringLiteral("s"), screen } }));
}

// ---- In the sub-processes ----

namespace {

/// Installs the application's translation for AE_LANGUAGE (English needs none).
void installLanguage()
{
    const QString language = env("AE_LANGUAGE");
    if (language.isEmpty() || language == QLatin1String("en"))
        return;
    auto *translator = new QTranslator(qApp);
    QVERIFY(translator->load(QStringLiteral(":/i18n/attention-explorer_%1.qm").arg(language)));
    QCoreApplication::installTranslator(translator);
}

} // namespace

#define CHILD_ONLY()                                                                               \
    do {                                                                                           \
        if (!isChild())                                                                            \
            QSKIP("runs in a sub-process with its own screens");                                   \
    } while (false)

void TestWindowPlacement::childSave()
{
    CHILD_ONLY();
    installLanguage();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString why;
    QVERIFY2(waitUntilInside(w, w.screen()->availableGeometry(), &why), qPrintable(why));
    for (const QString &name : env("AE_HIDE").split(QLatin1Char(','), Qt::SkipEmptyParts))
        dock(w, name)->hide();
    if (env("AE_PRESENTATION") == QLatin1String("1")) {
        w.setPresentationMode(true);
        QTRY_COMPARE(w.geometry(), w.screen()->geometry());
    }
    QVERIFY(w.close());
}

void TestWindowPlacement::childCheck()
{
    CHILD_ONLY();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QScreen *screen = w.screen();
    const QRect available = screen->availableGeometry();
    QString why;
    QVERIFY2(waitUntilInside(w, available, &why), qPrintable(why));
    const QSize needed = minimumOf(&w);
    QVERIFY2(needed.width() <= available.width() && needed.height() <= available.height(),
        qPrintable(QStringLiteral("needs %1×%2").arg(needed.width()).arg(needed.height())));
    const QStringList hidden = env("AE_EXPECT_HIDDEN").split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &name : hidden)
        QVERIFY2(!dock(w, name)->toggleViewAction()->isChecked(), qPrintable(name));
    const QString scaling = env("AE_EXPECT_SCALING");
    if (scaling == QLatin1String("tab"))
        QVERIFY(
            w.tabifiedDockWidgets(w.scalingDock()).contains(dock(w, QStringLiteral("targetDock"))));
    if (scaling == QLatin1String("right"))
        QCOMPARE(w.dockWidgetArea(w.scalingDock()), Qt::RightDockWidgetArea);
    if (!hidden.contains(QStringLiteral("scalingPlotDock")))
        QVERIFY2(scalingReachable(w, &why), qPrintable(why));

    if (env("AE_PRESENTATION") == QLatin1String("1")) {
        w.setPresentationMode(true);
        QTRY_COMPARE(w.geometry(), screen->geometry());
        QVERIFY(screen->geometry().contains(w.frameGeometry()));
        QVERIFY(w.isFullScreen());
        const QSize presenting = minimumOf(&w);
        QVERIFY2(presenting.width() <= screen->geometry().width()
                && presenting.height() <= screen->geometry().height(),
            qPrintable(QStringLiteral("presenting needs %1×%2")
                           .arg(presenting.width())
                           .arg(presenting.height())));
        w.setPresentationMode(false);
        QTRY_VERIFY(!w.isFullScreen());
        QVERIFY2(waitUntilInside(w, available, &why), qPrintable(why));
        QTRY_VERIFY2(scalingReachable(w, &why), qPrintable(why));
    }
    for (const QString &name : env("AE_HIDE").split(QLatin1Char(','), Qt::SkipEmptyParts))
        dock(w, name)->hide();
    QVERIFY(w.close());
}

void TestWindowPlacement::childReopen()
{
    CHILD_ONLY();
    // The place and size of every dock in sight (a tab behind another is moved out of view).
    const auto arrangement = [](MainWindow &w) {
        QStringList docks;
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            if (dock->isVisible() && !dock->visibleRegion().isEmpty())
                docks << dock->objectName() + QLatin1Char(' ')
                        + describe(QRect(dock->mapTo(&w, QPoint(0, 0)), dock->size()));
        }
        docks.sort();
        return docks.join(QStringLiteral("; "));
    };
    QString first;
    for (int start = 0; start < 2; ++start) {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString why;
        QVERIFY2(waitUntilInside(w, w.screen()->availableGeometry(), &why), qPrintable(why));
        // Settled: the default dock sizes of a first start are applied once shown.
        QTest::qWait(100);
        if (start == 0)
            first = arrangement(w);
        else
            QCOMPARE(arrangement(w), first);
        QVERIFY(w.close());
    }
}

void TestWindowPlacement::childMoveBetweenScreens()
{
    CHILD_ONLY();
    const QList<QScreen *> screens = QGuiApplication::screens();
    QCOMPARE(screens.size(), 2);
    QScreen *wide = screens.at(0);
    QScreen *narrow = screens.at(1);
    MainWindow w;
    w.move(100, 100);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTRY_COMPARE(w.screen(), wide);
    QCOMPARE(w.screenLayouts()->layoutClass(), ScreenClass::Wide);
    QCOMPARE(w.dockWidgetArea(w.scalingDock()), Qt::RightDockWidgetArea);
    // The user's own arrangement at the desk: no source sequence.
    dock(w, QStringLiteral("sourceDock"))->hide();

    // Moved onto the projector: fitted to it, with the projector's arrangement.
    w.move(narrow->geometry().topLeft() + QPoint(300, 200));
    QTRY_COMPARE(w.screen(), narrow);
    QString why;
    QVERIFY2(waitUntilInside(w, narrow->availableGeometry(), &why), qPrintable(why));
    QCOMPARE(w.screenLayouts()->layoutClass(), ScreenClass::Narrow);
    QVERIFY(w.tabifiedDockWidgets(w.scalingDock()).contains(dock(w, QStringLiteral("targetDock"))));
    QVERIFY(dock(w, QStringLiteral("sourceDock"))->toggleViewAction()->isChecked());
    QTRY_VERIFY2(scalingReachable(w, &why), qPrintable(why));

    // Presenting there fills the projector, not the desk.
    w.setPresentationMode(true);
    QTRY_COMPARE(w.geometry(), narrow->geometry());
    w.setPresentationMode(false);
    QTRY_VERIFY(!w.isFullScreen());
    QVERIFY2(waitUntilInside(w, narrow->availableGeometry(), &why), qPrintable(why));

    // Back at the desk, the desk's arrangement comes back as the user left it.
    w.move(200, 150);
    QTRY_COMPARE(w.screen(), wide);
    QTRY_COMPARE(w.screenLayouts()->layoutClass(), ScreenClass::Wide);
    QCOMPARE(w.dockWidgetArea(w.scalingDock()), Qt::RightDockWidgetArea);
    QVERIFY(!dock(w, QStringLiteral("sourceDock"))->toggleViewAction()->isChecked());
    QVERIFY2(waitUntilInside(w, wide->availableGeometry(), &why), qPrintable(why));
}

void TestWindowPlacement::childFreshAtScale()
{
    CHILD_ONLY();
    installLanguage();
    const double ratio = env("AE_EXPECT_DPR").toDouble();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QScreen *screen = w.screen();
    QCOMPARE(screen->devicePixelRatio(), ratio);
    QString why;
    QVERIFY2(waitUntilInside(w, screen->availableGeometry(), &why), qPrintable(why));
    const QSize needed = minimumOf(&w);
    QVERIFY(needed.width() <= screen->availableGeometry().width());
    QVERIFY(needed.height() <= screen->availableGeometry().height());
    QVERIFY2(scalingReachable(w, &why), qPrintable(why));

    // The heatmap is drawn at the screen's resolution: buffers and the grabbed picture have
    // the screen's pixel ratio, not a 100 % picture scaled up.
    HeatmapPlot *plot = w.heatmapPanel()->largePlot();
    QTRY_COMPARE(plot->bufferDevicePixelRatio(), ratio);
    QCOMPARE(plot->plottingHints().testFlag(QCP::phCacheLabels), ratio == std::round(ratio));
    const QPixmap picture = plot->grab();
    QCOMPARE(picture.devicePixelRatio(), ratio);
    QCOMPARE(picture.width(), qRound(plot->width() * ratio));

    const QString dir = env("AE_EXPORT_DIR");
    for (int dpi : { 96, 150, 192, 300 }) {
        const Figure figure = HeatmapFigure::single(plot->data(), FigureOptions());
        const QString file = dir + QStringLiteral("/heatmap-%1.png").arg(dpi);
        const FigureExporter::Outcome outcome = FigureExporter::write(figure, file, dpi);
        QVERIFY2(outcome.ok(), qPrintable(outcome.message));
    }
    QVERIFY(w.close());
}

void TestWindowPlacement::childMinimumSize_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("presentation");
    for (const ExampleCatalog::Entry &entry : ExampleCatalog::entries()) {
        const QByteArray name = entry.path.section(QLatin1Char('/'), -1).toUtf8();
        QTest::newRow(("everyday, " + name).constData()) << entry.path << false;
        QTest::newRow(("presentation, " + name).constData()) << entry.path << true;
    }
}

void TestWindowPlacement::childMinimumSize()
{
    // A projector at 1024×768: the window, docks included, never needs more than the screen.
    CHILD_ONLY();
    QFETCH(QString, example);
    QFETCH(bool, presentation);
    static bool installed = false;
    if (!installed) {
        installLanguage();
        installed = true;
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openExample(example));
    // The everyday window settled first (its result shown, the lab's dock open): the layout
    // that lesson mode saves and gives back is that one, however slow the machine.
    QTRY_VERIFY(w.document()->hasResult());
    QString why;
    QTRY_VERIFY2(scalingReachable(w, &why), qPrintable(why));
    w.setPresentationMode(presentation);
    AttentionPanel *controls = w.attentionPanel();
    if (presentation) {
        // The controls wait behind the toggle above the heatmap; shown, they stack.
        QVERIFY(!controls->isVisible());
        w.presenterLayout()->controlsToggle()->click();
        QTRY_VERIFY(controls->isVisible() && !controls->groupsSideBySide());
    }
    const QRect area = presentation ? w.screen()->geometry() : w.screen()->availableGeometry();
    QVERIFY2(waitUntilInside(w, area, &why), qPrintable(why));
    const QSize needed = minimumOf(&w);
    QVERIFY2(needed.width() <= 1024 && needed.height() <= 768,
        qPrintable(QStringLiteral("needs %1×%2").arg(needed.width()).arg(needed.height())));
    const int controlsWidth = controls->widget()->layout()->minimumSize().width();
    QVERIFY2(controlsWidth <= 1024,
        qPrintable(QStringLiteral("controls need %1 px").arg(controlsWidth)));
    w.setPresentationMode(false);
    QTRY_VERIFY2(scalingReachable(w, &why), qPrintable(why));
}

QTEST_MAIN(TestWindowPlacement)
#include "tst_windowplacement.moc"
