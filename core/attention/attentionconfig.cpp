// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/attentionconfig.h"

namespace ae {

int headWidth(int dModel, int heads)
{
    return dModel > 0 && heads > 0 && dModel % heads == 0 ? dModel / heads : 0;
}

int headWidth(const AttentionConfig &config)
{
    return headWidth(config.dModel, config.heads);
}

bool operator==(const ScaleSpec &a, const ScaleSpec &b)
{
    return a.mode == b.mode && a.divisor == b.divisor;
}

bool operator!=(const ScaleSpec &a, const ScaleSpec &b)
{
    return !(a == b);
}

bool operator==(const Projections &a, const Projections &b)
{
    return a.mode == b.mode && a.seed == b.seed && sameEntries(a.wq, b.wq)
        && sameEntries(a.wk, b.wk) && sameEntries(a.wv, b.wv) && sameEntries(a.wo, b.wo)
        && sameEntries(a.bq, b.bq) && sameEntries(a.bk, b.bk) && sameEntries(a.bv, b.bv)
        && sameEntries(a.bo, b.bo);
}

bool operator!=(const Projections &a, const Projections &b)
{
    return !(a == b);
}

bool operator==(const AttentionConfig &a, const AttentionConfig &b)
{
    return a.dModel == b.dModel && a.heads == b.heads && a.scale == b.scale && a.causal == b.causal;
}

bool operator!=(const AttentionConfig &a, const AttentionConfig &b)
{
    return !(a == b);
}

} // namespace ae
