// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/sessionjson.h"

#include "io/boundedfilereader.h"
#include "io/filereaderror.h"
#include "io/strictjson.h"
#include "session/sessionlimits.h"
#include "session/sessionvalidator.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace ae {

namespace {

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(SessionJson)
};

/// Thrown inside the parser only; turned into a SessionError at its boundary.
struct ParseFailure
{
    SessionError error;
};

[[noreturn]] void fail(const QString &path, const QString &message)
{
    throw ParseFailure { SessionError { SessionError::Kind::Invalid, path, message } };
}

QString join(const QString &path, const char *key)
{
    return path.isEmpty() ? QLatin1String(key) : path + QLatin1Char('.') + QLatin1String(key);
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return Msg::tr("null");
    case QJsonValue::Bool:
        return Msg::tr("a boolean");
    case QJsonValue::Double:
        return Msg::tr("a number");
    case QJsonValue::String:
        return Msg::tr("a string");
    case QJsonValue::Array:
        return Msg::tr("an array");
    case QJsonValue::Object:
        return Msg::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return Msg::tr("missing");
}

QJsonValue required(const QJsonObject &o, const QString &path, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        fail(join(path, key), Msg::tr("missing; this field is required"));
    return v;
}

QJsonObject asObject(const QJsonValue &v, const QString &path)
{
    if (!v.isObject())
        fail(path, Msg::tr("expected an object, found %1").arg(typeName(v)));
    return v.toObject();
}

QJsonArray asArray(const QJsonValue &v, const QString &path)
{
    if (!v.isArray())
        fail(path, Msg::tr("expected an array, found %1").arg(typeName(v)));
    return v.toArray();
}

double asNumber(const QJsonValue &v, const QString &path)
{
    if (!v.isDouble())
        fail(path, Msg::tr("expected a number, found %1").arg(typeName(v)));
    const double x = v.toDouble();
    if (!std::isfinite(x))
        fail(path, Msg::tr("not a finite number"));
    return x;
}

bool asBool(const QJsonValue &v, const QString &path)
{
    if (!v.isBool())
        fail(path, Msg::tr("expected true or false, found %1").arg(typeName(v)));
    return v.toBool();
}

QString asString(const QJsonValue &v, const QString &path)
{
    if (!v.isString())
        fail(path, Msg::tr("expected a string, found %1").arg(typeName(v)));
    return v.toString();
}

/// A whole number in [lo, hi].
qint64 asInteger(const QJsonValue &v, const QString &path, qint64 lo, qint64 hi)
{
    const double x = asNumber(v, path);
    if (x != std::floor(x))
        fail(path, Msg::tr("%1 is not a whole number").arg(x, 0, 'g', 17));
    if (x < static_cast<double>(lo) || x > static_cast<double>(hi))
        fail(path, Msg::tr("%1 is outside %2..%3").arg(x, 0, 'g', 17).arg(lo).arg(hi));
    return static_cast<qint64>(x);
}

/// A seed: a whole number from 0 to 2^53 (every such number is exact in JSON).
std::uint64_t asSeed(const QJsonValue &v, const QString &path)
{
    return static_cast<std::uint64_t>(asInteger(v, path, 0, qint64(1) << 53));
}

/// A numeric row of exactly @p expected entries (or any length up to @p maxLength when
/// expected < 0, reported through the returned size).
/// (Declared auto: Qt's lupdate misreads an Eigen return type and loses the context.)
auto asRow(const QJsonValue &v, const QString &path, int expected, int maxLength)
{
    const QJsonArray a = asArray(v, path);
    if (expected >= 0 && a.size() != expected)
        fail(path, Msg::tr("%1 numbers, expected %2").arg(a.size()).arg(expected));
    if (a.size() > maxLength)
        fail(path, Msg::tr("%1 numbers, at most %2 allowed").arg(a.size()).arg(maxLength));
    Eigen::RowVectorXd row(a.size());
    for (int j = 0; j < a.size(); ++j) {
        // The path is formatted only for a bad entry: a large file has millions of good ones.
        const QJsonValue x = a.at(j);
        row(j) = x.isDouble() ? x.toDouble() : 0.0;
        if (!x.isDouble() || !std::isfinite(row(j)))
            asNumber(x, QStringLiteral("%1[%2]").arg(path).arg(j));
    }
    return row;
}

