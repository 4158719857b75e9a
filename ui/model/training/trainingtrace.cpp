// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingtrace.h"

#include <algorithm>

namespace ae {

int TrainingTrace::indexAtOrBefore(double step) const
{
    if (steps.empty())
        return -1;
    // Steps are recorded in increasing order.
    const auto it = std::upper_bound(steps.begin(), steps.end(), step);
    if (it == steps.begin())
        return 0;
    return static_cast<int>(std::distance(steps.begin(), it)) - 1;
}

void TrainingTrace::append(const StepMetrics &metrics)
{
    steps.push_back(metrics.step);
    loss.push_back(metrics.loss);
    accuracy.push_back(metrics.accuracy);
    gradNormQ.push_back(metrics.gradNormQ);
    gradNormK.push_back(metrics.gradNormK);
    maxWeight.push_back(metrics.maxWeight);
}

void TrainingTrace::clear()
{
    *this = TrainingTrace();
}

} // namespace ae
