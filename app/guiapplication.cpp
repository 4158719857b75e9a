#include "guiapplication.h"

#include "mainwindow.h"
#include "startuptimer.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace ae {

namespace {

/// Installs the application's and Qt's translations for the language chosen in View ▸
/// Language ("system", "en" or a locale name such as "zh_CN"), when they exist.
void installTranslations(QApplication &app)
{
    const QString choice
        = QSettings().value(QStringLiteral("ui/language"), QStringLiteral("system")).toString();
    if (choice == QLatin1String("en"))
        return;
    const QLocale locale = choice == QLatin1String("system") ? QLocale::system() : QLocale(choice);
    auto *translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("attention-explorer"), QStringLiteral("_"),
            QStringLiteral(":/i18n")))
        QApplication::installTranslator(translator);
    else
        delete translator;
    // Qt's own dialogs and context menus, from the Qt installation.
    auto *qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTranslator);
    else
        delete qtTranslator;
}

} // namespace

int runGuiApplication(int argc, char **argv)
{
    StartupTimer startup;
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Attention Explorer"));
    QApplication::setOrganizationName(QStringLiteral("AttentionExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));
    installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "GuiApplication", "Interactive explorer for multi-head and cross-attention."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("session"),
        QApplication::translate("GuiApplication", "A session file to open."));
    parser.process(app);

    MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    startup.watch(&window);
    window.show();
    return app.exec();
}

} // namespace ae
