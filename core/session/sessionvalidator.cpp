// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessionvalidator.h"

#include "attention/embeddings.h"
#include "io/textfield.h"
#include "session/sessionlimits.h"

#include <QCoreApplication>
#include <cmath>

namespace ae {

namespace {

/// Translation context for this file's messages.
struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(SessionValidator)
};

SessionError invalid(const QString &path, const QString &message)
{
    return SessionError { SessionError::Kind::Invalid, path, message };
}

/// First entry of @p m that is not finite or is too large, as "[r][c]" and a message.
std::optional<SessionError> checkValues(
    const QString &path, const Eigen::MatrixXd &m, bool rowVector)
{
    // The document validates on every edit, and nearly always every value is allowed: one
    // branch-free pass in storage order says so, and only a bad value pays for the search
    // below, which names the first one in reading order.
    bool allAllowed = true;
    const double *values = m.data();
    for (Eigen::Index i = 0; i < m.size(); ++i)
        allAllowed &= limits::isAllowedValue(values[i]);
    if (allAllowed)
        return std::nullopt;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (limits::isAllowedValue(x))
                continue;
            // Formatted only for the bad entry: the document validates on every edit.
            const QString where = rowVector ? QStringLiteral("%1[%2]").arg(path).arg(c)
                                            : QStringLiteral("%1[%2][%3]").arg(path).arg(r).arg(c);
            if (!std::isfinite(x))
                return invalid(where, Msg::tr("not a finite number"));
            return invalid(where,
                Msg::tr("%1 is larger in magnitude than the limit %2")
                    .arg(x, 0, 'g', 6)
                    .arg(limits::maxAbsValue, 0, 'g', 3));
        }
    }
    return std::nullopt;
}

std::optional<SessionError> checkSequence(const QString &name, const SequenceData &s)
{
    if (s.tokens.isEmpty())
        return invalid(name + QStringLiteral(".tokens"),
            Msg::tr("the sequence is empty; give it at least one token"));
    if (s.length() > limits::maxTokens)
        return invalid(name + QStringLiteral(".tokens"),
            Msg::tr("%1 tokens, at most %2 allowed").arg(s.length()).arg(limits::maxTokens));
    for (int i = 0; i < s.length(); ++i) {
        const QString path = QStringLiteral("%1.tokens[%2]").arg(name).arg(i);
        if (s.tokens[i].isEmpty())
            return invalid(path, Msg::tr("empty token"));
        if (const auto problem = textFieldProblem(s.tokens[i], TextLines::Single))
            return invalid(path, *problem);
        if (s.tokens[i].size() > limits::maxTokenLength)
            return invalid(path,
                Msg::tr("%1 characters, at most %2 allowed")
                    .arg(s.tokens[i].size())
                    .arg(limits::maxTokenLength));
    }
    const QString emb = name + QStringLiteral(".embeddings");
    if (s.embeddings.rows() != s.length())
        return invalid(emb,
            Msg::tr("%1 rows for %2 tokens; give one vector per token")
                .arg(s.embeddings.rows())
                .arg(s.length()));
    if (s.width() < 1 || s.width() > limits::maxEmbeddingWidth)
        return invalid(emb,
            Msg::tr("vectors of %1 numbers; the width must be 1 to %2")
                .arg(s.width())
                .arg(limits::maxEmbeddingWidth));
    if (auto e = checkValues(emb, s.embeddings, false))
        return e;
    if (!s.padding.empty() && static_cast<int>(s.padding.size()) != s.length())
        return invalid(name + QStringLiteral(".padding"),
            Msg::tr("%1 flags for %2 tokens").arg(s.padding.size()).arg(s.length()));
    return std::nullopt;
}

std::optional<SessionError> checkMatrix(
    const QString &path, const Eigen::MatrixXd &m, int rows, int cols, const QString &meaning)
{
    if (m.rows() != rows || m.cols() != cols)
        return invalid(path,
            Msg::tr("%1 x %2, expected %3 x %4 (%5)")
                .arg(m.rows())
                .arg(m.cols())
                .arg(rows)
                .arg(cols)
                .arg(meaning));
    return checkValues(path, m, false);
}

std::optional<SessionError> checkBias(const QString &path, const Eigen::RowVectorXd &b, int dModel)
{
    if (b.size() != 0 && b.size() != dModel)
        return invalid(
            path, Msg::tr("%1 numbers, expected %2 (d_model)").arg(b.size()).arg(dModel));
    return checkValues(path, b, true);
}

