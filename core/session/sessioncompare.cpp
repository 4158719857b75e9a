// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessioncompare.h"

#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"

#include <utility>

namespace ae {

namespace {

/// The shown weights of @p result: the mean for @p view < 0, else that head's.
const Eigen::MatrixXd &shownWeights(const AttentionResult &result, int view)
{
    if (view < 0 || view >= int(result.heads.size()))
        return result.meanWeights;
    return result.heads[size_t(view)].weights;
}

/// A refusal when @p head is not a head of the session (or the mean, when @p meanAllowed).
std::optional<SessionError> headProblem(const QString &path, int head, int heads, bool meanAllowed)
{
    if (head >= (meanAllowed ? -1 : 0) && head < heads)
        return std::nullopt;
    return SessionError { SessionError::Kind::Invalid, path,
        QStringLiteral("head %1 is out of range: the session has %2 head(s), 0 to %3")
            .arg(head)
            .arg(heads)
            .arg(heads - 1) };
}

} // namespace

Session compareVariant(const Session &session, CompareKind kind)
{
    Session variant = session;
    AttentionSettings &a = variant.attention;
    switch (kind) {
    case CompareKind::Scaling:
        a.config.scale.mode
            = a.config.scale.mode == ScaleMode::None ? ScaleMode::SqrtDk : ScaleMode::None;
        break;
    case CompareKind::CrossDirection:
        std::swap(a.queryFrom, a.keyValueFrom);
        break;
    case CompareKind::Heads:
        break;
    case CompareKind::Causal:
        a.config.causal = !a.config.causal;
        break;
    }
    return variant;
}

std::optional<SessionError> compareProblem(const Session &session, const CompareSpec &spec)
{
    const int heads = session.attention.config.heads;
    if (spec.kind == CompareKind::Heads) {
        if (heads < 2)
            return SessionError { SessionError::Kind::Invalid, QStringLiteral("attention.heads"),
                QStringLiteral("comparing heads needs at least 2 heads") };
        for (const auto &[path, head] : { std::pair { QStringLiteral("head A"), spec.headA },
                 std::pair { QStringLiteral("head B"), spec.headB } }) {
            if (auto problem = headProblem(path, head, heads, false))
                return problem;
        }
        return std::nullopt;
    }
    if (auto problem = headProblem(QStringLiteral("view"), spec.view, heads, true))
        return problem;
    if (spec.kind == CompareKind::CrossDirection
        && session.attention.queryFrom == session.attention.keyValueFrom) {
        return SessionError { SessionError::Kind::Invalid, QStringLiteral("attention.query_from"),
            QStringLiteral("queries and keys/values come from the same sequence, so swapping "
                           "them changes nothing") };
    }
    return validateSession(compareVariant(session, spec.kind));
}

CompareResult compareSessions(const Session &session, const CompareSpec &spec)
{
    CompareResult r;
    r.sessionA = session;
    r.sessionB = compareVariant(session, spec.kind);
    // "Causal vs not causal" reads left to right whichever of the two the session has.
    if (spec.kind == CompareKind::Causal && !session.attention.config.causal)
        std::swap(r.sessionA, r.sessionB);
    r.resultA = computeSession(r.sessionA);
    // Heads compares two views of one computation; the variant is then the same session.
    r.resultB = spec.kind == CompareKind::Heads ? r.resultA : computeSession(r.sessionB);
    r.viewA = spec.kind == CompareKind::Heads ? spec.headA : spec.view;
    r.viewB = spec.kind == CompareKind::Heads ? spec.headB : spec.view;
    r.transposed = spec.kind == CompareKind::CrossDirection;
    r.weightsA = shownWeights(r.resultA, r.viewA);
    r.weightsB = shownWeights(r.resultB, r.viewB);
    r.differenceWeightsB = r.transposed ? Eigen::MatrixXd(r.weightsB.transpose()) : r.weightsB;
    r.difference = r.weightsA - r.differenceWeightsB;
    const BoolMatrix visibleB
        = r.transposed ? BoolMatrix(r.resultB.visible.transpose()) : r.resultB.visible;
    r.differenceVisible = r.resultA.visible.array() && visibleB.array();
    return r;
}

QString compareKindKey(CompareKind kind)
{
    switch (kind) {
    case CompareKind::Scaling:
        return QStringLiteral("scaling");
    case CompareKind::CrossDirection:
        return QStringLiteral("direction");
    case CompareKind::Heads:
        return QStringLiteral("heads");
    case CompareKind::Causal:
        return QStringLiteral("causal");
    }
    return {};
}

std::optional<CompareKind> compareKindFromKey(const QString &key)
{
    for (CompareKind kind : { CompareKind::Scaling, CompareKind::CrossDirection, CompareKind::Heads,
             CompareKind::Causal }) {
        if (key.trimmed().compare(compareKindKey(kind), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

} // namespace ae
