// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessontraining.h
/// A lesson step's "view.training": the settings the Training window opens with, run A scaled
/// by √d_k and run B unscaled. Every field is optional (the window's defaults, RunConfig's) and
/// checked with the very limits of the train command (checkTrainingNumber(), checkRunConfig()).

#include "training/trainingconfig.h"

#include <QJsonObject>
#include <QJsonValue>

namespace ae {

/// The fields a lesson may set, as the lesson file names them.
QStringList lessonTrainingFields();

/// Reads "view.training" at @p path: {"task", "d_model", "heads", "steps", "seed"}, each
/// optional. Throws LessonJsonReader::Failure naming the field's JSON path and the limit.
/// @return the settings of run A (scaled by √d_k); run B is the same unscaled.
RunConfig parseLessonTraining(const QJsonValue &value, const QString &path);

/// The settings as `lesson --check` prints them: every field, defaults filled in.
QJsonObject lessonTrainingToJson(const RunConfig &config);

} // namespace ae
