// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessionedit.h"

#include "attention/embeddings.h"
#include "attention/projections.h"
#include "session/sessionlimits.h"

#include <algorithm>

namespace ae {

bool sequenceSizeFits(int length, int width)
{
    return length >= 0 && length <= limits::maxTokens && width >= 0
        && width <= limits::maxEmbeddingWidth;
}

Eigen::MatrixXd resizedKeeping(
    const Eigen::Ref<const Eigen::MatrixXd> &m, Eigen::Index rows, Eigen::Index cols)
{
    Eigen::MatrixXd r = Eigen::MatrixXd::Zero(rows, cols);
    const Eigen::Index keepRows = std::min(rows, m.rows());
    const Eigen::Index keepCols = std::min(cols, m.cols());
    r.topLeftCorner(keepRows, keepCols) = m.topLeftCorner(keepRows, keepCols);
    return r;
}

bool isPaddingToken(const QString &token)
{
    return token.compare(QLatin1String("<pad>"), Qt::CaseInsensitive) == 0
        || token.compare(QLatin1String("[pad]"), Qt::CaseInsensitive) == 0;
}

Eigen::MatrixXd reshapedEmbeddings(
    const SequenceData &sequence, const QStringList &tokens, int width)
{
    const int length = static_cast<int>(tokens.size());
    const EmbeddingRecipe &recipe = sequence.recipe;
    if (recipe.mode != EmbeddingMode::Manual) {
        if (auto generated = generateEmbeddings(recipe, tokens, width))
            return *generated;
        return Eigen::MatrixXd::Zero(length, width);
    }
    // The table shows final vectors; the positional part belongs to the position, not to the
    // token, so it is recomputed for the new shape rather than carried along.
    Eigen::MatrixXd base = sequence.embeddings;
    if (recipe.positional)
        base -= sinusoidalPositions(sequence.length(), sequence.width());
    Eigen::MatrixXd result = resizedKeeping(base, length, width);
    if (recipe.positional)
        result += sinusoidalPositions(length, width);
    return result;
}

std::vector<int> blankEmbeddingRows(const SequenceData &sequence)
{
    std::vector<int> rows;
    if (sequence.recipe.mode != EmbeddingMode::Manual || sequence.width() == 0
        || sequence.embeddings.rows() != sequence.length())
        return rows;
    // Rows are compared with what a new row gets: zeros, plus the same positions.
    Eigen::MatrixXd positions;
    if (sequence.recipe.positional)
        positions = sinusoidalPositions(sequence.length(), sequence.width());
    for (int r = 0; r < sequence.length(); ++r) {
        if (sequence.isPadding(r))
            continue;
        const bool blank = sequence.recipe.positional
            ? (sequence.embeddings.row(r).array() == positions.row(r).array()).all()
            : (sequence.embeddings.row(r).array() == 0.0).all();
        if (blank)
            rows.push_back(r);
    }
    return rows;
}

SequenceData withHashedRows(SequenceData sequence, const std::vector<int> &rows)
{
    const int width = sequence.width();
    Eigen::MatrixXd positions;
    if (sequence.recipe.positional)
        positions = sinusoidalPositions(sequence.length(), width);
    for (int r : rows) {
        if (r < 0 || r >= sequence.length())
            continue;
        Eigen::RowVectorXd v = hashedEmbedding(sequence.tokens[r], width, sequence.recipe.seed);
        if (sequence.recipe.positional)
            v += positions.row(r);
        sequence.embeddings.row(r) = v;
    }
    return sequence;
}

std::vector<bool> followedPadding(const SequenceData &base, const QStringList &tokens)
{
    // The same tokens keep their flags exactly, in the form they were written in.
    if (tokens == base.tokens)
        return base.padding;
    std::vector<bool> flags(static_cast<size_t>(tokens.size()), false);
    bool any = false;
    for (int i = 0; i < tokens.size(); ++i) {
        const bool same = i < base.length() && base.tokens[i] == tokens[i];
        const bool flag = same ? base.isPadding(i) : isPaddingToken(tokens[i]);
        flags[static_cast<size_t>(i)] = flag;
        any = any || flag;
    }
    if (!any)
        flags.clear();
    return flags;
}

std::vector<bool> withPaddingFlag(std::vector<bool> flags, int length, int index, bool padded)
{
    flags.resize(static_cast<size_t>(length), false);
    flags[static_cast<size_t>(index)] = padded;
    // No flag set is written as no padding at all, the form a file without "padding" loads as.
    if (std::none_of(flags.begin(), flags.end(), [](bool p) { return p; }))
        flags.clear();
    return flags;
}

SequenceData withRecipe(SequenceData sequence, const EmbeddingRecipe &recipe)
{
    const EmbeddingRecipe old = sequence.recipe;
    sequence.recipe = recipe;
    if (recipe.mode != EmbeddingMode::Manual) {
        sequence.embeddings = reshapedEmbeddings(sequence, sequence.tokens, sequence.width());
        return sequence;
    }
    // Hand-made vectors stay as they are; only the positional part comes or goes.
    if (old.positional != recipe.positional) {
        const Eigen::MatrixXd positions = sinusoidalPositions(sequence.length(), sequence.width());
        if (recipe.positional)
            sequence.embeddings += positions;
        else
            sequence.embeddings -= positions;
    }
    return sequence;
}

namespace {

/// True when the shapes @p session asks for may be allocated.
bool projectionSizesFit(const Session &session)
{
    const int dModel = session.attention.config.dModel;
    return dModel >= 1 && dModel <= limits::maxModelDim
        && sequenceSizeFits(0, session.querySequence().width())
        && sequenceSizeFits(0, session.keyValueSequence().width());
}

} // namespace

Projections explicitProjectionsFor(const Session &session)
{
    const Projections &current = session.attention.projections;
    const int dq = session.querySequence().width();
    const int dkv = session.keyValueSequence().width();
    const int dModel = session.attention.config.dModel;
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.seed = current.seed;
    if (!projectionSizesFit(session))
        return p;
    if (current.mode == ProjectionMode::Random) {
        p = materializeProjections(current, dq, dkv, dModel);
        p.seed = current.seed;
        return p;
    }
    const auto identityOrZero = [dModel](int rows) {
        return rows == dModel ? Eigen::MatrixXd(Eigen::MatrixXd::Identity(rows, dModel))
                              : Eigen::MatrixXd(Eigen::MatrixXd::Zero(rows, dModel));
    };
    p.wq = identityOrZero(dq);
    p.wk = identityOrZero(dkv);
    p.wv = identityOrZero(dkv);
    p.wo = Eigen::MatrixXd::Identity(dModel, dModel);
    p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Zero(dModel);
    return p;
}

Projections fittedProjections(const Session &session, const Projections &projections)
{
    if (!projectionSizesFit(session))
        return projections;
    const int dq = session.querySequence().width();
    const int dkv = session.keyValueSequence().width();
    const int dModel = session.attention.config.dModel;
    Projections p = projections;
    p.wq = resizedKeeping(p.wq, dq, dModel);
    p.wk = resizedKeeping(p.wk, dkv, dModel);
    p.wv = resizedKeeping(p.wv, dkv, dModel);
    p.wo = resizedKeeping(p.wo, dModel, dModel);
    for (Eigen::RowVectorXd *bias : { &p.bq, &p.bk, &p.bv, &p.bo }) {
        if (bias->size() != 0)
            *bias = resizedKeeping(*bias, 1, dModel);
    }
    return p;
}

bool setProjectionEntry(
    Projections &projections, ProjectionPart part, int row, int column, double value, int dModel)
{
    Eigen::MatrixXd *const matrices[]
        = { &projections.wq, &projections.wk, &projections.wv, &projections.wo };
    Eigen::RowVectorXd *const biases[]
        = { &projections.bq, &projections.bk, &projections.bv, &projections.bo };
    const int index = static_cast<int>(part);
    if (part < ProjectionPart::Bq) {
        Eigen::MatrixXd &m = *matrices[index];
        if (row < 0 || row >= m.rows() || column < 0 || column >= m.cols())
            return false;
        m(row, column) = value;
        return true;
    }
    if (row != 0 || column < 0 || column >= dModel || dModel > limits::maxModelDim)
        return false;
    Eigen::RowVectorXd &bias = *biases[index - static_cast<int>(ProjectionPart::Bq)];
    if (bias.size() != dModel)
        bias = Eigen::RowVectorXd::Zero(dModel);
    bias(column) = value;
    return true;
}

} // namespace ae
