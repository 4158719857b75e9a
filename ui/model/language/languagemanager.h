// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file languagemanager.h
/// The interface language: English, Simplified Chinese or the system's, switched at once by
/// installing and removing translators (every window retranslates on the LanguageChange event).

#include <QLocale>
#include <QString>
#include <QStringList>

namespace ae {

/// Chooses, remembers and installs the interface language.
class LanguageManager
{
public:
    /// The choices: "system", "en" and "zh_CN".
    static QStringList choices();
    /// The choice saved in the settings ("system" when none).
    static QString savedChoice();
    /// Saves @p choice for the next start.
    static void saveChoice(const QString &choice);
    /// The locale a choice stands for ("system": the system's).
    static QLocale localeOf(const QString &choice);
    /// The choice applied last ("en" before any).
    static QString currentChoice();
    /// True when the interface is in Chinese now (texts that come in both languages, such as a
    /// lesson's, are then shown in Chinese).
    static bool isChinese();
    /// Removes the translators installed before and installs those of @p choice (the
    /// application's, embedded, and Qt's own where installed); sets the default locale.
    /// Every widget then receives QEvent::LanguageChange. Returns false when the
    /// application has no translation for the language (the interface is then English).
    static bool apply(const QString &choice);
    /// Installs English's plural forms ("%n student(s)": "1 student", "2 students") in place
    /// of the application's translator: what English needs of a translation. The headless
    /// commands call it for their own messages; apply() does for English.
    static void installEnglishPluralForms();

private:
    /// Swaps the translators for those of @p choice; false when there is no translation.
    static bool install(const QString &choice);
};

} // namespace ae
