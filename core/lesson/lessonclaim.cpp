// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonclaim.h"

#include "lesson/lesson.h"
#include "lesson/lessonjsonreader.h"
#include "lesson/lessonlimits.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

using R = LessonJsonReader;
using K = LessonQuantityKind;

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(LessonClaim)
};

/// The vocabulary: each kind with its name.
struct QuantityName
{
    K kind;
    const char *name;
};

constexpr QuantityName quantityNames[] = {
    { K::Weight, "weight" },
    { K::MaxWeight, "max_weight" },
    { K::Argmax, "argmax" },
    { K::Entropy, "entropy" },
    { K::MeanEntropy, "mean_entropy" },
    { K::Output, "output" },
    { K::Score, "score" },
    { K::Divisor, "divisor" },
    { K::ScalingSpread, "scaling.spread" },
    { K::ScalingEntropy, "scaling.entropy" },
    { K::ScalingJacobian, "scaling.jacobian" },
    { K::ScalingSaturated, "scaling.saturated" },
    { K::TrainingLoss, "training.loss" },
    { K::TrainingAccuracy, "training.accuracy" },
    { K::TrainingAlignment, "training.alignment_accuracy" },
    { K::TrainingMaxWeight, "training.max_weight" },
    { K::TrainingEntropy, "training.entropy" },
    { K::TrainingGradNormQ, "training.grad_norm_q" },
    { K::TrainingGradNormK, "training.grad_norm_k" },
    { K::TrainingHeldOutAccuracy, "training.held_out_accuracy" },
};

const char *const reduceNames[] = { "median", "mean", "min", "max" };
const char *const comparisonNames[] = { "<", "<=", ">", ">=", "==" };

QStringList namesOf(const char *const *names, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << QLatin1String(names[i]);
    return list;
}

/// A head index or "mean".
int parseHead(const QJsonValue &v, const QString &path, int heads)
{
    if (v.isString() && v.toString() == QLatin1String("mean"))
        return LessonView::meanOfHeads;
    if (!v.isDouble())
        R::fail(path, Msg::tr("expected \"mean\" or a head number from 0"));
    return R::asInteger(v, path, 0, heads - 1);
}

LessonQuantity parseQuantity(const QJsonValue &v, const QString &path, const Session &here,
    const std::vector<const Session *> &earlier, const std::optional<RunConfig> &training)
{
    const QJsonObject o = R::asObject(v, path);
    QStringList names;
    for (const QuantityName &q : quantityNames)
        names << QLatin1String(q.name);
    const QString name = R::asName(R::required(o, path, QStringLiteral("quantity")),
        R::join(path, QStringLiteral("quantity")), names);
    LessonQuantity q;
    q.kind = quantityNames[names.indexOf(name)].kind;
    QStringList known { QStringLiteral("quantity") };
    const auto field = [&](const char *key) { return R::join(path, QLatin1String(key)); };
    if (isTrainingQuantity(q.kind)) {
        known << QStringLiteral("run");
        if (q.kind != K::TrainingHeldOutAccuracy)
            known << QStringLiteral("steps") << QStringLiteral("reduce");
        R::onlyKnownKeys(o, path, known);
        if (!training)
            R::fail(field("quantity"),
                Msg::tr("a training quantity needs the step's \"view.training\""));
        q.runB = R::asName(R::required(o, path, QStringLiteral("run")), field("run"),
                     { QStringLiteral("A"), QStringLiteral("B") })
            == QLatin1String("B");
        const int last = training->steps - 1;
        q.firstStep = q.lastStep = last;
        if (o.contains(QLatin1String("steps"))) {
            const QJsonValue steps = o.value(QLatin1String("steps"));
            if (steps.isDouble()) {
                q.firstStep = q.lastStep = R::asInteger(steps, field("steps"), 0, last);
            } else {
                const QJsonArray range = R::asArray(steps, field("steps"), 2);
                if (range.size() != 2)
                    R::fail(field("steps"), Msg::tr("expected a step or [first, last]"));
                q.firstStep = R::asInteger(range.at(0), R::at(field("steps"), 0), 0, last);
                q.lastStep = R::asInteger(range.at(1), R::at(field("steps"), 1), q.firstStep, last);
            }
        }
        if (o.contains(QLatin1String("reduce")))
            q.reduce = LessonReduce(namesOf(reduceNames, 4)
                                        .indexOf(R::asName(o.value(QLatin1String("reduce")),
                                            field("reduce"), namesOf(reduceNames, 4))));
        return q;
    }
    if (isScalingQuantity(q.kind)) {
        known << QStringLiteral("d_k") << QStringLiteral("scaled");
        R::onlyKnownKeys(o, path, known);
        const std::vector<int> &dims = here.scaling.dims;
        q.dk = R::asInteger(R::required(o, path, QStringLiteral("d_k")), field("d_k"), 1, 1 << 20);
        if (std::find(dims.begin(), dims.end(), q.dk) == dims.end())
            R::fail(field("d_k"), Msg::tr("%1 is not one of the session's scaling dims").arg(q.dk));
        q.scaled = R::asBool(R::required(o, path, QStringLiteral("scaled")), field("scaled"));
        return q;
    }
    known << QStringLiteral("of");
    if (q.kind != K::Output && q.kind != K::Divisor)
        known << QStringLiteral("head");
    if (q.kind != K::MeanEntropy && q.kind != K::Divisor)
        known << QStringLiteral("query");
    if (q.kind == K::Weight || q.kind == K::Score)
        known << QStringLiteral("key");
    if (q.kind == K::Output)
        known << QStringLiteral("dim");
    R::onlyKnownKeys(o, path, known);
    if (o.contains(QLatin1String("of"))) {
        const QJsonValue of = o.value(QLatin1String("of"));
        if (earlier.empty())
            R::fail(field("of"), Msg::tr("the first step has no earlier step"));
        const int last = int(earlier.size()) - 1;
        if (of.isString()) {
            R::asName(of, field("of"), { QStringLiteral("previous") });
            q.step = last;
        } else {
            q.step = R::asInteger(of, field("of"), 0, last);
        }
    }
    const Session &session = q.step >= 0 ? *earlier[size_t(q.step)] : here;
    if (o.contains(QLatin1String("head")))
        q.head = parseHead(
            o.value(QLatin1String("head")), field("head"), session.attention.config.heads);
    if (q.kind == K::Score && q.head == LessonView::meanOfHeads)
        R::fail(field("head"), Msg::tr("a score belongs to one head; give its number"));
    if (q.kind != K::MeanEntropy && q.kind != K::Divisor)
        q.query = R::asInteger(R::required(o, path, QStringLiteral("query")), field("query"), 0,
            session.querySequence().length() - 1);
    if (q.kind == K::Weight || q.kind == K::Score)
        q.key = R::asInteger(R::required(o, path, QStringLiteral("key")), field("key"), 0,
            session.keyValueSequence().length() - 1);
    if (q.kind == K::Output)
        q.dim = R::asInteger(R::required(o, path, QStringLiteral("dim")), field("dim"), 0,
            session.attention.config.dModel - 1);
    return q;
}

