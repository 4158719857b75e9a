#include "guiapplication.h"

#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

namespace ae {

int runGuiApplication(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Attention Explorer"));
    QApplication::setOrganizationName(QStringLiteral("AttentionExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(AE_VERSION_STRING));

    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("session"), QStringLiteral("A session file to open."));
    parser.process(app);

    MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    window.show();
    return app.exec();
}

} // namespace ae
