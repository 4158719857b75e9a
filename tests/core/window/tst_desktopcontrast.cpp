// SPDX-License-Identifier: GPL-3.0-or-later
// Whether the desktop asks for high contrast: GNOME's accessibility key, the GTK_THEME
// variable and settings.ini's theme name, in that order of precedence.

#include "window/desktopcontrast.h"

#include <QtTest>

using namespace ae;

class TestDesktopContrast : public QObject
{
    Q_OBJECT

private slots:
    void wanted_data();
    void wanted();
};

void TestDesktopContrast::wanted_data()
{
    QTest::addColumn<QString>("gnome");
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("ini");
    QTest::addColumn<bool>("expected");
    const QString adwaita = QStringLiteral("[Settings]\ngtk-theme-name=Adwaita\n");
    const QString contrast = QStringLiteral("[Settings]\ngtk-icon-theme-name = HighContrast\n"
                                            "gtk-theme-name = HighContrastInverse\n");
    QTest::newRow("nothing said") << QString() << QString() << QString() << false;
    QTest::newRow("GNOME's key on") << QStringLiteral("true") << QString() << adwaita << true;
    QTest::newRow("GNOME's key off, theme ordinary")
        << QStringLiteral("false") << QString() << adwaita << false;
    QTest::newRow("GTK_THEME with a variant")
        << QString() << QStringLiteral("HighContrast:dark") << QString() << true;
    QTest::newRow("GTK_THEME ordinary wins over settings.ini")
        << QString() << QStringLiteral("Adwaita") << contrast << false;
    QTest::newRow("settings.ini theme") << QString() << QString() << contrast << true;
    // Only the theme's name counts, not the icons'.
    QTest::newRow("high-contrast icons only")
        << QString() << QString()
        << QStringLiteral("[Settings]\ngtk-icon-theme-name=HighContrast\ngtk-theme-name=Adwaita\n")
        << false;
}

void TestDesktopContrast::wanted()
{
    QFETCH(QString, gnome);
    QFETCH(QString, variable);
    QFETCH(QString, ini);
    QFETCH(bool, expected);
    DesktopContrastSettings s;
    s.gnomeHighContrast = gnome;
    s.gtkThemeVariable = variable;
    s.gtkSettingsFile = ini;
    QCOMPARE(desktopWantsHighContrast(s), expected);
}

QTEST_MAIN(TestDesktopContrast)
#include "tst_desktopcontrast.moc"
