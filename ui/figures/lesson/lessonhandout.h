// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonhandout.h
/// A lesson as a handout for the class: every step's caption with its figure, the questions
/// without their answers, and an answer page (Markdown with SVG figures, or PDF with vector
/// figures). The command line and the window write it through here.

#include "export/figure.h"
#include "lesson/lesson.h"

#include <QCoreApplication>
#include <QString>
#include <functional>

namespace ae {

class LessonClaimEvaluator;

/// Writes lesson handouts.
class LessonHandout
{
    Q_DECLARE_TR_FUNCTIONS(LessonHandout)
public:
    /// The figure of @p step as its view shows it: the heatmap of the mean or of one head, the
    /// alignment lines, the scaling lab's panel (computed from the step's experiment), or for a
    /// step that opens the Training window the curves of its two runs (the runs of @p runs,
    /// which trains them on first use; trained here, headless, when it is null).
    static Figure stepFigure(const ResolvedLessonStep &step, LessonClaimEvaluator *runs = nullptr);
    /// The figure of a question's answer on the answer page: where the step opens the
    /// computation view at a step after the softmax (a head's output, the concatenation, the
    /// output), that step's matrix with its numbers, the one the question asks about;
    /// otherwise stepFigure() (with @p runs).
    static Figure answerFigure(
        const ResolvedLessonStep &step, LessonClaimEvaluator *runs = nullptr);

    /// The text of a question's answer, e.g. "key 1 (爱), weight 0.3084" or "falls, from
    /// 1.2310 to 0.8412".
    static QString answerText(const ResolvedLessonStep &step);
    /// The letter of a multiple choice's option @p index: A, B, C, ...
    static QString optionLetter(int index);

    /// Writes @p lesson to @p fileName: ".md" writes Markdown and its figures as SVG files in
    /// the folder "NAME-figures" beside it; ".pdf" writes one PDF with vector figures. Texts in
    /// Chinese when @p chinese (falling back to English), else in English. @p onStep, when set,
    /// is called after every step of the training the claims and figures need (a progress
    /// report); each distinct run trains once for both.
    /// @return false with @p error set (starting with the file name) when a file could not be
    /// written or the extension is neither; a figures folder made by this call is then removed.
    static bool write(const ResolvedLesson &lesson, const QString &fileName, bool chinese,
        QString *error, const std::function<void()> &onStep = {});

    /// The PDF bytes of the handout (the same input gives the same bytes).
    static QByteArray toPdf(
        const ResolvedLesson &lesson, bool chinese, const std::function<void()> &onStep = {});
};

} // namespace ae
