// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/nearestname.h"

#include <algorithm>
#include <vector>

namespace ae {

int editDistance(const QString &a, const QString &b)
{
    const QString s = a.toCaseFolded();
    const QString t = b.toCaseFolded();
    const qsizetype n = s.size();
    const qsizetype m = t.size();
    // Three rows of the optimal-string-alignment table: the swap looks two rows back.
    std::vector<int> before(static_cast<size_t>(m + 1));
    std::vector<int> previous(static_cast<size_t>(m + 1));
    std::vector<int> current(static_cast<size_t>(m + 1));
    for (qsizetype j = 0; j <= m; ++j)
        previous[size_t(j)] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = s[i - 1] == t[j - 1] ? 0 : 1;
            int best = std::min({ previous[size_t(j)] + 1, current[size_t(j - 1)] + 1,
                previous[size_t(j - 1)] + cost });
            if (i > 1 && j > 1 && s[i - 1] == t[j - 2] && s[i - 2] == t[j - 1])
                best = std::min(best, before[size_t(j - 2)] + 1);
            current[size_t(j)] = best;
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[size_t(m)];
}

QString nearestName(const QString &typed, const QStringList &known)
{
    const qsizetype length = std::max<qsizetype>(typed.size(), 1);
    const int allowed = length <= 4 ? 1 : length <= 8 ? 2 : 3;
    QString best;
    int bestDistance = allowed + 1;
    for (const QString &name : known) {
        const int d = editDistance(typed, name);
        if (d < bestDistance) {
            best = name;
            bestDistance = d;
        }
    }
    return best;
}

} // namespace ae