/// A matrix given as an array of rows, all rows as long as the first.
auto asMatrix(const QJsonValue &v, const QString &path, int maxRows, int maxCols)
{
    const QJsonArray rows = asArray(v, path);
    if (rows.size() > maxRows)
        fail(path, Msg::tr("%1 rows, at most %2 allowed").arg(rows.size()).arg(maxRows));
    if (rows.isEmpty())
        fail(path, Msg::tr("the matrix has no rows"));
    const QString first = path + QStringLiteral("[0]");
    const int cols = static_cast<int>(asArray(rows.at(0), first).size());
    if (cols > maxCols)
        fail(first, Msg::tr("%1 numbers, at most %2 allowed").arg(cols).arg(maxCols));
    if (cols == 0)
        fail(first, Msg::tr("the row is empty"));
    Eigen::MatrixXd m(rows.size(), cols);
    for (int i = 0; i < rows.size(); ++i)
        m.row(i) = asRow(rows.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), cols, maxCols);
    return m;
}

SequenceRole asRole(const QJsonValue &v, const QString &path)
{
    const QString s = asString(v, path);
    if (s == QLatin1String("source"))
        return SequenceRole::Source;
    if (s == QLatin1String("target"))
        return SequenceRole::Target;
    fail(path, Msg::tr("\"%1\" is not one of \"source\", \"target\"").arg(s.left(64)));
}

EmbeddingRecipe parseRecipe(const QJsonObject &o, const QString &path)
{
    EmbeddingRecipe r;
    const QString mode = asString(required(o, path, "mode"), join(path, "mode"));
    if (mode == QLatin1String("manual"))
        r.mode = EmbeddingMode::Manual;
    else if (mode == QLatin1String("hashed"))
        r.mode = EmbeddingMode::Hashed;
    else if (mode == QLatin1String("one_hot"))
        r.mode = EmbeddingMode::OneHot;
    else
        fail(join(path, "mode"),
            Msg::tr("\"%1\" is not one of \"manual\", \"hashed\", \"one_hot\"").arg(mode.left(64)));
    if (o.contains(QLatin1String("seed")))
        r.seed = asSeed(o.value(QLatin1String("seed")), join(path, "seed"));
    if (o.contains(QLatin1String("positional")))
        r.positional = asBool(o.value(QLatin1String("positional")), join(path, "positional"));
    return r;
}

SequenceData parseSequence(const QJsonObject &o, const QString &path)
{
    SequenceData s;
    const QString tokensPath = join(path, "tokens");
    const QJsonArray tokens = asArray(required(o, path, "tokens"), tokensPath);
    if (tokens.size() > limits::maxTokens)
        fail(tokensPath,
            Msg::tr("%1 tokens, at most %2 allowed").arg(tokens.size()).arg(limits::maxTokens));
    if (tokens.isEmpty())
        fail(tokensPath, Msg::tr("the sequence is empty; give it at least one token"));
    for (int i = 0; i < tokens.size(); ++i)
        s.tokens.append(asString(tokens.at(i), QStringLiteral("%1[%2]").arg(tokensPath).arg(i)));

    const QString embPath = join(path, "embeddings");
    const QJsonArray rows = asArray(required(o, path, "embeddings"), embPath);
    if (rows.size() != tokens.size())
        fail(embPath,
            Msg::tr("%1 rows for %2 tokens; give one vector per token")
                .arg(rows.size())
                .arg(tokens.size()));
    s.embeddings = asMatrix(rows, embPath, limits::maxTokens, limits::maxEmbeddingWidth);

    if (o.contains(QLatin1String("padding"))) {
        const QString padPath = join(path, "padding");
        const QJsonArray pad = asArray(o.value(QLatin1String("padding")), padPath);
        if (pad.size() != tokens.size())
            fail(padPath, Msg::tr("%1 flags for %2 tokens").arg(pad.size()).arg(tokens.size()));
        for (int i = 0; i < pad.size(); ++i)
            s.padding.push_back(asBool(pad.at(i), QStringLiteral("%1[%2]").arg(padPath).arg(i)));
    }
    if (o.contains(QLatin1String("generator"))) {
        const QString genPath = join(path, "generator");
        s.recipe = parseRecipe(asObject(o.value(QLatin1String("generator")), genPath), genPath);
    }
    return s;
}

