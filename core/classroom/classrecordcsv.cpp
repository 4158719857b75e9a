// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classrecordcsv.h"

namespace ae::classroom {

bool ClassRecordCsv::looksLikeFormula(const QString &text)
{
    if (text.isEmpty())
        return false;
    const QChar first = text.front();
    return first == QLatin1Char('=') || first == QLatin1Char('+') || first == QLatin1Char('-')
        || first == QLatin1Char('@') || first == QLatin1Char('\t') || first == QLatin1Char('\r');
}

QString ClassRecordCsv::field(const QString &text)
{
    QString value = looksLikeFormula(text) ? QLatin1Char('\'') + text : text;
    const bool quote = value.contains(QLatin1Char(',')) || value.contains(QLatin1Char('"'))
        || value.contains(QLatin1Char('\n')) || value.contains(QLatin1Char('\r'));
    if (!quote)
        return value;
    value.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + value + QLatin1Char('"');
}

QByteArray ClassRecordCsv::row(const QStringList &fields)
{
    QStringList escaped;
    escaped.reserve(fields.size());
    for (const QString &f : fields)
        escaped.append(field(f));
    return escaped.join(QLatin1Char(',')).toUtf8() + QByteArrayLiteral("\r\n");
}

QByteArray ClassRecordCsv::header()
{
    return row({ QStringLiteral("time"), QStringLiteral("nickname"), QStringLiteral("step"),
        QStringLiteral("question"), QStringLiteral("choice"), QStringLiteral("correct") });
}

} // namespace ae::classroom