LessonClaim parseClaim(const QJsonValue &v, const QString &path, const Session &session,
    const std::vector<const Session *> &earlier, const std::optional<RunConfig> &training)
{
    const QJsonObject o = R::asObject(v, path);
    R::onlyKnownKeys(o, path,
        { QStringLiteral("id"), QStringLiteral("left"), QStringLiteral("compare"),
            QStringLiteral("right"), QStringLiteral("factor"), QStringLiteral("offset"),
            QStringLiteral("tolerance"), QStringLiteral("digits"), QStringLiteral("percent") });
    LessonClaim c;
    const auto field = [&](const char *key) { return R::join(path, QLatin1String(key)); };
    if (o.contains(QLatin1String("id"))) {
        c.id = R::asString(o.value(QLatin1String("id")), field("id"), 64);
        static const QRegularExpression word(QStringLiteral("^[A-Za-z0-9_]+$"));
        if (!word.match(c.id).hasMatch())
            R::fail(field("id"), Msg::tr("an id is letters, digits and _ only"));
    }
    c.left = parseQuantity(
        R::required(o, path, QStringLiteral("left")), field("left"), session, earlier, training);
    const QStringList comparisons = namesOf(comparisonNames, 5);
    c.comparison = LessonComparison(comparisons.indexOf(
        R::asName(R::required(o, path, QStringLiteral("compare")), field("compare"), comparisons)));
    const QJsonValue right = R::required(o, path, QStringLiteral("right"));
    if (right.isObject()) {
        c.right = parseQuantity(right, field("right"), session, earlier, training);
    } else if (right.isString() && c.left.kind == K::Argmax) {
        // A key named by its token: the first key of that token.
        const QString token = right.toString();
        const QStringList &keys = session.keyValueSequence().tokens;
        const int index = static_cast<int>(keys.indexOf(token));
        if (index < 0)
            R::fail(field("right"),
                Msg::tr("\"%1\" is not a key of the step's session").arg(token.left(64)));
        c.value = index;
    } else {
        c.value = R::asNumber(right, field("right"), -1e300, 1e300);
    }
    if (o.contains(QLatin1String("factor")))
        c.factor = R::asNumber(o.value(QLatin1String("factor")), field("factor"), -1e12, 1e12);
    if (o.contains(QLatin1String("offset")))
        c.offset = R::asNumber(o.value(QLatin1String("offset")), field("offset"), -1e12, 1e12);
    if (o.contains(QLatin1String("tolerance"))) {
        if (c.comparison != LessonComparison::Equal)
            R::fail(field("tolerance"), Msg::tr("only \"==\" takes a tolerance"));
        c.tolerance = R::asNumber(o.value(QLatin1String("tolerance")), field("tolerance"), 0, 1e12);
    }
    if (o.contains(QLatin1String("digits")))
        c.digits = R::asInteger(o.value(QLatin1String("digits")), field("digits"), 0, 6);
    if (o.contains(QLatin1String("percent")))
        c.percent = R::asBool(o.value(QLatin1String("percent")), field("percent"));
    return c;
}

