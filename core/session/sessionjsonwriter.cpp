// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessionjson.h"

#include "io/nearestname.h"
#include "session/sequencerole.h"
#include "session/unknownfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <vector>

namespace ae {

namespace {

/// The keys this version reads and writes at one level of a session object. Everything else
/// in the object a session was read from is kept and written back.
using KnownKeys = std::vector<const char *>;

const KnownKeys sessionKeys { "format", "version", "title", "source", "target", "attention",
    "scaling" };
const KnownKeys sequenceKeys { "tokens", "embeddings", "padding", "generator" };
const KnownKeys generatorKeys { "mode", "seed", "positional" };
const KnownKeys attentionKeys { "query_from", "key_value_from", "d_model", "heads", "scale",
    "causal", "projections" };
const KnownKeys projectionKeys { "mode", "seed", "w_q", "w_k", "w_v", "w_o", "b_q", "b_k", "b_v",
    "b_o" };
const KnownKeys scalingKeys { "dims", "queries", "keys", "repeats", "seed" };

QJsonArray toJson(const Eigen::RowVectorXd &row)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        a.append(row(j));
    return a;
}

QJsonArray toJson(const Eigen::MatrixXd &m)
{
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        rows.append(toJson(Eigen::RowVectorXd(m.row(i))));
    return rows;
}

/// @p original without the @p known keys.
QJsonObject withoutKeys(const QJsonObject &original, const KnownKeys &known)
{
    QJsonObject out = original;
    for (const char *key : known)
        out.remove(QLatin1String(key));
    return out;
}

/// @p fresh on top of @p original, with @p known keys of original dropped first, so that a
/// field this version writes conditionally (a bias, a seed) does not linger from the old file.
QJsonObject merged(const QJsonObject &original, const QJsonObject &fresh, const KnownKeys &known)
{
    QJsonObject out = withoutKeys(original, known);
    for (auto it = fresh.begin(); it != fresh.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QJsonObject sub(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toObject();
}

QJsonObject sequenceToJson(const SequenceData &s, const QJsonObject &original)
{
    QJsonObject o;
    o.insert(QStringLiteral("tokens"), QJsonArray::fromStringList(s.tokens));
    o.insert(QStringLiteral("embeddings"), toJson(s.embeddings));
    if (!s.padding.empty()) {
        QJsonArray pad;
        for (bool p : s.padding)
            pad.append(p);
        o.insert(QStringLiteral("padding"), pad);
    }
    QJsonObject gen;
    static const char *modes[] = { "manual", "hashed", "one_hot" };
    gen.insert(QStringLiteral("mode"), QLatin1String(modes[static_cast<int>(s.recipe.mode)]));
    gen.insert(QStringLiteral("seed"), static_cast<double>(s.recipe.seed));
    gen.insert(QStringLiteral("positional"), s.recipe.positional);
    o.insert(QStringLiteral("generator"), merged(sub(original, "generator"), gen, generatorKeys));
    return merged(original, o, sequenceKeys);
}

QJsonObject attentionToJson(const AttentionSettings &a, const QJsonObject &original)
{
    QJsonObject o;
    o.insert(QStringLiteral("query_from"), roleName(a.queryFrom));
    o.insert(QStringLiteral("key_value_from"), roleName(a.keyValueFrom));
    o.insert(QStringLiteral("d_model"), a.config.dModel);
    o.insert(QStringLiteral("heads"), a.config.heads);
    switch (a.config.scale.mode) {
    case ScaleMode::SqrtDk:
        o.insert(QStringLiteral("scale"), QStringLiteral("sqrt_dk"));
        break;
    case ScaleMode::None:
        o.insert(QStringLiteral("scale"), QStringLiteral("none"));
        break;
    case ScaleMode::Custom:
        o.insert(QStringLiteral("scale"), a.config.scale.divisor);
        break;
    }
    o.insert(QStringLiteral("causal"), a.config.causal);
    const Projections &p = a.projections;
    QJsonObject proj;
    switch (p.mode) {
    case ProjectionMode::Identity:
        proj.insert(QStringLiteral("mode"), QStringLiteral("identity"));
        break;
    case ProjectionMode::Random:
        proj.insert(QStringLiteral("mode"), QStringLiteral("random"));
        proj.insert(QStringLiteral("seed"), static_cast<double>(p.seed));
        break;
    case ProjectionMode::Explicit:
        proj.insert(QStringLiteral("mode"), QStringLiteral("explicit"));
        proj.insert(QStringLiteral("w_q"), toJson(p.wq));
        proj.insert(QStringLiteral("w_k"), toJson(p.wk));
        proj.insert(QStringLiteral("w_v"), toJson(p.wv));
        proj.insert(QStringLiteral("w_o"), toJson(p.wo));
        const std::pair<const char *, const Eigen::RowVectorXd *> biases[]
            = { { "b_q", &p.bq }, { "b_k", &p.bk }, { "b_v", &p.bv }, { "b_o", &p.bo } };
        for (const auto &[key, b] : biases) {
            if (b->size() > 0)
                proj.insert(QLatin1String(key), toJson(*b));
        }
        break;
    }
    o.insert(
        QStringLiteral("projections"), merged(sub(original, "projections"), proj, projectionKeys));
    return merged(original, o, attentionKeys);
}

QJsonObject scalingToJson(const EntropyExperimentConfig &e, const QJsonObject &original)
{
    QJsonObject o;
    QJsonArray dims;
    for (int d : e.dims)
        dims.append(d);
    o.insert(QStringLiteral("dims"), dims);
    o.insert(QStringLiteral("queries"), e.queries);
    o.insert(QStringLiteral("keys"), e.keys);
    o.insert(QStringLiteral("repeats"), e.repeats);
    o.insert(QStringLiteral("seed"), static_cast<double>(e.seed));
    return merged(original, o, scalingKeys);
}

/// The unknown fields of @p original at this level (keys outside @p known), plus those of the
/// known object @p nested under its own key when it has any.
QJsonObject unknownAt(const QJsonObject &original, const KnownKeys &known,
    std::initializer_list<std::pair<const char *, QJsonObject>> nested)
{
    QJsonObject out = withoutKeys(original, known);
    for (const auto &[key, unknown] : nested) {
        if (!unknown.isEmpty())
            out.insert(QLatin1String(key), unknown);
    }
    return out;
}

QJsonObject unknownSequenceFields(const QJsonObject &o)
{
    return unknownAt(
        o, sequenceKeys, { { "generator", withoutKeys(sub(o, "generator"), generatorKeys) } });
}

/// The known keys of one level of a session object and the levels nested in it.
struct FieldLevel
{
    const KnownKeys &known;
    std::vector<std::pair<const char *, const FieldLevel *>> children;
};

void collectUnknown(const QJsonObject &o, const QString &path, const FieldLevel &level,
    std::vector<UnknownSessionField> *out)
{
    QStringList names;
    for (const char *key : level.known)
        names << QLatin1String(key);
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!names.contains(it.key()))
            out->push_back({ path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(),
                nearestName(it.key(), names) });
    }
    for (const auto &[key, child] : level.children) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isObject())
            collectUnknown(v.toObject(),
                path.isEmpty() ? QLatin1String(key) : path + QLatin1Char('.') + QLatin1String(key),
                *child, out);
    }
}

} // namespace

