// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonclaim.h
/// A lesson step's claims (README, "Lesson files"): statements of fact a caption makes, as
/// data: a quantity computed from the step's session, its scaling lab or its training runs,
/// compared with a number, a key or another quantity. `lesson --check` evaluates them
/// (lessonclaimevaluator.h) and a caption may show a claim's computed value.

#include "session/session.h"
#include "training/trainingconfig.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <optional>
#include <vector>

namespace ae {

struct LessonText;

/// The fixed vocabulary of quantities a claim may name.
enum class LessonQuantityKind {
    Weight, ///< the weight of (query, key) of a head or the mean
    MaxWeight, ///< the largest weight of a query's row
    Argmax, ///< the key holding the largest weight of a query's row
    Entropy, ///< the entropy of a query's row, nats
    MeanEntropy, ///< the mean entropy of all query rows, nats
    Output, ///< one component of a query's output row
    Score, ///< a head's score of (query, key) after scaling, as the softmax is given it
    Divisor, ///< the divisor the scores are scaled by
    ScalingSpread, ///< the scaling lab: standard deviation of the scores at one d_k
    ScalingEntropy, ///< the scaling lab: mean row entropy at one d_k
    ScalingJacobian, ///< the scaling lab: mean softmax Jacobian norm at one d_k
    ScalingSaturated, ///< the scaling lab: share of saturated rows at one d_k
    TrainingLoss, ///< a training run's batch loss over a range of steps
    TrainingAccuracy, ///< a training run's batch accuracy
    TrainingAlignment, ///< a training run's alignment accuracy
    TrainingMaxWeight, ///< a training run's mean largest weight
    TrainingEntropy, ///< a training run's mean row entropy
    TrainingGradNormQ, ///< a training run's gradient norm of W_q
    TrainingGradNormK, ///< a training run's gradient norm of W_k
    TrainingHeldOutAccuracy ///< a training run's accuracy on held-out examples after its steps
};

/// How a range of training steps becomes one number.
enum class LessonReduce { Median, Mean, Min, Max };

/// One quantity, with the fields its kind takes.
struct LessonQuantity
{
    LessonQuantityKind kind = LessonQuantityKind::Weight;
    int head = -1; ///< LessonView::meanOfHeads or a head (attention quantities)
    int query = 0;
    int key = 0; ///< Weight and Score only
    /// Attention quantities: of an earlier step's session (its index), -1 for this step's.
    int step = -1;
    int dim = 0; ///< Output only
    int dk = 0; ///< scaling quantities: one of the session's scaling dims
    bool scaled = true; ///< scaling quantities: divided by √d_k or not
    bool runB = false; ///< training quantities: run B (unscaled) rather than run A (scaled)
    int firstStep = 0; ///< training quantities: the range of steps, inclusive
    int lastStep = 0;
    LessonReduce reduce = LessonReduce::Median;
};

/// How a claim compares its two sides.
enum class LessonComparison { Less, LessOrEqual, Greater, GreaterOrEqual, Equal };

/// A claim: left COMPARE factor × right + offset; Equal holds within the tolerance.
struct LessonClaim
{
    QString id; ///< the name a caption shows its value by, {{id}}; may be empty
    LessonQuantity left;
    LessonComparison comparison = LessonComparison::Less;
    std::optional<LessonQuantity> right; ///< a quantity, or nothing for #value
    double value = 0.0; ///< the right side when it is a number (a key index for Argmax)
    double factor = 1.0;
    double offset = 0.0;
    double tolerance = 0.0; ///< Equal only
    int digits = 2; ///< decimals a caption shows the value with
    bool percent = false; ///< a caption shows the value times 100 (a share as a percentage)
};

/// The computed values of one claim.
struct LessonClaimResult
{
    double left = 0.0;
    double right = 0.0; ///< the right quantity, or the number
    double bound = 0.0; ///< factor × right + offset
    bool holds = false;
    QString problem; ///< why it could not be computed (a diverged run); holds is then false
};

/// The kind's name as a lesson file spells it ("weight", "training.grad_norm_q", ...).
QString lessonQuantityName(LessonQuantityKind kind);
/// "<", "<=", ">", ">=" or "==".
QString lessonComparisonName(LessonComparison comparison);
/// True for the quantities computed from a step's training runs.
bool isTrainingQuantity(LessonQuantityKind kind);
/// True for the quantities of the scaling lab.
bool isScalingQuantity(LessonQuantityKind kind);

/// Reads a step's "claims" at @p path, checking every index against @p session, every d_k
/// against its scaling dims and every training step against @p training (the step's
/// view.training; training quantities need one, which the lesson's own training limits keep
/// to seconds of work). Throws LessonJsonReader::Failure.
/// An attention quantity "of" an earlier step ("previous" or its index from 0) is checked
/// against that step's session in @p earlier (the sessions of the steps before this one).
std::vector<LessonClaim> parseLessonClaims(const QJsonValue &value, const QString &path,
    const Session &session, const std::vector<const Session *> &earlier,
    const std::optional<RunConfig> &training);

/// Checks the {{id}} and {{id.right}} marks of a caption or an explanation at @p path (both
/// languages): each names a claim of @p claims.
void checkLessonClaimMarks(
    const LessonText &text, const QString &path, const std::vector<LessonClaim> &claims);

/// The claim as the file states it.
QJsonObject lessonClaimToJson(const LessonClaim &claim);

/// A quantity in words, as `lesson --check` prints it ("training.grad_norm_q of run B,
/// median of steps 0..9").
QString lessonQuantityText(const LessonQuantity &quantity);

/// The claim with its computed values in words, as `lesson --check` reports a claim that
/// does not hold: "training.accuracy of run B at step 599 = 0.29 < 0.3: holds" (or "fails",
/// or the problem).
QString lessonClaimText(const LessonClaim &claim, const LessonClaimResult &result);

/// @name Equality of every field.
/// @{
bool operator==(const LessonQuantity &a, const LessonQuantity &b);
bool operator==(const LessonClaim &a, const LessonClaim &b);
bool operator!=(const LessonClaim &a, const LessonClaim &b);
/// @}

} // namespace ae