Projections parseProjections(const QJsonObject &o, const QString &path, int maxRows, int dModel)
{
    Projections p;
    const QString modePath = join(path, "mode");
    const QString mode = asString(required(o, path, "mode"), modePath);
    if (mode == QLatin1String("identity")) {
        p.mode = ProjectionMode::Identity;
    } else if (mode == QLatin1String("random")) {
        p.mode = ProjectionMode::Random;
        p.seed = asSeed(required(o, path, "seed"), join(path, "seed"));
    } else if (mode == QLatin1String("explicit")) {
        p.mode = ProjectionMode::Explicit;
        const std::pair<const char *, Eigen::MatrixXd *> mats[]
            = { { "w_q", &p.wq }, { "w_k", &p.wk }, { "w_v", &p.wv }, { "w_o", &p.wo } };
        for (const auto &[key, m] : mats)
            *m = asMatrix(required(o, path, key), join(path, key), maxRows, limits::maxModelDim);
        const std::pair<const char *, Eigen::RowVectorXd *> biases[]
            = { { "b_q", &p.bq }, { "b_k", &p.bk }, { "b_v", &p.bv }, { "b_o", &p.bo } };
        for (const auto &[key, b] : biases) {
            if (o.contains(QLatin1String(key)))
                *b = asRow(
                    o.value(QLatin1String(key)), join(path, key), dModel, limits::maxModelDim);
        }
    } else {
        fail(modePath,
            Msg::tr("\"%1\" is not one of \"identity\", \"random\", \"explicit\"")
                .arg(mode.left(64)));
    }
    return p;
}

AttentionSettings parseAttention(const QJsonObject &o, const QString &path)
{
    AttentionSettings a;
    a.queryFrom = asRole(required(o, path, "query_from"), join(path, "query_from"));
    a.keyValueFrom = asRole(required(o, path, "key_value_from"), join(path, "key_value_from"));
    AttentionConfig &c = a.config;
    c.dModel = static_cast<int>(
        asInteger(required(o, path, "d_model"), join(path, "d_model"), 1, limits::maxModelDim));
    c.heads = static_cast<int>(
        asInteger(required(o, path, "heads"), join(path, "heads"), 1, limits::maxHeads));
    if (c.dModel % c.heads != 0)
        fail(join(path, "heads"),
            Msg::tr("%1 does not divide d_model %2").arg(c.heads).arg(c.dModel));
    if (o.contains(QLatin1String("scale"))) {
        const QJsonValue s = o.value(QLatin1String("scale"));
        const QString scalePath = join(path, "scale");
        if (s.isString()) {
            if (s.toString() == QLatin1String("sqrt_dk"))
                c.scale.mode = ScaleMode::SqrtDk;
            else if (s.toString() == QLatin1String("none"))
                c.scale.mode = ScaleMode::None;
            else
                fail(scalePath,
                    Msg::tr("\"%1\" is not one of \"sqrt_dk\", \"none\", or a positive number")
                        .arg(s.toString().left(64)));
        } else if (s.isDouble()) {
            c.scale.mode = ScaleMode::Custom;
            c.scale.divisor = asNumber(s, scalePath);
            if (c.scale.divisor <= 0)
                fail(scalePath,
                    Msg::tr("%1 is not positive; the divisor must be greater than 0")
                        .arg(c.scale.divisor, 0, 'g', 17));
        } else {
            fail(scalePath,
                Msg::tr("expected \"sqrt_dk\", \"none\" or a positive number, found %1")
                    .arg(typeName(s)));
        }
    }
    if (o.contains(QLatin1String("causal")))
        c.causal = asBool(o.value(QLatin1String("causal")), join(path, "causal"));
    const QString projPath = join(path, "projections");
    a.projections = parseProjections(asObject(required(o, path, "projections"), projPath), projPath,
        limits::maxEmbeddingWidth, c.dModel);
    return a;
}

