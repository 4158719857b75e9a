// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/importedattention.h"

#include <QFileInfo>
#include <algorithm>

namespace ae {

HeatmapData ImportedAttention::view(int head) const
{
    HeatmapData d;
    d.imported = true;
    d.rowLabels = queryTokens;
    d.columnLabels = keyTokens;
    const int count = headCount();
    if (count == 0)
        return d;
    if (head < 0 || head >= count) {
        d.values = heads.front();
        for (int h = 1; h < count; ++h)
            d.values += heads[size_t(h)];
        d.values /= double(count);
        d.head = -1;
        d.title = count == 1
            ? QCoreApplication::translate("ImportedAttention", "Imported weights")
            : QCoreApplication::translate("ImportedAttention", "Imported weights: mean of %1 heads")
                  .arg(count);
        d.shortTitle = QCoreApplication::translate("ImportedAttention", "Mean");
        if (count > 1) {
            for (const Eigen::MatrixXd &w : heads)
                d.headWeights.push_back(std::make_shared<const Eigen::MatrixXd>(w));
        }
    } else {
        d.values = heads[size_t(head)];
        d.head = head;
        d.title
            = QCoreApplication::translate("ImportedAttention", "Imported weights: head %1 of %2")
                  .arg(head + 1)
                  .arg(count);
        d.shortTitle = QCoreApplication::translate("ImportedAttention", "Head %1").arg(head + 1);
    }
    // Weights live in [0, 1]; anything outside widens the scale rather than being clipped.
    d.minimum = std::min(0.0, d.values.minCoeff());
    d.maximum = std::max(1.0, d.values.maxCoeff());
    return d;
}

} // namespace ae
