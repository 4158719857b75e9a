// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file retranslator.h
/// Re-applies translated texts when the language changes, for objects that have no
/// changeEvent() of their own (actions, menus, models) and for short one-off widgets.

#include <QObject>
#include <functional>

namespace ae {

/// Runs a function that sets translated texts now and again on every language change.
class Retranslator : public QObject
{
    Q_OBJECT
public:
    /// Calls @p apply at once and after every change of the installed translators, for as long
    /// as @p owner lives. @p apply should touch only @p owner and what outlives it.
    static void bind(QObject *owner, std::function<void()> apply);

    ~Retranslator() override;

private:
    Retranslator(QObject *owner, std::function<void()> apply);

    std::function<void()> m_apply;
    friend class RetranslatorHub;
};

} // namespace ae