QJsonObject quantityToJson(const LessonQuantity &q)
{
    QJsonObject o;
    o.insert(QLatin1String("quantity"), lessonQuantityName(q.kind));
    if (isTrainingQuantity(q.kind)) {
        o.insert(QLatin1String("run"), q.runB ? QStringLiteral("B") : QStringLiteral("A"));
        if (q.kind != K::TrainingHeldOutAccuracy) {
            o.insert(QLatin1String("steps"), QJsonArray { q.firstStep, q.lastStep });
            o.insert(QLatin1String("reduce"), QLatin1String(reduceNames[int(q.reduce)]));
        }
        return o;
    }
    if (isScalingQuantity(q.kind)) {
        o.insert(QLatin1String("d_k"), q.dk);
        o.insert(QLatin1String("scaled"), q.scaled);
        return o;
    }
    if (q.step >= 0)
        o.insert(QLatin1String("of"), q.step);
    if (q.kind != K::Output && q.kind != K::Divisor)
        o.insert(QLatin1String("head"),
            q.head == LessonView::meanOfHeads ? QJsonValue(QStringLiteral("mean")) : q.head);
    if (q.kind != K::MeanEntropy && q.kind != K::Divisor)
        o.insert(QLatin1String("query"), q.query);
    if (q.kind == K::Weight || q.kind == K::Score)
        o.insert(QLatin1String("key"), q.key);
    if (q.kind == K::Output)
        o.insert(QLatin1String("dim"), q.dim);
    return o;
}

} // namespace

QString lessonQuantityName(LessonQuantityKind kind)
{
    for (const QuantityName &q : quantityNames)
        if (q.kind == kind)
            return QLatin1String(q.name);
    return QString();
}

QString lessonComparisonName(LessonComparison comparison)
{
    return QLatin1String(comparisonNames[int(comparison)]);
}

bool isTrainingQuantity(LessonQuantityKind kind)
{
    return kind >= K::TrainingLoss;
}

bool isScalingQuantity(LessonQuantityKind kind)
{
    return kind >= K::ScalingSpread && kind <= K::ScalingSaturated;
}

std::vector<LessonClaim> parseLessonClaims(const QJsonValue &value, const QString &path,
    const Session &session, const std::vector<const Session *> &earlier,
    const std::optional<RunConfig> &training)
{
    const QJsonArray array = R::asArray(value, path, limits::maxLessonClaimsPerStep);
    std::vector<LessonClaim> claims;
    for (int i = 0; i < array.size(); ++i) {
        const QString at = R::at(path, i);
        LessonClaim claim = parseClaim(array.at(i), at, session, earlier, training);
        for (const LessonClaim &other : claims)
            if (!claim.id.isEmpty() && other.id == claim.id)
                R::fail(R::join(at, QStringLiteral("id")),
                    Msg::tr("the id \"%1\" is used twice in this step").arg(claim.id));
        claims.push_back(std::move(claim));
    }
    return claims;
}

void checkLessonClaimMarks(
    const LessonText &text, const QString &path, const std::vector<LessonClaim> &claims)
{
    static const QRegularExpression mark(QStringLiteral("\\{\\{([^{}]*)\\}\\}"));
    for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh") })
        for (auto it = mark.globalMatch(language == QLatin1String("en") ? text.en : text.zh);
             it.hasNext();) {
            QString id = it.next().captured(1);
            if (id.endsWith(QLatin1String(".right")))
                id.chop(6);
            const bool known = std::any_of(claims.begin(), claims.end(),
                [&](const LessonClaim &c) { return !id.isEmpty() && c.id == id; });
            if (!known)
                R::fail(R::join(path, language),
                    Msg::tr("{{%1}} names no claim of this step").arg(id.left(64)));
        }
}

