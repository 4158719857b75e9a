// SPDX-License-Identifier: GPL-3.0-or-later
#include "guiapplication.h"

#include "computation/classroomtools.h"
#include "language/languagemanager.h"
#include "lesson/lessoncontroller.h"
#include "resources.h"
#include "startuptimer.h"
#include "window/desktopcontrast.h"
#include "window/focusringstyle.h"
#include "window/lessonmode.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

namespace ae {

int runGuiApplication(int argc, char **argv)
{
    StartupTimer startup;
    QApplication app(argc, argv);
    // Every focused control shows where the keys go (the application owns the style).
    QApplication::setStyle(new FocusRingStyle);
    QApplication::setApplicationName(QStringLiteral("Attention Explorer"));
    QApplication::setOrganizationName(QStringLiteral("AttentionExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    // Matches the installed desktop file, so that docks and task bars group the window under
    // the launcher's icon.
    QGuiApplication::setDesktopFileName(applicationId());
    QApplication::setWindowIcon(QIcon(applicationIconPath()));
    LanguageManager::apply(LanguageManager::savedChoice());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "GuiApplication", "Interactive explorer for multi-head and cross-attention."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("session"),
        QApplication::translate("GuiApplication",
            "A session file to open, or a lesson file (.aelesson.json) to play."));
    parser.process(app);

    MainWindow window;
    // The desktop's high contrast, followed at start (View ▸ High Contrast turns it off).
    if (desktopWantsHighContrast(DesktopContrastSettings::read()))
        window.classroom()->lessonMode()->setHighContrast(true);
    const QString file = parser.positionalArguments().value(0);
    // A lesson arranges the shown window (full screen on a second screen): it opens after.
    const bool lesson = LessonController::isLessonFile(file);
    if (!file.isEmpty() && !lesson)
        window.openFile(file);
    startup.watch(&window);
    window.show();
    if (lesson)
        window.openFile(file);
    return app.exec();
}

} // namespace ae
