// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file hugepages.h
/// Asks the system to back a large buffer with huge pages: at a large shape the heads'
/// weights are tens or hundreds of megabytes, written once per computation, and with 4 KB
/// pages a fresh result costs one page fault per 4 KB and the strided writes miss the TLB.

#include <Eigen/Core>

namespace ae {

/// Advises huge pages (Linux: madvise MADV_HUGEPAGE) for the whole 2 MB pages inside the
/// storage of @p m; does nothing below 4 MB, on other systems, or when refused. Call it
/// before the storage is first written: pages already touched keep their size.
void adviseHugePages(Eigen::MatrixXd &m);

} // namespace ae
