// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <variant>
#include <vector>

namespace ae::test {

namespace {

/// One step of a path: an object key or an array index.
using Step = std::variant<QString, int>;

std::vector<Step> parsePath(const QString &path)
{
    std::vector<Step> steps;
    static const QRegularExpression part(QStringLiteral("([^.\\[\\]]+)|\\[(\\d+)\\]"));
    auto it = part.globalMatch(path);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedLength(1) > 0)
            steps.emplace_back(m.captured(1));
        else
            steps.emplace_back(m.captured(2).toInt());
    }
    return steps;
}

/// Edits @p node along @p steps from @p at: sets the final step to @p value, or removes it
/// when @p value is undefined.
QJsonValue edited(
    const QJsonValue &node, const std::vector<Step> &steps, size_t at, const QJsonValue &value)
{
    const Step &step = steps[at];
    const bool last = at + 1 == steps.size();
    if (const QString *key = std::get_if<QString>(&step)) {
        QJsonObject o = node.toObject();
        if (last) {
            if (value.isUndefined())
                o.remove(*key);
            else
                o.insert(*key, value);
        } else {
            o.insert(*key, edited(o.value(*key), steps, at + 1, value));
        }
        return o;
    }
    const int index = std::get<int>(step);
    QJsonArray a = node.toArray();
    while (a.size() <= index && !value.isUndefined())
        a.append(QJsonValue());
    if (last) {
        if (value.isUndefined()) {
            if (index < a.size())
                a.removeAt(index);
        } else {
            a.replace(index, value);
        }
    } else if (index < a.size()) {
        a.replace(index, edited(a.at(index), steps, at + 1, value));
    }
    return a;
}

} // namespace

QString referenceCasesDir()
{
    return QStringLiteral(AE_SHARED_DIR "/reference/cases");
}

QStringList referenceCaseNames()
{
    const QDir dir(referenceCasesDir());
    QStringList names;
    const QString suffix = QStringLiteral(".session.json");
    for (const QString &file :
        dir.entryList({ QStringLiteral("*.session.json") }, QDir::Files, QDir::Name))
        names.append(file.left(file.size() - suffix.size()));
    return names;
}

QByteArray readFileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray();
    return file.readAll();
}

QJsonObject readJsonObject(const QString &path)
{
    return QJsonDocument::fromJson(readFileBytes(path)).object();
}

QByteArray specExampleJson()
{
    return readFileBytes(QStringLiteral(AE_TEST_DATA_DIR "/spec-example.session.json"));
}

QJsonObject specExampleObject()
{
    return QJsonDocument::fromJson(specExampleJson()).object();
}

QString compareJson(
    const QJsonValue &actual, const QJsonValue &expected, double tolerance, const QString &path)
{
    return compareJsonWith(actual, expected, JsonComparison { tolerance, false, false }, path);
}

