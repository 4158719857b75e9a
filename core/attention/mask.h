// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mask.h
/// The attention visibility mask: causal and key padding, combined with AND.

#include "attention/attentionresult.h"

#include <vector>

namespace ae {

/// Builds the Lq x Lk visibility mask.
/// @param causal when true, query i sees key j only where j <= i (top-left aligned, as
///        torch.tril(torch.ones(Lq, Lk))).
/// @param keyPadding empty, or Lk flags; a padded key is seen by no query.
BoolMatrix buildVisibilityMask(
    int queryCount, int keyCount, bool causal, const std::vector<bool> &keyPadding);

} // namespace ae
