#pragma once

/// @file heatmapdata.h
/// What one heatmap shows, independent of how it is drawn (screen, SVG, PNG, PDF).

#include "attentionresult.h"
#include "session.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <QStringList>

namespace ae {

/// The values, mask and labels of one heatmap. Rows are queries, columns keys.
struct HeatmapData
{
    Eigen::MatrixXd values; ///< rows x columns (attention weights unless said otherwise)
    BoolMatrix visible; ///< empty (all visible) or rows x columns; false marks a masked cell
    QStringList rowLabels; ///< query tokens, one per row
    QStringList columnLabels; ///< key tokens, one per column
    QString title; ///< e.g. "Head 2 of 4" or "Mean of 2 heads"
    double minimum = 0.0; ///< value drawn with the colour map's low end
    double maximum = 1.0; ///< value drawn with the colour map's high end
    bool imported = false; ///< weights read from a file, not computed here

    int rows() const { return static_cast<int>(values.rows()); }
    int columns() const { return static_cast<int>(values.cols()); }
    /// True unless the mask hides cell (r, c).
    bool isVisible(int r, int c) const { return visible.size() == 0 || visible(r, c); }
};

/// Builds heatmaps from a computed result.
class HeatmapDataBuilder
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapDataBuilder)
public:
    /// The head-averaged weights (@p head < 0) or head @p head's weights, labelled with the
    /// query and key tokens of @p session (the session the result was computed from).
    static HeatmapData weights(const Session &session, const AttentionResult &result, int head);
};

} // namespace ae