QString compareJsonWith(const QJsonValue &actual, const QJsonValue &expected,
    const JsonComparison &how, const QString &path)
{
    const QString where = path.isEmpty() ? QStringLiteral("(top)") : path;
    if (expected.isDouble()) {
        if (!actual.isDouble())
            return where
                + QStringLiteral(": expected a number, found type %1")
                      .arg(static_cast<int>(actual.type()));
        const double a = actual.toDouble();
        const double e = expected.toDouble();
        const double allowed
            = how.relative ? how.tolerance * std::max(1.0, std::abs(e)) : how.tolerance;
        if (!(std::abs(a - e) <= allowed))
            return where
                + QStringLiteral(": %1, expected %2 (difference %3)")
                      .arg(a, 0, 'g', 17)
                      .arg(e, 0, 'g', 17)
                      .arg(std::abs(a - e), 0, 'g', 3);
        return QString();
    }
    if (actual.type() != expected.type())
        return where
            + QStringLiteral(": type %1, expected type %2")
                  .arg(static_cast<int>(actual.type()))
                  .arg(static_cast<int>(expected.type()));
    if (expected.isArray()) {
        const QJsonArray a = actual.toArray();
        const QJsonArray e = expected.toArray();
        if (a.size() != e.size())
            return where + QStringLiteral(": %1 entries, expected %2").arg(a.size()).arg(e.size());
        for (int i = 0; i < e.size(); ++i) {
            const QString why
                = compareJsonWith(a.at(i), e.at(i), how, QStringLiteral("%1[%2]").arg(path).arg(i));
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    if (expected.isObject()) {
        const QJsonObject a = actual.toObject();
        const QJsonObject e = expected.toObject();
        if (!how.extraKeys && a.keys() != e.keys())
            return where
                + QStringLiteral(": keys {%1}, expected {%2}")
                      .arg(a.keys().join(QLatin1Char(',')), e.keys().join(QLatin1Char(',')));
        for (const QString &key : e.keys()) {
            if (!a.contains(key))
                return where + QStringLiteral(": no \"%1\"").arg(key);
            const QString sub = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            const QString why = compareJsonWith(a.value(key), e.value(key), how, sub);
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    if (actual != expected)
        return where + QStringLiteral(": values differ");
    return QString();
}

std::vector<double> seededValues(size_t count, double lo, double hi, unsigned seed)
{
    std::vector<double> v(count);
    unsigned long long state = seed * 2654435761ULL + 7;
    for (double &x : v) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        x = lo + (hi - lo) * (double(state >> 11) / double(1ULL << 53));
    }
    return v;
}

Eigen::MatrixXd seededMatrix(Eigen::Index rows, Eigen::Index cols, double spread, unsigned seed)
{
    const std::vector<double> v
        = seededValues(static_cast<size_t>(rows * cols), -spread, spread, seed);
    return Eigen::Map<const Eigen::MatrixXd>(v.data(), rows, cols);
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool sameBits(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    for (Eigen::Index i = 0; i < a.size(); ++i) {
        if (!sameBits(a.data()[i], b.data()[i]))
            return false;
    }
    return true;
}

double maxAbsDifference(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    if (a.size() == 0)
        return 0.0;
    return (a - b).cwiseAbs().maxCoeff();
}

bool allFinite(const Eigen::MatrixXd &m)
{
    return m.allFinite();
}

QJsonObject withValue(const QJsonObject &root, const QString &path, const QJsonValue &value)
{
    return edited(root, parsePath(path), 0, value).toObject();
}

QJsonObject withoutValue(const QJsonObject &root, const QString &path)
{
    return edited(root, parsePath(path), 0, QJsonValue(QJsonValue::Undefined)).toObject();
}

QJsonValue valueAt(const QJsonObject &root, const QString &path)
{
    QJsonValue node = root;
    for (const Step &step : parsePath(path)) {
        if (const QString *key = std::get_if<QString>(&step)) {
            if (!node.isObject())
                return QJsonValue(QJsonValue::Undefined);
            node = node.toObject().value(*key);
        } else {
            const QJsonArray a = node.toArray();
            const int index = std::get<int>(step);
            if (!node.isArray() || index >= a.size())
                return QJsonValue(QJsonValue::Undefined);
            node = a.at(index);
        }
    }
    return node;
}

QString compareSessions(const Session &a, const Session &e)
{
    auto differs = [](const Eigen::MatrixXd &x, const Eigen::MatrixXd &y) {
        // Exact: a session read back must hold the very same doubles.
        return x.rows() != y.rows() || x.cols() != y.cols() || !(x.array() == y.array()).all();
    };
    if (a.title != e.title)
        return QStringLiteral("title");
    for (const SequenceRole role : { SequenceRole::Source, SequenceRole::Target }) {
        const SequenceData &x = a.sequence(role);
        const SequenceData &y = e.sequence(role);
        const QString name
            = role == SequenceRole::Source ? QStringLiteral("source.") : QStringLiteral("target.");
        if (x.tokens != y.tokens)
            return name + QStringLiteral("tokens");
        if (differs(x.embeddings, y.embeddings))
            return name + QStringLiteral("embeddings");
        // Absent padding and all-false padding mean the same.
        for (int i = 0; i < std::max(x.length(), y.length()); ++i) {
            if (x.isPadding(i) != y.isPadding(i))
                return name + QStringLiteral("padding[%1]").arg(i);
        }
        if (x.recipe != y.recipe)
            return name + QStringLiteral("generator");
    }
    const AttentionSettings &x = a.attention;
    const AttentionSettings &y = e.attention;
    if (x.queryFrom != y.queryFrom)
        return QStringLiteral("attention.query_from");
    if (x.keyValueFrom != y.keyValueFrom)
        return QStringLiteral("attention.key_value_from");
    if (x.config.dModel != y.config.dModel)
        return QStringLiteral("attention.d_model");
    if (x.config.heads != y.config.heads)
        return QStringLiteral("attention.heads");
    if (x.config.scale.mode != y.config.scale.mode
        || (x.config.scale.mode == ScaleMode::Custom
            && x.config.scale.divisor != y.config.scale.divisor))
        return QStringLiteral("attention.scale");
    if (x.config.causal != y.config.causal)
        return QStringLiteral("attention.causal");
    const Projections &p = x.projections;
    const Projections &q = y.projections;
    if (p.mode != q.mode)
        return QStringLiteral("attention.projections.mode");
    if (p.mode == ProjectionMode::Random && p.seed != q.seed)
        return QStringLiteral("attention.projections.seed");
    const std::pair<const char *, std::pair<const Eigen::MatrixXd *, const Eigen::MatrixXd *>>
        matrices[] = { { "w_q", { &p.wq, &q.wq } }, { "w_k", { &p.wk, &q.wk } },
            { "w_v", { &p.wv, &q.wv } }, { "w_o", { &p.wo, &q.wo } } };
    for (const auto &[key, m] : matrices) {
        if (differs(*m.first, *m.second))
            return QStringLiteral("attention.projections.") + QLatin1String(key);
    }
    const std::pair<const char *, std::pair<const Eigen::RowVectorXd *, const Eigen::RowVectorXd *>>
        biases[] = { { "b_q", { &p.bq, &q.bq } }, { "b_k", { &p.bk, &q.bk } },
            { "b_v", { &p.bv, &q.bv } }, { "b_o", { &p.bo, &q.bo } } };
    for (const auto &[key, b] : biases) {
        if (differs(*b.first, *b.second))
            return QStringLiteral("attention.projections.") + QLatin1String(key);
    }
    if (a.scaling != e.scaling)
        return QStringLiteral("scaling");
    return QString();
}

QByteArray toBytes(const QJsonObject &root)
{
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace ae::test
