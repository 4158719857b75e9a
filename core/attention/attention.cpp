// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention/attention.h"

#include "attention/hugepages.h"
#include "attention/mask.h"
#include "attention/softmax.h"
#include "blas/blasthreads.h"
#include "blas/product.h"
#include "parallel/parallelfor.h"
#include "simd/softmaxblock.h"
#include "simd/wideproduct.h"

#include <cassert>
#include <cmath>

namespace ae {

double scaleDivisor(const ScaleSpec &scale, int dK)
{
    switch (scale.mode) {
    case ScaleMode::SqrtDk:
        return std::sqrt(static_cast<double>(dK));
    case ScaleMode::None:
        return 1.0;
    case ScaleMode::Custom:
        return scale.divisor;
    }
    return 1.0;
}

namespace {

/// Rows per piece of a projection: the pieces depend on the shape only, never on the thread
/// count, so every thread count gives the same bits.
constexpr Eigen::Index projectionRows = 256;

int pieces(Eigen::Index rows, Eigen::Index perPiece)
{
    return int((rows + perPiece - 1) / perPiece);
}

/// Rows [r0, r0 + n) of y = x W + b; y already has its size.
void projectRows(const Eigen::Ref<const Eigen::MatrixXd> &x, const Eigen::MatrixXd &w,
    const Eigen::RowVectorXd &b, Eigen::MatrixXd &y, Eigen::Index r0, Eigen::Index n)
{
    auto rows = y.middleRows(r0, n);
    wideProductInto(x.middleRows(r0, n), w, false, rows);
    rows.rowwise() += b;
}

/// Size of the heads' weights from which they are written past the caches:
/// twice the largest last-level cache of common desktop processors.
constexpr double streamingBytes = 64.0 * 1024 * 1024;

/// Rows per block of the per-head work: the block's two scratch matrices (scores turned into
/// weights, and the heads' mean; 128 K doubles, 1 MB, each) stay in the caches while a head is
/// finished, and OpenBLAS packs each head's keys and values once for that many rows. A large
/// computation is cut into at least two blocks so that two threads share it; the blocks depend
/// on the shape only.
Eigen::Index rowBlockFor(Eigen::Index lq, Eigen::Index lk, Eigen::Index dModel)
{
    Eigen::Index rows
        = std::max<Eigen::Index>(8, (Eigen::Index(1) << 17) / std::max<Eigen::Index>(lk, 1));
    if (double(lq) * double(lk) * double(dModel) >= double(1 << 24))
        rows = std::min(rows, std::max<Eigen::Index>(8, (lq + 1) / 2));
    return std::max<Eigen::Index>(1, std::min(lq, rows));
}

} // namespace

AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections)
{
    AttentionResult r;
    computeAttention(xq, xkv, keyPadding, config, projections, r);
    return r;
}

void computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &xq,
    const Eigen::Ref<const Eigen::MatrixXd> &xkv, const std::vector<bool> &keyPadding,
    const AttentionConfig &config, const Projections &projections, AttentionResult &r,
    const ParallelOptions &options)
{
    assert(config.heads > 0 && config.dModel % config.heads == 0);
    assert(projections.mode != ProjectionMode::Random);
    useSingleThreadedBlas();
    const Eigen::Index lq = xq.rows();
    const Eigen::Index lk = xkv.rows();
    const int h = config.heads;
    const bool identity = projections.mode == ProjectionMode::Identity;

    r.dK = headWidth(config);
    r.scale = scaleDivisor(config.scale, r.dK);
    if (identity) {
        r.q = xq;
        r.k = xkv;
        r.v = xkv;
    } else {
        r.q.resize(lq, projections.wq.cols());
        r.k.resize(lk, projections.wk.cols());
        r.v.resize(lk, projections.wv.cols());
        // Query pieces first, then the key and value pieces, in one pool of work.
        const int qPieces = pieces(lq, projectionRows);
        const int kPieces = pieces(lk, projectionRows);
        parallelFor(qPieces + 2 * kPieces, options, [&](int i) {
            if (i < qPieces) {
                const Eigen::Index r0 = i * projectionRows;
                projectRows(
                    xq, projections.wq, projections.bq, r.q, r0, std::min(projectionRows, lq - r0));
                return;
            }
            const int j = (i - qPieces) % kPieces;
            const bool key = i - qPieces < kPieces;
            const Eigen::Index r0 = j * projectionRows;
            projectRows(xkv, key ? projections.wk : projections.wv,
                key ? projections.bk : projections.bv, key ? r.k : r.v, r0,
                std::min(projectionRows, lk - r0));
        });
    }
    r.visible = buildVisibilityMask(int(lq), int(lk), config.causal, keyPadding);
    // An empty mask tells the softmax that every key is visible.
    const bool masked = lk == 0 || !r.visible.all();
    const BoolMatrix noMask;

    // resize() keeps the storage when the shapes repeat, so a caller that reuses the result
    // allocates nothing here.
    r.concat.resize(lq, config.dModel);
    r.meanEntropy.resize(lq);
    r.heads.resize(static_cast<size_t>(h));
    // Fresh storage for the weights (Lq x Lk a head) is advised huge pages before its first
    // write: a fresh 128 MB result at 1024 x 1024 x 16 heads then takes some 64 page faults
    // instead of 32 K, and the strided writes of the copies stay in the TLB.
    const auto sized = [lq, lk](Eigen::MatrixXd &m) {
        const double *before = m.data();
        m.resize(lq, lk);
        if (m.data() != before)
            adviseHugePages(m);
    };
    sized(r.meanWeights);
    for (HeadResult &head : r.heads) {
        sized(head.weights);
        head.entropy.resize(lq);
    }
    const double invHeads = 1.0 / static_cast<double>(h);
    const Eigen::Index block = rowBlockFor(lq, lk, config.dModel);
    r.rowBlock = block;
    // The heads' weights go past the caches when they outgrow them: nothing reads them during
    // the computation.
    const bool streamCopies = 8.0 * double(h) * double(lq) * double(lk) > streamingBytes;
    // One block of query rows for all heads is one piece of work: its scores, softmax,
    // entropy, A V and its share of the mean stay in cache, and each head's rows are added to
    // the mean in head order on whatever thread, so the sums never depend on the threads.
    parallelFor(pieces(lq, block), options, [&](int piece) {
        const Eigen::Index r0 = piece * block;
        const Eigen::Index n = std::min(block, lq - r0);
        // Contiguous scratch, reused by the thread: blocks of the result matrices stride by
        // Lq, and a power-of-two stride maps every column to the same cache sets. The scores
        // land here, the softmax turns them into weights in place for A V, and the result's
        // weights and the heads' mean are written on the way (softmaxBlock()). The dot
        // products are not kept: AttentionResult::dotProducts() repeats this product.
        thread_local std::vector<double> scratch;
        if (scratch.size() < static_cast<size_t>(2 * n * lk))
            scratch.resize(static_cast<size_t>(2 * n * lk));
        Eigen::Map<Eigen::MatrixXd> weights(scratch.data(), n, lk);
        Eigen::Map<Eigen::MatrixXd> mean(scratch.data() + n * lk, n, lk);
        for (int i = 0; i < h; ++i) {
            HeadResult &head = r.heads[static_cast<size_t>(i)];
            const Eigen::Index c0 = Eigen::Index(i) * r.dK;
            wideProductInto(r.q.block(r0, c0, n, r.dK), r.k.middleCols(c0, r.dK), true, weights);
            SoftmaxBlock sweep;
            sweep.rows = n;
            sweep.cols = lk;
            sweep.logits = weights.data();
            sweep.logitsStride = n;
            if (masked) {
                sweep.visible = r.visible.data() + r0;
                sweep.visibleStride = lq;
            }
            sweep.divisor = r.scale;
            sweep.weights = weights.data();
            sweep.weightsStride = n;
            sweep.entropy = head.entropy.data() + r0;
            sweep.weightsCopy = head.weights.data() + r0;
            sweep.weightsCopyStride = lq;
            sweep.mean = mean.data();
            sweep.meanStride = n;
            sweep.meanFactor = invHeads;
            sweep.meanStarts = i == 0;
            sweep.streamCopies = streamCopies;
            if (!softmaxBlock(sweep)) {
                // An infinite or NaN score: the careful path, from the dot products again.
                Eigen::MatrixXd dots(n, lk);
                wideProductInto(r.q.block(r0, c0, n, r.dK), r.k.middleCols(c0, r.dK), true, dots);
                auto out = head.weights.middleRows(r0, n);
                auto entropy = head.entropy.segment(r0, n);
                if (masked)
                    softmaxRowsWithEntropy(
                        dots, r.visible.middleRows(r0, n), out, entropy, r.scale);
                else
                    softmaxRowsWithEntropy(dots, noMask, out, entropy, r.scale);
                weights = out;
                if (i == 0)
                    mean = weights * invHeads;
                else
                    mean += weights * invHeads;
            }
            wideProductInto(
                weights, r.v.middleCols(c0, r.dK), false, r.concat.block(r0, c0, n, r.dK));
        }
        r.meanWeights.middleRows(r0, n) = mean;
        r.meanEntropy.segment(r0, n) = rowEntropy(mean);
    });
    for (int i = 0; i < h; ++i)
        r.heads[static_cast<size_t>(i)].output = r.concat.middleCols(Eigen::Index(i) * r.dK, r.dK);

    if (identity) {
        r.output = r.concat;
    } else {
        r.output.resize(lq, projections.wo.cols());
        parallelFor(pieces(lq, projectionRows), options, [&](int i) {
            const Eigen::Index r0 = i * projectionRows;
            projectRows(r.concat, projections.wo, projections.bo, r.output, r0,
                std::min(projectionRows, lq - r0));
        });
    }
    // A fully masked row has zero weights, so its concat row is 0 and its output is b_o, as
    // the spec's "its head outputs are 0" asks; the row is listed for the views.
    r.fullyMaskedRows.clear();
    if (masked) {
        for (Eigen::Index i = 0; i < lq; ++i) {
            if (!r.visible.row(i).any())
                r.fullyMaskedRows.push_back(int(i));
        }
    }
}

} // namespace ae
