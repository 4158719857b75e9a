// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/desktopcontrast.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace ae {

namespace {

bool highContrastTheme(const QString &theme)
{
    return theme.contains(QLatin1String("highcontrast"), Qt::CaseInsensitive);
}

} // namespace

DesktopContrastSettings DesktopContrastSettings::read()
{
    DesktopContrastSettings s;
    s.gtkThemeVariable = qEnvironmentVariable("GTK_THEME");
    QFile ini(QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
                  .filePath(QStringLiteral("gtk-3.0/settings.ini")));
    // A settings file is a few lines; a larger one is not GTK's.
    if (ini.open(QIODevice::ReadOnly) && ini.size() < 64 * 1024)
        s.gtkSettingsFile = QString::fromUtf8(ini.readAll());
    const QString gsettings = QStandardPaths::findExecutable(QStringLiteral("gsettings"));
    if (!gsettings.isEmpty()) {
        QProcess process;
        process.start(gsettings,
            { QStringLiteral("get"), QStringLiteral("org.gnome.desktop.a11y.interface"),
                QStringLiteral("high-contrast") });
        if (process.waitForFinished(1000) && process.exitStatus() == QProcess::NormalExit
            && process.exitCode() == 0)
            s.gnomeHighContrast = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
        else
            process.kill();
    }
    return s;
}

bool desktopWantsHighContrast(const DesktopContrastSettings &settings)
{
    if (settings.gnomeHighContrast == QLatin1String("true"))
        return true;
    if (!settings.gtkThemeVariable.isEmpty())
        return highContrastTheme(settings.gtkThemeVariable);
    static const QRegularExpression themeLine(
        QStringLiteral("^\\s*gtk-theme-name\\s*=\\s*(.*?)\\s*$"),
        QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = themeLine.match(settings.gtkSettingsFile);
    return match.hasMatch() && highContrastTheme(match.captured(1));
}

} // namespace ae