QJsonObject lessonClaimToJson(const LessonClaim &claim)
{
    QJsonObject o;
    if (!claim.id.isEmpty())
        o.insert(QLatin1String("id"), claim.id);
    o.insert(QLatin1String("left"), quantityToJson(claim.left));
    o.insert(QLatin1String("compare"), lessonComparisonName(claim.comparison));
    o.insert(QLatin1String("right"),
        claim.right ? QJsonValue(quantityToJson(*claim.right)) : QJsonValue(claim.value));
    if (claim.factor != 1.0)
        o.insert(QLatin1String("factor"), claim.factor);
    if (claim.offset != 0.0)
        o.insert(QLatin1String("offset"), claim.offset);
    if (claim.tolerance != 0.0)
        o.insert(QLatin1String("tolerance"), claim.tolerance);
    if (claim.digits != 2)
        o.insert(QLatin1String("digits"), claim.digits);
    if (claim.percent)
        o.insert(QLatin1String("percent"), true);
    return o;
}

QString lessonQuantityText(const LessonQuantity &q)
{
    QString text = lessonQuantityName(q.kind);
    if (isTrainingQuantity(q.kind)) {
        text += QStringLiteral(" of run %1").arg(q.runB ? QLatin1Char('B') : QLatin1Char('A'));
        if (q.kind != K::TrainingHeldOutAccuracy)
            text += q.firstStep == q.lastStep ? QStringLiteral(" at step %1").arg(q.firstStep)
                                              : QStringLiteral(", %1 of steps %2..%3")
                                                    .arg(QLatin1String(reduceNames[int(q.reduce)]))
                                                    .arg(q.firstStep)
                                                    .arg(q.lastStep);
    } else if (isScalingQuantity(q.kind)) {
        text += QStringLiteral(" at d_k %1, %2")
                    .arg(q.dk)
                    .arg(q.scaled ? QStringLiteral("scaled") : QStringLiteral("unscaled"));
    } else {
        const QString head = q.head == LessonView::meanOfHeads
            ? QStringLiteral("the mean")
            : QStringLiteral("head %1").arg(q.head);
        if (q.kind == K::Divisor)
            ;
        else if (q.kind == K::MeanEntropy)
            text += QStringLiteral(" of %1").arg(head);
        else if (q.kind == K::Output)
            text += QStringLiteral(" of query %1, dim %2").arg(q.query).arg(q.dim);
        else if (q.kind == K::Weight || q.kind == K::Score)
            text += QStringLiteral(" of %1, query %2, key %3").arg(head).arg(q.query).arg(q.key);
        else
            text += QStringLiteral(" of %1, query %2").arg(head).arg(q.query);
        if (q.step >= 0)
            text += QStringLiteral(" at steps[%1]").arg(q.step);
    }
    return text;
}

QString lessonClaimText(const LessonClaim &claim, const LessonClaimResult &result)
{
    QString right = claim.right ? QStringLiteral("%1 = %2")
                                      .arg(lessonQuantityText(*claim.right))
                                      .arg(result.right, 0, 'g', 6)
                                : QString::number(claim.value, 'g', 6);
    if (claim.factor != 1.0)
        right = QStringLiteral("%1 x (%2)").arg(claim.factor, 0, 'g', 6).arg(right);
    if (claim.offset != 0.0)
        right += QStringLiteral(" %1 %2")
                     .arg(claim.offset < 0 ? QLatin1Char('-') : QLatin1Char('+'))
                     .arg(std::abs(claim.offset), 0, 'g', 6);
    QString text = QStringLiteral("%1 = %2 %3 %4")
                       .arg(lessonQuantityText(claim.left))
                       .arg(result.left, 0, 'g', 6)
                       .arg(lessonComparisonName(claim.comparison), right);
    if (claim.comparison == LessonComparison::Equal)
        text += QStringLiteral(" within %1").arg(claim.tolerance, 0, 'g', 6);
    if (!result.problem.isEmpty())
        return text + QStringLiteral(": ") + result.problem;
    return text + (result.holds ? QStringLiteral(": holds") : QStringLiteral(": fails"));
}

bool operator==(const LessonQuantity &a, const LessonQuantity &b)
{
    return a.kind == b.kind && a.head == b.head && a.query == b.query && a.key == b.key
        && a.dim == b.dim && a.step == b.step && a.dk == b.dk && a.scaled == b.scaled
        && a.runB == b.runB && a.firstStep == b.firstStep && a.lastStep == b.lastStep
        && a.reduce == b.reduce;
}

bool operator==(const LessonClaim &a, const LessonClaim &b)
{
    return a.id == b.id && a.left == b.left && a.comparison == b.comparison && a.right == b.right
        && a.value == b.value && a.factor == b.factor && a.offset == b.offset
        && a.tolerance == b.tolerance && a.digits == b.digits && a.percent == b.percent;
}

bool operator!=(const LessonClaim &a, const LessonClaim &b)
{
    return !(a == b);
}

} // namespace ae
