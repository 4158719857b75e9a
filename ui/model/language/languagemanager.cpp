// SPDX-License-Identifier: GPL-3.0-or-later
#include "language/languagemanager.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace ae {

namespace {

QString languageKey()
{
    return QStringLiteral("ui/language");
}

/// The translators installed by apply(), owned by the application object.
QPointer<QTranslator> &appTranslator()
{
    static QPointer<QTranslator> translator;
    return translator;
}

QPointer<QTranslator> &qtTranslator()
{
    static QPointer<QTranslator> translator;
    return translator;
}

QString &current()
{
    static QString choice = QStringLiteral("en");
    return choice;
}

void remove(QPointer<QTranslator> &translator)
{
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
}

} // namespace

void LanguageManager::installEnglishPluralForms()
{
    remove(appTranslator());
    auto *plurals = new QTranslator(QCoreApplication::instance());
    if (!plurals->load(QStringLiteral(":/i18n/attention-explorer_en.qm"))) {
        delete plurals;
        return;
    }
    QCoreApplication::installTranslator(plurals);
    appTranslator() = plurals;
}

QStringList LanguageManager::choices()
{
    return { QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("zh_CN") };
}

QString LanguageManager::savedChoice()
{
    const QString choice = QSettings().value(languageKey(), QStringLiteral("system")).toString();
    return choices().contains(choice) ? choice : QStringLiteral("system");
}

void LanguageManager::saveChoice(const QString &choice)
{
    QSettings().setValue(languageKey(), choice);
}

QLocale LanguageManager::localeOf(const QString &choice)
{
    if (choice == QLatin1String("system"))
        return QLocale::system();
    if (choice == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    return QLocale(choice);
}

QString LanguageManager::currentChoice()
{
    return current();
}

bool LanguageManager::isChinese()
{
    return localeOf(currentChoice()).language() == QLocale::Chinese;
}

bool LanguageManager::apply(const QString &choice)
{
    const bool found = install(choice);
    // The application posts LanguageChange to every window; deliver it now, so that the switch
    // is complete when this returns.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    return found;
}

bool LanguageManager::install(const QString &choice)
{
    // The choice first: removing a translator already tells everyone of the change, and what
    // they read then (isChinese(), the default locale) must be the new language.
    current() = choice;
    const QLocale locale = localeOf(choice);
    QLocale::setDefault(locale);
    remove(appTranslator());
    remove(qtTranslator());
    // English is the source language: only its plural forms ("1 student", "2 students") come
    // from a translation (attention-explorer_en.ts, plural forms only).
    if (locale.language() == QLocale::English || locale.language() == QLocale::C) {
        installEnglishPluralForms();
        return true;
    }
    auto *translator = new QTranslator(QCoreApplication::instance());
    const bool found = translator->load(locale, QStringLiteral("attention-explorer"),
        QStringLiteral("_"), QStringLiteral(":/i18n"));
    // Qt's own dialogs and context menus, from the Qt installation (before the application's,
    // so that the application's words win).
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (found
        && qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        qtTranslator() = qt;
    } else {
        delete qt;
    }
    if (!found) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    appTranslator() = translator;
    return true;
}

} // namespace ae
