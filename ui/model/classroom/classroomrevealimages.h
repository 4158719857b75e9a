// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomrevealimages.h
/// Where the class-answers server gets the picture the students' pages show at a reveal.

#include <QByteArray>

namespace ae {

/// Gives the picture of a lesson step as PNG bytes, for the students' pages after the
/// teacher reveals the step's answer. The server asks once per reveal, on its own thread, and
/// keeps the bytes (at most classroom::kMaxRevealImageBytes; a larger picture is not shown).
/// The model layer draws nothing: ui/figures implements it (LessonRevealImages).
class ClassroomRevealImages
{
public:
    virtual ~ClassroomRevealImages() = default;
    /// The PNG of lesson step @p step (from 0), or empty bytes when the step has no picture.
    virtual QByteArray revealPng(int step) = 0;
};

} // namespace ae
