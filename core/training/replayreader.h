// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file replayreader.h
/// The pieces of a training reference file (spec training.md, sections 3 and 5) read with
/// every refusal naming its JSON path, shared by the one-layer model's and the transformer's
/// replays.

#include "session/sessionerror.h"
#include "training/trainingbatch.h"
#include "training/trainingconfig.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace ae {

/// Reads the parts of a reference file. Every reading function returns false after writing
/// the refusal (path and message) into the SessionError given at construction.
class ReplayReader
{
public:
    explicit ReplayReader(SessionError *error);

    /// Records a refusal at @p path. @return false
    bool fail(const QString &path, const QString &message);

    /// The file's root object: valid JSON, "format" "attention-explorer-training-reference",
    /// "version" 1.
    bool document(const QByteArray &json, QJsonObject *root);
    bool object(
        const QJsonObject &parent, const QString &key, const QString &path, QJsonObject *out);
    bool array(const QJsonValue &v, const QString &path, QJsonArray *out);
    bool integer(const QJsonValue &v, const QString &path, int lo, int hi, int *out);
    bool real(const QJsonValue &v, const QString &path, double *out);
    /// The vocabulary model.@p key: at least @p minimum strings.
    bool words(const QJsonObject &model, const QString &key, int minimum, QStringList *out);
    /// model.d_model and model.heads (heads dividing d_model).
    bool widthAndHeads(const QJsonObject &model, int *dModel, int *heads);
    /// model.scale: "sqrt_dk", "none" or an allowed number.
    bool scale(const QJsonObject &model, ScaleSpec *out);
    /// The "optimizer" object of @p root.
    bool optimizer(const QJsonObject &root, OptimizerConfig *out);
    /// A tensor of @p rows x @p cols stored column-major at @p data: an array of rows, or a
    /// flat array of @p cols numbers when @p vector.
    bool tensor(const QJsonValue &v, const QString &path, double *data, Eigen::Index rows,
        Eigen::Index cols, bool vector);
    /// An array of examples of ids from @p lo to @p hi, all of one length; @p examples >= 0
    /// asks for that many examples.
    bool ids(const QJsonValue &v, const QString &path, int lo, int hi, IdMatrix *out, int examples);
    /// "batches": 1 .. limits::maxReplaySteps objects. @return the array in @p out
    bool batches(const QJsonObject &root, QJsonArray *out);
    /// Batch @p index's "source" (ids below @p sourceVocab) and "target" (ids 1 .. @p
    /// targetVocab - 1, as many examples), within the activation limit at @p dModel.
    bool batchIds(const QJsonValue &batch, int index, int sourceVocab, int targetVocab, int dModel,
        IdMatrix *source, IdMatrix *target);

private:
    SessionError *m_error;
};

} // namespace ae
