// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupporttraining.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <cmath>

namespace ae::test {

QString trainingReferenceDir()
{
    return QStringLiteral(AE_SHARED_DIR "/reference/training");
}

QStringList trainingReferenceNames()
{
    QStringList names;
    const QStringList files = QDir(trainingReferenceDir())
                                  .entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString &f : files)
        names << f.chopped(5);
    return names;
}

QString compareTrainingJson(
    const QJsonValue &actual, const QJsonValue &expected, const QString &path)
{
    const QString where = path.isEmpty() ? QStringLiteral("(top)") : path;
    if (expected.isDouble()) {
        if (!actual.isDouble())
            return where + QStringLiteral(": expected a number");
        const double a = actual.toDouble();
        const double e = expected.toDouble();
        if (!(std::abs(a - e) <= 1e-9 * std::max(1.0, std::abs(e))))
            return where
                + QStringLiteral(": %1, expected %2").arg(a, 0, 'g', 17).arg(e, 0, 'g', 17);
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
        for (qsizetype i = 0; i < e.size(); ++i) {
            const QString why
                = compareTrainingJson(a.at(i), e.at(i), QStringLiteral("%1[%2]").arg(path).arg(i));
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    if (expected.isObject()) {
        const QJsonObject a = actual.toObject();
        const QJsonObject e = expected.toObject();
        for (const QString &key : e.keys()) {
            if (!a.contains(key))
                return where + QStringLiteral(": no \"%1\"").arg(key);
            const QString sub = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            const QString why = compareTrainingJson(a.value(key), e.value(key), sub);
            if (!why.isEmpty())
                return why;
        }
        return QString();
    }
    return actual == expected ? QString() : where + QStringLiteral(": values differ");
}

} // namespace ae::test