EntropyExperimentConfig parseScaling(const QJsonObject &o, const QString &path)
{
    EntropyExperimentConfig e;
    if (o.contains(QLatin1String("dims"))) {
        const QString dimsPath = join(path, "dims");
        const QJsonArray dims = asArray(o.value(QLatin1String("dims")), dimsPath);
        if (dims.size() > limits::maxExperimentDims)
            fail(dimsPath,
                Msg::tr("%1 dimensions, at most %2 allowed")
                    .arg(dims.size())
                    .arg(limits::maxExperimentDims));
        e.dims.clear();
        for (int i = 0; i < dims.size(); ++i)
            e.dims.push_back(static_cast<int>(asInteger(dims.at(i),
                QStringLiteral("%1[%2]").arg(dimsPath).arg(i), 1, limits::maxExperimentDim)));
    }
    const std::pair<const char *, std::pair<int *, int>> ints[]
        = { { "queries", { &e.queries, limits::maxExperimentQueries } },
              { "keys", { &e.keys, limits::maxExperimentKeys } },
              { "repeats", { &e.repeats, limits::maxExperimentRepeats } } };
    for (const auto &[key, target] : ints) {
        if (o.contains(QLatin1String(key)))
            *target.first = static_cast<int>(
                asInteger(o.value(QLatin1String(key)), join(path, key), 1, target.second));
    }
    if (o.contains(QLatin1String("seed")))
        e.seed = asSeed(o.value(QLatin1String("seed")), join(path, "seed"));
    return e;
}

Session parseSession(const QJsonObject &root)
{
    Session s;
    const QJsonValue format = required(root, QString(), "format");
    if (asString(format, QStringLiteral("format")) != QLatin1String(sessionFormatName))
        fail(QStringLiteral("format"),
            Msg::tr("\"%1\" is not \"%2\"; this is not an Attention Explorer session")
                .arg(format.toString().left(64), QLatin1String(sessionFormatName)));
    const QJsonValue version = required(root, QString(), "version");
    const double v = asNumber(version, QStringLiteral("version"));
    if (v != sessionFormatVersion)
        fail(QStringLiteral("version"),
            Msg::tr("%1 is not supported; this program reads version %2")
                .arg(v, 0, 'g', 17)
                .arg(sessionFormatVersion));
    if (root.contains(QLatin1String("title")))
        s.title = asString(root.value(QLatin1String("title")), QStringLiteral("title"));
    s.source
        = parseSequence(asObject(required(root, QString(), "source"), QStringLiteral("source")),
            QStringLiteral("source"));
    s.target
        = parseSequence(asObject(required(root, QString(), "target"), QStringLiteral("target")),
            QStringLiteral("target"));
    s.attention = parseAttention(
        asObject(required(root, QString(), "attention"), QStringLiteral("attention")),
        QStringLiteral("attention"));
    if (root.contains(QLatin1String("scaling")))
        s.scaling = parseScaling(
            asObject(root.value(QLatin1String("scaling")), QStringLiteral("scaling")),
            QStringLiteral("scaling"));
    s.original = root;
    return s;
}

} // namespace

SessionLoadResult sessionFromJson(const QByteArray &json)
{
    StrictJsonObjectResult parsed = parseJsonObjectStrictly(json, limits::maxSessionFileBytes);
    if (parsed.error) {
        SessionLoadResult result;
        result.error = std::move(parsed.error);
        return result;
    }
    return sessionFromJsonObject(parsed.object);
}

SessionLoadResult sessionFromJsonObject(const QJsonObject &root)
{
    SessionLoadResult result;
    try {
        result.session = parseSession(root);
    } catch (const ParseFailure &f) {
        result.error = f.error;
        return result;
    }
    result.error = validateSession(result.session);
    return result;
}

SessionLoadResult loadSessionFile(const QString &fileName)
{
    const BoundedFileReader::Outcome read
        = BoundedFileReader::readFile(fileName, limits::maxSessionFileBytes);
    if (read.problem == BoundedFileReader::Problem::None)
        return sessionFromJson(read.bytes);
    SessionLoadResult result;
    result.error = fileReadError(read, limits::maxSessionFileBytes);
    return result;
}

} // namespace ae
