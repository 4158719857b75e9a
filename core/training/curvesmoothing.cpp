// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/curvesmoothing.h"

#include <algorithm>
#include <cmath>

namespace ae {

std::vector<double> smoothedCurve(const std::vector<double> &values, double weight)
{
    const double w = std::clamp(std::isfinite(weight) ? weight : 0.0, 0.0, 0.999);
    std::vector<double> out;
    out.reserve(values.size());
    double mean = 0.0;
    double debias = 1.0; // w^n
    for (const double v : values) {
        if (!std::isfinite(v)) {
            out.push_back(v);
            continue;
        }
        mean = w * mean + (1.0 - w) * v;
        debias *= w;
        out.push_back(w == 0.0 ? v : mean / (1.0 - debias));
    }
    return out;
}

} // namespace ae
