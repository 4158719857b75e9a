// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file session.h
/// The session: two token sequences with embeddings, the attention settings, the scaling
/// experiment's parameters, and whatever else the file held (kept for re-saving).

#include "attention/attentionconfig.h"
#include "attention/embeddings.h"
#include "scaling/entropyexperiment.h"

#include <Eigen/Core>
#include <QJsonObject>
#include <QStringList>
#include <vector>

namespace ae {

/// One sequence: tokens, one embedding row per token, padding flags.
struct SequenceData
{
    QStringList tokens;
    Eigen::MatrixXd embeddings; ///< tokens.size() x width (width is kept even with 0 tokens)
    std::vector<bool> padding; ///< empty (no padding) or one flag per token
    EmbeddingRecipe recipe; ///< how the GUI makes the vectors (the matrix is the truth)

    int length() const { return static_cast<int>(tokens.size()); }
    int width() const { return static_cast<int>(embeddings.cols()); }
    /// True when token @p i is marked as padding.
    bool isPadding(int i) const
    {
        return i >= 0 && static_cast<size_t>(i) < padding.size() && padding[static_cast<size_t>(i)];
    }
};

/// The attention wiring and math settings.
struct AttentionSettings
{
    SequenceRole queryFrom = SequenceRole::Target;
    SequenceRole keyValueFrom = SequenceRole::Source;
    AttentionConfig config;
    Projections projections;
};

/// A whole session, as held by the document and stored in a session file.
struct Session
{
    QString title;
    SequenceData source; ///< X, the encoder side
    SequenceData target; ///< Y, the decoder side
    AttentionSettings attention;
    EntropyExperimentConfig scaling; ///< the scaling plot's parameters
    /// The JSON object the session was read from; fields this version does not know are
    /// written back from here on save.
    QJsonObject original;

    /// The sequence playing @p role.
    const SequenceData &sequence(SequenceRole role) const
    {
        return role == SequenceRole::Source ? source : target;
    }
    SequenceData &sequence(SequenceRole role)
    {
        return role == SequenceRole::Source ? source : target;
    }
    const SequenceData &querySequence() const { return sequence(attention.queryFrom); }
    const SequenceData &keyValueSequence() const { return sequence(attention.keyValueFrom); }
};

/// @name Equality of every field, including the fields of the original file this version does
/// not know (unknownSessionFields()); the known fields of Session::original are not compared,
/// since the session's own fields replace them on save.
/// @{
bool operator==(const SequenceData &a, const SequenceData &b);
bool operator!=(const SequenceData &a, const SequenceData &b);
bool operator==(const AttentionSettings &a, const AttentionSettings &b);
bool operator!=(const AttentionSettings &a, const AttentionSettings &b);
bool operator==(const Session &a, const Session &b);
bool operator!=(const Session &a, const Session &b);
/// @}

} // namespace ae
