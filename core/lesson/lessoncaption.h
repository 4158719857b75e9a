// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessoncaption.h
/// The rule that keeps a lesson's Markdown from reaching the network or a local file.

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ae {

/// Checks lesson captions, which come from other people's files.
class LessonCaption
{
    Q_DECLARE_TR_FUNCTIONS(LessonCaption)
public:
    /// What is wrong with @p markdown as a caption, or nothing. A caption may not hold images
    /// (`![...]`, which a viewer would load), raw HTML or autolinks (`<...>`), or links whose
    /// target is anything but an http or https address (no `file:`, `javascript:`, relative
    /// paths or reference definitions to them). Links are shown, never followed by the player.
    static std::optional<QString> problem(const QString &markdown);
};

} // namespace ae
