// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file importedattention.h
/// Attention weights computed elsewhere (e.g. by PyTorch), read from a JSON file to be viewed
/// and exported with the same heatmaps, always labelled as imported.

#include "heatmap/heatmapdata.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>
#include <vector>

namespace ae {

/// Imported weights: one Lq x Lk matrix per head, with their token labels.
struct ImportedAttention
{
    QString fileName; ///< where they came from (shown with the heatmap)
    QString title; ///< the file's "title", if any
    QStringList queryTokens;
    QStringList keyTokens;
    std::vector<Eigen::MatrixXd> heads;
    /// Things worth knowing that did not stop the import (rows not summing to 1, negative
    /// weights, labels made up because the file had none).
    QStringList warnings;
    QString error; ///< empty on success; else the JSON path and what is wrong

    bool ok() const { return error.isEmpty(); }
    int headCount() const { return int(heads.size()); }
    /// The mean of the heads (@p head < 0) or head @p head, labelled and marked imported.
    HeatmapData view(int head) const;
};

} // namespace ae