std::optional<SessionError> checkAttention(const Session &s)
{
    const AttentionConfig &c = s.attention.config;
    if (c.dModel < 1 || c.dModel > limits::maxModelDim)
        return invalid(QStringLiteral("attention.d_model"),
            Msg::tr("%1 is outside 1..%2").arg(c.dModel).arg(limits::maxModelDim));
    if (c.heads < 1 || c.heads > limits::maxHeads)
        return invalid(QStringLiteral("attention.heads"),
            Msg::tr("%1 is outside 1..%2").arg(c.heads).arg(limits::maxHeads));
    if (c.dModel % c.heads != 0)
        return invalid(QStringLiteral("attention.heads"),
            Msg::tr("%1 does not divide d_model %2").arg(c.heads).arg(c.dModel));
    if (c.scale.mode == ScaleMode::Custom) {
        const double d = c.scale.divisor;
        if (!limits::isAllowedDivisor(d))
            return invalid(QStringLiteral("attention.scale"),
                Msg::tr("%1 is not a usable divisor; give a positive number from %2 to %3")
                    .arg(d, 0, 'g', 6)
                    .arg(limits::minScaleDivisor, 0, 'g', 3)
                    .arg(limits::maxAbsValue, 0, 'g', 3));
    }
    const QString qName = roleName(s.attention.queryFrom);
    const QString kvName = roleName(s.attention.keyValueFrom);
    const int dq = s.querySequence().width();
    const int dkv = s.keyValueSequence().width();
    const Projections &p = s.attention.projections;
    const QString proj = QStringLiteral("attention.projections");
    switch (p.mode) {
    case ProjectionMode::Identity:
        if (dq != c.dModel)
            return invalid(proj,
                Msg::tr("identity projections need %1.embeddings width %2 to equal "
                        "d_model %3; choose random or explicit projections, or "
                        "change the width")
                    .arg(qName)
                    .arg(dq)
                    .arg(c.dModel));
        if (dkv != c.dModel)
            return invalid(proj,
                Msg::tr("identity projections need %1.embeddings width %2 to equal "
                        "d_model %3; choose random or explicit projections, or "
                        "change the width")
                    .arg(kvName)
                    .arg(dkv)
                    .arg(c.dModel));
        break;
    case ProjectionMode::Random:
        break;
    case ProjectionMode::Explicit: {
        const QString qMeaning = Msg::tr("%1 width x d_model").arg(qName);
        const QString kvMeaning = Msg::tr("%1 width x d_model").arg(kvName);
        if (auto e = checkMatrix(proj + QStringLiteral(".w_q"), p.wq, dq, c.dModel, qMeaning))
            return e;
        if (auto e = checkMatrix(proj + QStringLiteral(".w_k"), p.wk, dkv, c.dModel, kvMeaning))
            return e;
        if (auto e = checkMatrix(proj + QStringLiteral(".w_v"), p.wv, dkv, c.dModel, kvMeaning))
            return e;
        if (auto e = checkMatrix(proj + QStringLiteral(".w_o"), p.wo, c.dModel, c.dModel,
                Msg::tr("d_model x d_model")))
            return e;
        const std::pair<const char *, const Eigen::RowVectorXd *> biases[]
            = { { "b_q", &p.bq }, { "b_k", &p.bk }, { "b_v", &p.bv }, { "b_o", &p.bo } };
        for (const auto &[key, bias] : biases) {
            if (auto e = checkBias(proj + QLatin1Char('.') + QLatin1String(key), *bias, c.dModel))
                return e;
        }
        break;
    }
    }
    return std::nullopt;
}

/// A one-hot recipe needs one column per distinct token.
std::optional<SessionError> checkRecipe(SequenceRole role, const SequenceData &s)
{
    if (s.recipe.mode != EmbeddingMode::OneHot)
        return std::nullopt;
    const int vocabulary = vocabularySize(s.tokens);
    if (vocabulary <= s.width())
        return std::nullopt;
    return invalid(roleName(role) + QStringLiteral(".generator"),
        Msg::tr("one-hot vectors for %1 distinct tokens need a width of at least %1, not %2; "
                "widen the vectors or choose another way to make them")
            .arg(vocabulary)
            .arg(s.width()));
}

} // namespace

std::optional<SessionError> validateSession(const Session &session)
{
    if (session.title.size() > limits::maxTitleLength)
        return invalid(QStringLiteral("title"),
            Msg::tr("%1 characters, at most %2 allowed")
                .arg(session.title.size())
                .arg(limits::maxTitleLength));
    if (const auto problem = textFieldProblem(session.title, TextLines::Single))
        return invalid(QStringLiteral("title"), *problem);
    if (auto e = checkSequence(QStringLiteral("source"), session.source))
        return e;
    if (auto e = checkSequence(QStringLiteral("target"), session.target))
        return e;
    if (auto e = checkAttention(session))
        return e;
    if (auto e = validateExperiment(session.scaling)) {
        e->path
            = e->path.isEmpty() ? QStringLiteral("scaling") : QStringLiteral("scaling.") + e->path;
        return e;
    }
    for (SequenceRole role : { SequenceRole::Source, SequenceRole::Target }) {
        if (auto e = checkRecipe(role, session.sequence(role)))
            return e;
    }
    return std::nullopt;
}

} // namespace ae
