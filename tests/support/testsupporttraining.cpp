// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupporttraining.h"

#include "testsupport.h"

#include <QDir>

namespace ae::test {

QString trainingReferenceDir()
{
    return QStringLiteral(AE_SHARED_DIR "/reference/training");
}

QString transformerReferenceDir()
{
    return QStringLiteral(AE_SHARED_DIR "/reference/training-transformer");
}

QStringList trainingReferenceNames()
{
    return referenceNames(trainingReferenceDir());
}

QStringList referenceNames(const QString &dir)
{
    QStringList names;
    const QStringList files
        = QDir(dir).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString &f : files)
        names << f.chopped(5);
    return names;
}

QString compareTrainingJson(
    const QJsonValue &actual, const QJsonValue &expected, const QString &path)
{
    return compareJsonWith(actual, expected, JsonComparison { 1e-9, true, true }, path);
}

} // namespace ae::test
