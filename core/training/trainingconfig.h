// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file trainingconfig.h
/// The settings of a training run (spec training.md): the model's shape, the task, the
/// optimiser and the run. The window's settings form fills a RunConfig and checks it with
/// checkRunConfig() (the same rule the command line uses); the names of the enums are the
/// command line's words, for its combo boxes' data.

#include "attention/attentionconfig.h"
#include "session/sessionerror.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <utility>

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

/// The tasks.
enum class TaskKind {
    Copy, ///< y_i = x_i
    Reverse, ///< y_i = x_{L-1-i}
    Rotate, ///< y_i = x_{(i+1) mod L}
    Translate, ///< the Chinese -> English phrase book (trainingtask.h)
    TranslateZhEn, ///< the corpus (translationcorpus.h), Chinese -> English; transformer only
    TranslateEnZh ///< the corpus, English -> Chinese; transformer only
};

/// True for the tasks on the translation corpus, whose sentences differ in length (padded,
/// with an end token): only the transformer trains them.
bool isCorpusTask(TaskKind kind);
/// True for the tasks that fix their own length and vocabulary (translate and the corpus
/// tasks): a run's length and vocab settings do not apply to them.
bool taskFixesShape(TaskKind kind);

/// The two models of the lab.
enum class ModelKind {
    OneLayer, ///< one layer of multi-head cross-attention (spec training.md, section 1)
    Transformer ///< the encoder-decoder transformer (section 5, training/transformer/)
};

/// The task of a run. Translate and the corpus tasks fix their own length and vocabulary.
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
    ModelKind model = ModelKind::OneLayer;
    TaskConfig task;
    int dModel = 128;
    int heads = 1;
    int layers = 2; ///< the transformer's encoder layers and its decoder layers (each)
    int dimFeedforward = 128; ///< the transformer's dim_feedforward
    ScaleSpec scale;
    OptimizerConfig optimizer;
    int batch = 32;
    int steps = 600;
    std::uint64_t seed = 0; ///< draws the initial parameters and every batch
    int logEvery = 10; ///< the history keeps steps 0, logEvery, 2 logEvery, ... and the last
};

/// True when @p a and @p b make the same run, bit for bit (every field but logEvery, which
/// changes only what the history keeps; a scale's divisor counts only for ScaleMode::Custom).
bool sameRun(const RunConfig &a, const RunConfig &b);

/// The settings the Training window offers for @p kind when the task is picked: RunConfig's
/// defaults, except translate, which gets d_model 64 and 1000 steps (at d_model 128 and 600
/// steps the phrase book's runs often end with deep and learning looking at each other's
/// source word; at 64 and 1000, seeds 0 to 4 all align i → 我, love → 爱, deep → 深度,
/// learning → 学习).
RunConfig recommendedRunConfig(TaskKind kind);
/// RunConfig's defaults for @p model: the one-layer model's as declared; the transformer's
/// those of issue 29 (2 + 2 layers, d_model 64, 4 heads, dim_feedforward 128).
RunConfig defaultRunConfig(ModelKind model);
/// The batch accuracy at which the Training window stops a run of @p kind by itself (0 to 1;
/// 0: never): 1 for the synthetic tasks; 0 for translate, whose batches are all right long
/// before the alignment settles (seed 2 reaches 100 % at step 148 with i still looking at 爱),
/// and for the corpus tasks, whose batches a transformer gets all right within some 60 steps.
double recommendedTargetAccuracy(TaskKind kind);

/// @name The command line's words for the enums, and back (nothing for an unknown word).
/// @{
QString taskName(TaskKind kind);
std::optional<TaskKind> taskFromName(const QString &name);
QString modelName(ModelKind kind); ///< "one-layer" or "transformer"
std::optional<ModelKind> modelFromName(const QString &name);
/// Every task's name, "|"-separated, in the enum's order (for help texts and refusals).
QString taskNames();
QString optimizerName(OptimizerKind kind);
std::optional<OptimizerKind> optimizerFromName(const QString &name);
/// "sqrt_dk", "none" or the number (shortest round-trip form).
QString scaleName(const ScaleSpec &scale);
/// Reads "sqrt_dk", "none" or a positive number allowed by limits::isAllowedDivisor().
std::optional<ScaleSpec> scaleFromName(const QString &name);
/// @}

/// The lowest and highest value of one whole-number setting (@p option as for
/// checkTrainingNumber(), whose limits these are), or nothing for an unknown option. The
/// window's fields take their ranges from here.
std::optional<std::pair<int, int>> trainingNumberRange(const QString &option);

/// Checks one whole-number setting against its limit (traininglimits.h): @p option is the
/// command line's name without dashes: "length", "vocab", "d-model", "heads", "batch",
/// "steps", "log-every", "layers" or "d-ff". @return the refusal ("N is outside LO..HI", path @p
/// option), or nothing. The parser calls it before narrowing a number to int; checkRunConfig() too.
std::optional<SessionError> checkTrainingNumber(const QString &option, qint64 value);

/// The first limit the optimiser's settings break: lr above 0 and at most
/// limits::maxTrainLearningRate, beta1 and beta2 in [0, 1), eps above 0 and at most
/// limits::maxTrainEpsilon. The one rule of checkRunConfig() and of a replay file's
/// "optimizer". @return the refusal, its path "lr", "beta1", "beta2" or "eps"; or nothing.
std::optional<SessionError> checkOptimizerConfig(const OptimizerConfig &optimizer);

/// The most bytes a run of @p config holds at once, in doubles: per example and position of
/// the batch, 12 d_model (Q, K, V, the concatenated heads, the output, their gradients and a
/// product's temporary), 4 target vocabularies (logits, probabilities, their gradient and a
/// temporary) and 3 rows of scores per head; per example and position of the held-out set,
/// evaluated beside the model, 6 d_model, 3 vocabularies and 2 rows of scores per head (no
/// gradients); and the parameters 4 times (with the gradients and Adam's two moments).
/// Measured runs hold 55-85 % of it (train --batch 4096 --length 12 --d-model 1016 --vocab
/// 1000: 7.1 GB estimated, 5.1 GB held). The transformer's: per example, position and layer
/// of the batch 40 d_model, 4 dim_feedforward and 6 rows of scores per head (every layer
/// keeps its intermediates for the backward pass; a decoder layer counts twice), 4 target
/// vocabularies per target position; the held-out set (the corpus tasks' test split, the
/// other tasks' 512 examples) likewise without gradients (half); and the parameters 4 times.
double runMemoryBytes(const RunConfig &config);

/// The first limit @p config breaks (traininglimits.h), as a SessionError whose path is the
/// command line's option name without dashes ("heads", "lr", ...); nothing when it is fine.
std::optional<SessionError> checkRunConfig(const RunConfig &config);

} // namespace ae
