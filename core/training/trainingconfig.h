// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingconfig.h
/// The settings of a training run (spec training.md): the model's shape, the task, the
/// optimiser and the run. The window's settings form fills a RunConfig and checks it with
/// checkRunConfig() (the same rule the command line uses); the names of the enums are the
/// command line's words, for its combo boxes' data.

#include "attentionconfig.h"
#include "sessionerror.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace ae {

/// The model's shape: vocabularies, width, heads and score divisor. The target vocabulary's
/// entry 0 is the start token "<s>".
struct TrainingModelSpec
{
    QStringList sourceVocab; ///< Vs words
    QStringList targetVocab; ///< Vt words, "<s>" first
    int dModel = 128;
    int heads = 1; ///< divides dModel
    ScaleSpec scale; ///< sqrt(d_k) by default

    int sourceVocabSize() const { return static_cast<int>(sourceVocab.size()); }
    int targetVocabSize() const { return static_cast<int>(targetVocab.size()); }
};

/// The four tasks.
enum class TaskKind {
    Copy, ///< y_i = x_i
    Reverse, ///< y_i = x_{L-1-i}
    Rotate, ///< y_i = x_{(i+1) mod L}
    Translate ///< the Chinese -> English phrase book (trainingtask.h)
};

/// The task of a run. Translate fixes its own length (4) and vocabulary (the phrase book).
struct TaskConfig
{
    TaskKind kind = TaskKind::Reverse;
    int length = 6; ///< sequence length L (copy, reverse, rotate)
    int vocab = 12; ///< source tokens (copy, reverse, rotate); the target adds "<s>"
};

/// The two optimisers, as torch.optim with default options.
enum class OptimizerKind { Sgd, Adam };

/// Optimiser settings (beta1, beta2 and eps are used by Adam only).
struct OptimizerConfig
{
    OptimizerKind kind = OptimizerKind::Adam;
    double lr = 0.003;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
};

/// Everything that determines a run: with the same RunConfig a run is the same, bit for bit.
struct RunConfig
{
    TaskConfig task;
    int dModel = 128;
    int heads = 1;
    ScaleSpec scale;
    OptimizerConfig optimizer;
    int batch = 32;
    int steps = 600;
    std::uint64_t seed = 0; ///< draws the initial parameters and every batch
    int logEvery = 10; ///< the history keeps steps 0, logEvery, 2 logEvery, ... and the last
};

/// The settings the Training window offers for @p kind when the task is picked: RunConfig's
/// defaults, except translate, which gets d_model 64 and 1000 steps (at d_model 128 and 600
/// steps the phrase book's runs often end with deep and learning looking at each other's
/// source word; at 64 and 1000, seeds 0 to 4 all align i → 我, love → 爱, deep → 深度,
/// learning → 学习).
RunConfig recommendedRunConfig(TaskKind kind);
/// The batch accuracy at which the Training window stops a run of @p kind by itself (0 to 1;
/// 0: never): 1 for the synthetic tasks; 0 for translate, whose batches are all right long
/// before the alignment settles (seed 2 reaches 100 % at step 148 with i still looking at 爱).
double recommendedTargetAccuracy(TaskKind kind);

/// @name The command line's words for the enums, and back (nothing for an unknown word).
/// @{
QString taskName(TaskKind kind);
std::optional<TaskKind> taskFromName(const QString &name);
QString optimizerName(OptimizerKind kind);
std::optional<OptimizerKind> optimizerFromName(const QString &name);
/// "sqrt_dk", "none" or the number (shortest round-trip form).
QString scaleName(const ScaleSpec &scale);
/// Reads "sqrt_dk", "none" or a positive number allowed by limits::isAllowedDivisor().
std::optional<ScaleSpec> scaleFromName(const QString &name);
/// @}

/// Checks one whole-number setting against its limit (traininglimits.h): @p option is the
/// command line's name without dashes: "length", "vocab", "d-model", "heads", "batch",
/// "steps" or "log-every". @return the refusal ("N is outside LO..HI", path @p option), or
/// nothing. The parser calls it before narrowing a number to int; checkRunConfig() too.
std::optional<SessionError> checkTrainingNumber(const QString &option, qint64 value);

/// The first limit @p config breaks (traininglimits.h), as a SessionError whose path is the
/// command line's option name without dashes ("heads", "lr", ...); nothing when it is fine.
std::optional<SessionError> checkRunConfig(const RunConfig &config);

} // namespace ae
