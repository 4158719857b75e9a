// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonanswer.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// The weight matrix a question's head names.
const Eigen::MatrixXd &weightsOf(const AttentionResult &result, int head)
{
    return head == LessonView::meanOfHeads ? result.meanWeights
                                           : result.heads[static_cast<size_t>(head)].weights;
}

} // namespace

double lessonMeasure(
    const AttentionResult &result, LessonMeasure measure, int head, int query, int dim)
{
    switch (measure) {
    case LessonMeasure::Entropy:
        return head == LessonView::meanOfHeads
            ? result.meanEntropy(query)
            : result.heads[static_cast<size_t>(head)].entropy(query);
    case LessonMeasure::MaxWeight:
        return weightsOf(result, head).row(query).maxCoeff();
    case LessonMeasure::Output:
        return result.output(query, dim);
    }
    return 0.0;
}

LessonAnswer computeLessonAnswer(
    const LessonQuestion &question, const AttentionResult &result, const AttentionResult *previous)
{
    LessonAnswer answer;
    switch (question.kind) {
    case LessonQuestionKind::Argmax: {
        Eigen::Index key = 0;
        answer.value = weightsOf(result, question.head).row(question.query).maxCoeff(&key);
        answer.index = static_cast<int>(key);
        break;
    }
    case LessonQuestionKind::Weight:
        answer.value = weightsOf(result, question.head)(question.query, question.key);
        break;
    case LessonQuestionKind::Direction: {
        answer.before = lessonMeasure(
            *previous, question.measure, question.head, question.query, question.dim);
        answer.after
            = lessonMeasure(result, question.measure, question.head, question.query, question.dim);
        // Rounding must not turn "the same weights" into a rise or a fall.
        const double tolerance
            = 1e-12 * std::max({ 1.0, std::abs(answer.before), std::abs(answer.after) });
        if (answer.after > answer.before + tolerance)
            answer.direction = LessonDirection::Rises;
        else if (answer.after < answer.before - tolerance)
            answer.direction = LessonDirection::Falls;
        else
            answer.direction = LessonDirection::Unchanged;
        break;
    }
    case LessonQuestionKind::Choice:
        answer.index = question.correctOption;
        break;
    }
    return answer;
}

} // namespace ae
