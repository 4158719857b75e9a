// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingdims.h"

#include "session/sessionlimits.h"

#include <QRegularExpression>

namespace ae {

namespace {

bool isPowerOfTwo(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

/// The largest number accepted while parsing; validateExperiment() applies the real limit.
constexpr int parseCeiling = 1 << 30;

} // namespace

std::optional<std::vector<int>> ScalingDims::parse(const QString &text, QString *error)
{
    const auto fail = [error](const QString &message) -> std::optional<std::vector<int>> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    // One comma (or its Chinese forms) with spaces around it, or spaces alone, parts two
    // entries; two commas in a row leave an empty entry, which is refused.
    static const QRegularExpression separators(
        QStringLiteral("\\s*[,;\u3001\uff0c\uff1b]\\s*|\\s+"));
    static const QRegularExpression rangeSign(QStringLiteral("\\.\\.|\u2026|\uff5e|~"));
    const QString trimmed = text.trimmed();
    const QStringList items = trimmed.split(separators);
    if (trimmed.isEmpty())
        return fail(tr("enter at least one d_k, e.g. 8..512 or 8, 32, 128, 512"));

    std::vector<int> dims;
    const auto number = [](const QString &s, bool *ok) {
        const qlonglong v = s.trimmed().toLongLong(ok);
        if (*ok && (v < 0 || v > parseCeiling))
            *ok = false;
        return static_cast<int>(*ok ? v : 0);
    };
    for (int i = 0; i < items.size(); ++i) {
        const QString &item = items[i];
        if (item.isEmpty())
            return fail(
                tr("entry %1 is empty: put one number or range between two commas").arg(i + 1));
        const QStringList ends = item.split(rangeSign);
        if (ends.size() == 1) {
            bool ok = false;
            const int v = number(item, &ok);
            if (!ok)
                return fail(tr("\u201c%1\u201d (entry %2) is not a whole number from 1 to %3")
                                .arg(item)
                                .arg(i + 1)
                                .arg(limits::maxExperimentDim));
            dims.push_back(v);
            continue;
        }
        bool okLow = false, okHigh = false;
        const int low = ends.size() == 2 ? number(ends[0], &okLow) : 0;
        const int high = ends.size() == 2 ? number(ends[1], &okHigh) : 0;
        if (!okLow || !okHigh)
            return fail(
                tr("\u201c%1\u201d (entry %2) is not a range such as 8..512").arg(item).arg(i + 1));
        if (low > high)
            return fail(tr("the range %1..%2 (entry %3) runs downwards: write the smaller "
                           "number first")
                            .arg(low)
                            .arg(high)
                            .arg(i + 1));
        int p = 1;
        while (p < low && p <= parseCeiling / 2)
            p *= 2;
        if (p > high)
            return fail(tr("the range %1..%2 (entry %3) holds no power of two")
                            .arg(low)
                            .arg(high)
                            .arg(i + 1));
        for (; p <= high; p *= 2) {
            dims.push_back(p);
            if (p > parseCeiling / 2)
                break;
        }
    }
    return dims;
}

QString ScalingDims::format(const std::vector<int> &dims)
{
    bool doubling = dims.size() >= 3 && isPowerOfTwo(dims.front());
    for (size_t i = 1; doubling && i < dims.size(); ++i)
        doubling = dims[i] == 2 * dims[i - 1];
    if (doubling)
        return QStringLiteral("%1..%2").arg(dims.front()).arg(dims.back());
    QStringList parts;
    for (int d : dims)
        parts << QString::number(d);
    return parts.join(QStringLiteral(", "));
}

} // namespace ae
