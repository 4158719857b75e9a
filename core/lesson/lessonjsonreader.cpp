// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonjsonreader.h"

#include "io/textfield.h"

#include <cmath>

namespace ae {

namespace {

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return LessonJsonReader::tr("null");
    case QJsonValue::Bool:
        return LessonJsonReader::tr("a boolean");
    case QJsonValue::Double:
        return LessonJsonReader::tr("a number");
    case QJsonValue::String:
        return LessonJsonReader::tr("a string");
    case QJsonValue::Array:
        return LessonJsonReader::tr("an array");
    case QJsonValue::Object:
        return LessonJsonReader::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return LessonJsonReader::tr("missing");
}

} // namespace

void LessonJsonReader::fail(const QString &path, const QString &message)
{
    throw Failure { SessionError { SessionError::Kind::Invalid, path, message } };
}

QString LessonJsonReader::join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

QString LessonJsonReader::at(const QString &path, int index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

QJsonValue LessonJsonReader::required(const QJsonObject &o, const QString &path, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        fail(join(path, key), tr("missing; this field is required"));
    return v;
}

QJsonObject LessonJsonReader::asObject(const QJsonValue &v, const QString &path)
{
    if (!v.isObject())
        fail(path, tr("expected an object, found %1").arg(typeName(v)));
    return v.toObject();
}

QJsonArray LessonJsonReader::asArray(const QJsonValue &v, const QString &path, int maxSize)
{
    if (!v.isArray())
        fail(path, tr("expected an array, found %1").arg(typeName(v)));
    const QJsonArray a = v.toArray();
    if (a.size() > maxSize)
        fail(path, tr("%1 entries, at most %2 allowed").arg(a.size()).arg(maxSize));
    return a;
}

QString LessonJsonReader::asString(const QJsonValue &v, const QString &path, int maxLength)
{
    if (!v.isString())
        fail(path, tr("expected a string, found %1").arg(typeName(v)));
    const QString s = v.toString();
    if (s.size() > maxLength)
        fail(path, tr("%1 characters, at most %2 allowed").arg(s.size()).arg(maxLength));
    if (const auto problem = textFieldProblem(s, TextLines::Multi))
        fail(path, *problem);
    return s;
}

QString LessonJsonReader::asName(const QJsonValue &v, const QString &path, const QStringList &names)
{
    const QString s = asString(v, path, 256);
    if (!names.contains(s)) {
        QStringList quoted;
        for (const QString &n : names)
            quoted.append(QLatin1Char('"') + n + QLatin1Char('"'));
        fail(
            path, tr("\"%1\" is not one of %2").arg(s.left(64), quoted.join(QStringLiteral(", "))));
    }
    return s;
}

bool LessonJsonReader::asBool(const QJsonValue &v, const QString &path)
{
    if (!v.isBool())
        fail(path, tr("expected true or false, found %1").arg(typeName(v)));
    return v.toBool();
}

double LessonJsonReader::asNumber(const QJsonValue &v, const QString &path, double lo, double hi)
{
    if (!v.isDouble())
        fail(path, tr("expected a number, found %1").arg(typeName(v)));
    const double x = v.toDouble();
    if (!std::isfinite(x) || x < lo || x > hi)
        fail(path, tr("%1 is outside %2..%3").arg(x, 0, 'g', 17).arg(lo).arg(hi));
    return x;
}

double LessonJsonReader::asWhole(const QJsonValue &v, const QString &path)
{
    const double x = asNumber(v, path, -1e300, 1e300);
    if (x != std::floor(x))
        fail(path, tr("%1 is not a whole number").arg(x, 0, 'g', 17));
    return x;
}

int LessonJsonReader::asInteger(const QJsonValue &v, const QString &path, int lo, int hi)
{
    const double x = asWhole(v, path);
    if (x < lo || x > hi)
        fail(path, tr("%1 is outside %2..%3").arg(x, 0, 'g', 17).arg(lo).arg(hi));
    return static_cast<int>(x);
}

void LessonJsonReader::onlyKnownKeys(
    const QJsonObject &o, const QString &path, const QStringList &known)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            fail(join(path, it.key().left(64)),
                tr("unknown field; expected one of %1").arg(known.join(QStringLiteral(", "))));
    }
}

} // namespace ae
