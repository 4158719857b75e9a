// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scalingaccumulator.h
/// The sums behind the scaling experiment's figures, fed one block of queries at a time so a
/// run never holds the whole queries x keys matrix.

#include "scaling/entropyexperiment.h"

#include <Eigen/Core>
#include <array>
#include <functional>
#include <vector>

namespace ae {

/// Accumulates, for a list of dimensions, the statistics of the scores q[:, :d_k] k[:, :d_k]^T
/// (unscaled) and of the same divided by sqrt(d_k) (scaled).
class ScalingAccumulator
{
public:
    /// Prepares sums for @p dims (any order, repeats allowed) and @p keys keys per draw.
    ScalingAccumulator(const std::vector<int> &dims, int keys);

    /// Adds a block of queries of one repeat. @p q is rows x (at least the largest d_k),
    /// @p k is keys x (at least the largest d_k). @p shouldStop, when given, is polled before
    /// every slice of 256 columns of the products; returns false when it said stop (the sums
    /// are then incomplete).
    bool addBlock(const Eigen::Ref<const Eigen::MatrixXd> &q,
        const Eigen::Ref<const Eigen::MatrixXd> &k, const std::function<bool()> &shouldStop = {});
    /// Closes the current repeat: its score spread joins the average over repeats.
    void endRepeat();
    /// The figures for the dimensions given to the constructor, in their order.
    /// @pre at least one block was added and every repeat closed.
    EntropyExperimentResult result() const;

private:
    /// One distinct d_k's sums over the whole run.
    struct Totals
    {
        std::array<double, 2> entropy {}; ///< [unscaled, scaled]: sum of row entropies
        std::array<double, 2> grad {}; ///< sum of row Jacobian norms
        std::array<double, 2> saturated {}; ///< rows over the threshold
        std::array<std::vector<double>, 2> bins; ///< scores per bin
        double stdSum = 0.0; ///< sum over closed repeats of the unscaled scores' std
        double count = 0.0, mean = 0.0, m2 = 0.0; ///< the open repeat's scores (Chan's merge)
    };
    using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    std::vector<int> m_requested; ///< dims as given
    std::vector<int> m_dims; ///< distinct dims, ascending
    int m_keys;
    std::vector<Totals> m_totals; ///< per entry of m_dims
    RowMajorMatrix m_scores; ///< the current block's scores, rows x keys
    double m_rows = 0.0; ///< query rows added
    double m_scoresSeen = 0.0; ///< scores added per d_k
    int m_repeats = 0; ///< closed repeats
};

} // namespace ae