std::vector<UnknownSessionField> listUnknownSessionFields(const QJsonObject &original)
{
    static const FieldLevel generator { generatorKeys, {} };
    static const FieldLevel sequence { sequenceKeys, { { "generator", &generator } } };
    static const FieldLevel projections { projectionKeys, {} };
    static const FieldLevel attention { attentionKeys, { { "projections", &projections } } };
    static const FieldLevel scaling { scalingKeys, {} };
    static const FieldLevel root { sessionKeys,
        { { "source", &sequence }, { "target", &sequence }, { "attention", &attention },
            { "scaling", &scaling } } };
    std::vector<UnknownSessionField> out;
    collectUnknown(original, QString(), root, &out);
    return out;
}

QString UnknownSessionField::toString() const
{
    return nearest.isEmpty()
        ? QCoreApplication::translate(
            "ae::UnknownSessionField", "%1: unknown field, kept but not used")
              .arg(path)
        : QCoreApplication::translate("ae::UnknownSessionField",
            "%1: unknown field, kept but not used (did you mean \u201c%2\u201d?)")
              .arg(path, nearest);
}

QJsonObject sessionToJson(const Session &s)
{
    const QJsonObject &orig = s.original;
    QJsonObject o;
    o.insert(QStringLiteral("format"), QLatin1String(sessionFormatName));
    o.insert(QStringLiteral("version"), sessionFormatVersion);
    if (!s.title.isEmpty())
        o.insert(QStringLiteral("title"), s.title);
    o.insert(QStringLiteral("source"), sequenceToJson(s.source, sub(orig, "source")));
    o.insert(QStringLiteral("target"), sequenceToJson(s.target, sub(orig, "target")));
    o.insert(QStringLiteral("attention"), attentionToJson(s.attention, sub(orig, "attention")));
    o.insert(QStringLiteral("scaling"), scalingToJson(s.scaling, sub(orig, "scaling")));
    return merged(orig, o, sessionKeys);
}

QByteArray sessionToJsonBytes(const Session &session)
{
    return QJsonDocument(sessionToJson(session)).toJson(QJsonDocument::Indented);
}

QJsonObject unknownSessionFields(const QJsonObject &original)
{
    const QJsonObject attention = sub(original, "attention");
    return unknownAt(original, sessionKeys,
        { { "source", unknownSequenceFields(sub(original, "source")) },
            { "target", unknownSequenceFields(sub(original, "target")) },
            { "attention",
                unknownAt(attention, attentionKeys,
                    { { "projections",
                        withoutKeys(sub(attention, "projections"), projectionKeys) } }) },
            { "scaling", withoutKeys(sub(original, "scaling"), scalingKeys) } });
}

} // namespace ae
