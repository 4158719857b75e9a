// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lesson.h
/// A lesson resolved from a lesson file (README, "Lesson files"): a title and a list of steps,
/// each with its whole session, what the window shows, a caption in English and Chinese,
/// presenter notes and an optional question whose answer is computed from the session.

#include "lesson/lessonclaim.h"
#include "session/session.h"
#include "training/trainingconfig.h"

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ae {

/// A text in English and Simplified Chinese; either may be empty.
struct LessonText
{
    QString en;
    QString zh;

    /// The text in Chinese when @p chinese and there is one, else in English, falling back to
    /// the other language when the asked one is empty.
    QString in(bool chinese) const;
    bool isEmpty() const { return en.isEmpty() && zh.isEmpty(); }
};

/// What the large view shows.
enum class LessonHeatmap {
    Mean, ///< the head average as a heatmap
    Head, ///< one head as a heatmap (LessonView::head)
    Lines ///< the alignment lines of the mean, or of LessonView::head when it is not the mean
};

/// What the window shows for one step.
struct LessonView
{
    static constexpr int meanOfHeads = -1;

    LessonHeatmap heatmap = LessonHeatmap::Mean;
    int head = meanOfHeads; ///< 0 .. heads-1 for Head (and optionally Lines), else meanOfHeads
    QString computationStep; ///< one of lessonComputationSteps(), empty: the view is closed
    QString scalingPanel; ///< one of lessonScalingPanels(), empty: the panel is left as it is
    /// The temperature: the scale divisor as a multiple of sqrt(d_k); empty: the session's own
    /// scale. The resolved session carries it as its custom divisor.
    std::optional<double> temperature;
    std::vector<std::pair<int, int>> highlights; ///< (query, key) cells, from 0
    /// "training": open the Training window with these settings and run them twice, A scaled
    /// by √d_k and B unscaled (lessontraining.h); empty: the window is left as it is.
    std::optional<RunConfig> training;
};

/// The kinds of question a step may ask before its numbers are shown.
enum class LessonQuestionKind {
    Argmax, ///< which key does the query attend to most?
    Weight, ///< roughly how large is this weight (0 to 1)?
    Direction, ///< does a measure rise or fall after this step's edit?
    Choice ///< one of a few options; the author marks the right one
};

/// The measure a direction question asks about.
enum class LessonMeasure {
    Entropy, ///< the entropy of the query's weight row
    MaxWeight, ///< the largest weight of the query's row
    Output ///< one component (LessonQuestion::dim) of the query's output row
};

/// Whether a measure rose, fell or stayed.
enum class LessonDirection { Rises, Falls, Unchanged };

/// A question as the file states it.
struct LessonQuestion
{
    LessonQuestionKind kind = LessonQuestionKind::Argmax;
    LessonText prompt;
    int head = LessonView::meanOfHeads; ///< 0 .. heads-1, or the mean
    int query = 0;
    int key = 0; ///< Weight only
    LessonMeasure measure = LessonMeasure::Entropy; ///< Direction only
    int dim = 0; ///< Direction of the Output only: 0 .. d_model-1
    std::vector<LessonText> options; ///< Choice only
    int correctOption = -1; ///< Choice only: the option the author marked
    /// "depends_on": the step's panels that would show the answer, kept back until the
    /// reveal (the weights are always hidden while a question is open).
    bool dependsOnScalingPanel = false; ///< the scaling lab's panel is shown only after it
    bool dependsOnTraining = false; ///< the training runs start only after it
    /// The tokens and the sequences' names (which sequence gives the queries, which the keys)
    /// are left out of the heatmap and the computation view until it, for a question about
    /// the roles that the labels would answer.
    bool dependsOnLabels = false;
    LessonText explanation; ///< Markdown shown with the answer, after the reveal
};

/// A question's answer, computed from the step's session (and the previous step's for a
/// direction question); only #index comes from the file, for a multiple choice.
struct LessonAnswer
{
    int index = -1; ///< Argmax: the key; Choice: the option
    double value = 0.0; ///< Weight: the weight; Argmax: the key's weight
    double before = 0.0; ///< Direction: the measure at the previous step
    double after = 0.0; ///< Direction: the measure at this step
    LessonDirection direction = LessonDirection::Unchanged; ///< Direction only
};

/// One step of a lesson, resolved: the whole session it shows.
struct ResolvedLessonStep
{
    Session session;
    LessonView view;
    LessonText caption; ///< Markdown, checked by lessonCaptionProblem()
    LessonText notes; ///< presenter notes, plain text
    std::optional<LessonQuestion> question;
    LessonAnswer answer; ///< meaningful only with a question
    /// The statements of fact the caption makes, checked by `lesson --check`
    /// (lessonclaimevaluator.h); the caption shows a claim's value by {{id}}.
    std::vector<LessonClaim> claims;
};

/// A whole lesson, resolved.
struct ResolvedLesson
{
    LessonText title;
    std::vector<ResolvedLessonStep> steps;
};

/// The names of the computation view's steps a lesson may open, in the view's order.
const QStringList &lessonComputationSteps();
/// The names of the scaling lab's panels (as `export --view scaling:PANEL` spells them).
const QStringList &lessonScalingPanels();

/// Gives @p session the scale a view's @p temperature stands for: the custom divisor
/// temperature x sqrt(d_k). The loader and the editor both resolve a temperature with it.
void applyLessonTemperature(Session &session, double temperature);
/// The temperature @p session's scale stands for: its custom divisor as a multiple of
/// sqrt(d_k), chosen among the nearest doubles so that applyLessonTemperature() gives the
/// divisor back exactly when one does; nothing for another scale, an invalid head width or a
/// temperature outside the slider's range.
std::optional<double> lessonTemperatureOf(const Session &session);

/// @name Equality of every field.
/// @{
bool operator==(const LessonText &a, const LessonText &b);
bool operator!=(const LessonText &a, const LessonText &b);
bool operator==(const LessonView &a, const LessonView &b);
bool operator!=(const LessonView &a, const LessonView &b);
bool operator==(const LessonQuestion &a, const LessonQuestion &b);
bool operator!=(const LessonQuestion &a, const LessonQuestion &b);
/// @}

} // namespace ae
