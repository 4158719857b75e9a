// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaling/scalingaccumulator.h"

#include "blas/product.h"
#include "simd/softmaxrowsums.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace ae {

namespace {

/// Columns of q and k multiplied between two polls of the stop callback.
constexpr int columnsPerSlice = 256;

/// Adds each of @p count scores to the bin of [lo, lo + binCount * width) of @p unscaled it
/// falls in, and the score times @p factor to that of @p scaled; values outside are not
/// counted.
void addToBins(const double *scores, Eigen::Index count, double factor, double lo, double width,
    std::vector<double> &unscaled, std::vector<double> &scaled)
{
    constexpr int bins = ScoreHistogram::binCount;
    // Counted in four interleaved tables, so that neighbouring scores in one bin do not wait
    // for each other's increment. The counts are whole numbers: adding them is exact, and
    // gives the bins what adding 1 per score gives.
    std::array<std::uint32_t, 4 * 2 * bins> counts {};
    const double perBin[2] = { 1.0 / width, factor / width };
    const double shift = -lo / width;
    for (Eigen::Index i = 0; i < count; ++i) {
        std::uint32_t *table = counts.data() + (i & 3) * 2 * bins;
        for (int v = 0; v < 2; ++v) {
            const double at = scores[i] * perBin[v] + shift;
            if (at >= 0.0 && at < bins)
                ++table[v * bins + static_cast<int>(at)];
        }
    }
    for (int v = 0; v < 2; ++v) {
        std::vector<double> &target = v == 0 ? unscaled : scaled;
        for (int b = 0; b < bins; ++b) {
            std::uint32_t n = 0;
            for (int copy = 0; copy < 4; ++copy)
                n += counts[static_cast<size_t>((copy * 2 + v) * bins + b)];
            target[static_cast<size_t>(b)] += static_cast<double>(n);
        }
    }
}

double histogramHalfWidth(int dk)
{
    return 4.0 * std::sqrt(static_cast<double>(dk));
}

} // namespace

ScalingAccumulator::ScalingAccumulator(const std::vector<int> &dims, int keys)
    : m_requested(dims)
    , m_dims(dims)
    , m_keys(keys)
{
    // Ascending, so the scores of each d_k are those of the previous one plus the products of
    // the next columns.
    std::sort(m_dims.begin(), m_dims.end());
    m_dims.erase(std::unique(m_dims.begin(), m_dims.end()), m_dims.end());
    m_totals.resize(m_dims.size());
    for (Totals &t : m_totals)
        for (auto &b : t.bins)
            b.assign(ScoreHistogram::binCount, 0.0);
}

bool ScalingAccumulator::addBlock(const Eigen::Ref<const Eigen::MatrixXd> &q,
    const Eigen::Ref<const Eigen::MatrixXd> &k, const std::function<bool()> &shouldStop)
{
    const Eigen::Index rows = q.rows();
    m_scores.resize(rows, m_keys);
    m_scores.setZero();
    Eigen::Map<Eigen::MatrixXd> scoresT(m_scores.data(), m_keys, rows);
    int done = 0;
    for (size_t di = 0; di < m_dims.size(); ++di) {
        const int dk = m_dims[di];
        while (done < dk) {
            if (shouldStop && shouldStop())
                return false;
            const int width = std::min(columnsPerSlice, dk - done);
            // The row-major scores are, in memory, their column-major transpose k q^T.
            multiplyInto(k.middleCols(done, width), q.middleCols(done, width), true, scoresT, true);
            done += width;
        }
        Totals &t = m_totals[di];
        const double factor = 1.0 / std::sqrt(static_cast<double>(dk));

        // The block's mean and squared deviations merge into the repeat's (Chan et al.).
        const double n = static_cast<double>(m_scores.size());
        const double blockMean = m_scores.mean();
        const double blockM2 = (m_scores.array() - blockMean).square().sum();
        const double delta = blockMean - t.mean;
        const double total = t.count + n;
        t.mean += delta * n / total;
        t.m2 += blockM2 + delta * delta * t.count * n / total;
        t.count = total;

        const double half = histogramHalfWidth(dk);
        const double binWidth = 2.0 * half / ScoreHistogram::binCount;
        addToBins(m_scores.data(), m_scores.size(), factor, -half, binWidth, t.bins[0], t.bins[1]);

        std::array<SoftmaxRowSums, 2> sums;
        for (size_t v = 0; v < 2; ++v)
            sums[v] = { t.entropy[v], t.grad[v], t.saturated[v] };
        addSoftmaxRowSums(
            m_scores.data(), rows, m_keys, { 1.0, factor }, saturationThreshold, sums);
        for (size_t v = 0; v < 2; ++v) {
            t.entropy[v] = sums[v].entropy;
            t.grad[v] = sums[v].jacobianNorm;
            t.saturated[v] = sums[v].saturated;
        }
    }
    m_rows += static_cast<double>(rows);
    m_scoresSeen += static_cast<double>(rows) * m_keys;
    return true;
}

void ScalingAccumulator::endRepeat()
{
    for (Totals &t : m_totals) {
        t.stdSum += t.count > 0 ? std::sqrt(t.m2 / t.count) : 0.0;
        t.count = t.mean = t.m2 = 0.0;
    }
    ++m_repeats;
}

EntropyExperimentResult ScalingAccumulator::result() const
{
    EntropyExperimentResult r;
    const double repeats = std::max(1, m_repeats);
    for (int dk : m_requested) {
        const auto at = std::lower_bound(m_dims.begin(), m_dims.end(), dk) - m_dims.begin();
        const Totals &t = m_totals[static_cast<size_t>(at)];
        const double root = std::sqrt(static_cast<double>(dk));
        const double stdMean = t.stdSum / repeats;
        r.dims.push_back(dk);
        r.unscaled.push_back(t.entropy[0] / m_rows);
        r.scaled.push_back(t.entropy[1] / m_rows);
        r.unscaledScoreStd.push_back(stdMean);
        // Dividing every score by sqrt(d_k) divides their spread by the same.
        r.scaledScoreStd.push_back(stdMean / root);
        r.unscaledGradNorm.push_back(t.grad[0] / m_rows);
        r.scaledGradNorm.push_back(t.grad[1] / m_rows);
        r.unscaledSaturated.push_back(t.saturated[0] / m_rows);
        r.scaledSaturated.push_back(t.saturated[1] / m_rows);
        ScoreHistogram h;
        h.hi = histogramHalfWidth(dk);
        h.lo = -h.hi;
        h.unscaled.resize(ScoreHistogram::binCount);
        h.scaled.resize(ScoreHistogram::binCount);
        for (size_t b = 0; b < ScoreHistogram::binCount; ++b) {
            h.unscaled[b] = t.bins[0][b] / m_scoresSeen;
            h.scaled[b] = t.bins[1][b] / m_scoresSeen;
        }
        r.histograms.push_back(std::move(h));
    }
    return r;
}

} // namespace ae
