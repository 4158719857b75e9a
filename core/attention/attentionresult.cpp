// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/attentionresult.h"

#include "simd/wideproduct.h"

#include <algorithm>

namespace ae {

namespace {

/// Rows [r0, r0 + n) of head @p head's dot products into @p out (n x Lk): the product
/// computeAttention() runs for that block, on the same operands, so the same bits.
void blockDotProducts(const AttentionResult &r, int head, Eigen::Index r0, Eigen::Index n,
    Eigen::Ref<Eigen::MatrixXd> out)
{
    const Eigen::Index c0 = Eigen::Index(head) * r.dK;
    wideProductInto(r.q.block(r0, c0, n, r.dK), r.k.middleCols(c0, r.dK), true, out);
}

} // namespace

Eigen::MatrixXd AttentionResult::dotProducts(int head) const
{
    const Eigen::Index lq = q.rows();
    Eigen::MatrixXd d(lq, k.rows());
    const Eigen::Index block = std::max<Eigen::Index>(1, rowBlock);
    for (Eigen::Index r0 = 0; r0 < lq; r0 += block) {
        const Eigen::Index n = std::min(block, lq - r0);
        // The very call the computation made, down to a contiguous destination like its
        // scratch: nothing about the product differs, so neither do its bits.
        Eigen::MatrixXd part(n, k.rows());
        blockDotProducts(*this, head, r0, n, part);
        d.middleRows(r0, n) = part;
    }
    return d;
}

Eigen::RowVectorXd AttentionResult::dotProductRow(int head, Eigen::Index query) const
{
    const Eigen::Index block = std::max<Eigen::Index>(1, rowBlock);
    const Eigen::Index r0 = query / block * block;
    const Eigen::Index n = std::min(block, q.rows() - r0);
    Eigen::MatrixXd part(n, k.rows());
    blockDotProducts(*this, head, r0, n, part);
    return part.row(query - r0);
}

Eigen::MatrixXd AttentionResult::scores(int head) const
{
    return dotProducts(head) * (1.0 / scale);
}

Eigen::RowVectorXd AttentionResult::scoreRow(int head, Eigen::Index query) const
{
    return dotProductRow(head, query) * (1.0 / scale);
}

} // namespace ae
