// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/mask.h"

namespace ae {

BoolMatrix buildVisibilityMask(
    int queryCount, int keyCount, bool causal, const std::vector<bool> &keyPadding)
{
    BoolMatrix visible = BoolMatrix::Constant(queryCount, keyCount, true);
    if (causal) {
        for (int i = 0; i < queryCount; ++i)
            for (int j = i + 1; j < keyCount; ++j)
                visible(i, j) = false;
    }
    const int padded = std::min<int>(keyCount, static_cast<int>(keyPadding.size()));
    for (int j = 0; j < padded; ++j) {
        if (keyPadding[static_cast<size_t>(j)])
            visible.col(j).setConstant(false);
    }
    return visible;
}

} // namespace ae
