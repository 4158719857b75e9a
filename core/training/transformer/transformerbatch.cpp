// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerbatch.h"

namespace ae {

TransformerBatch TransformerBatch::single(
    const std::vector<int> &source, const std::vector<int> &target)
{
    TransformerBatch batch;
    batch.source.resize(1, Eigen::Index(source.size()));
    batch.target.resize(1, Eigen::Index(target.size()));
    for (size_t i = 0; i < source.size(); ++i)
        batch.source(0, Eigen::Index(i)) = source[i];
    for (size_t i = 0; i < target.size(); ++i)
        batch.target(0, Eigen::Index(i)) = target[i];
    return batch;
}

} // namespace ae
