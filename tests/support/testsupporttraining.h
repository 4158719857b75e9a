// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupporttraining.h
/// Helpers of the training suites: the PyTorch reference runs and their tolerance.

#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace ae::test {

/// The folder of the training references (AE_SHARED_DIR/reference/training).
QString trainingReferenceDir();

/// The folder of the transformer references (AE_SHARED_DIR/reference/training-transformer).
QString transformerReferenceDir();

/// The names of the training references (NAME of every NAME.json), sorted.
QStringList trainingReferenceNames();
/// The names of the NAME.json files in @p dir, sorted.
QStringList referenceNames(const QString &dir);

/// compareJsonWith() at the training spec's tolerance: numbers agree when
/// |a - e| <= 1e-9 max(1, |e|) (1e-9 relative, 1e-9 absolute below 1); @p actual may hold
/// more keys than @p expected. @return "" when they agree, else "path: what differs".
QString compareTrainingJson(
    const QJsonValue &actual, const QJsonValue &expected, const QString &path = QString());

} // namespace ae::test
