// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/exportsource.h"

#include "compare/alignmentfigure.h"
#include "export/svgfigurewriter.h"
#include "heatmap/heatmapfigure.h"
#include "scaling/scalingfigure.h"

#include <iterator>

namespace ae {

ExportSource ExportSource::fromResult(
    const Session &session, const AttentionResult &result, bool stretchColors)
{
    ExportSource source;
    std::vector<HeatmapData> views = HeatmapDataBuilder::allViews(session, result, false);
    HeatmapDataBuilder::applyColorRange(views, stretchColors);
    if (!views.empty()) {
        source.mean = std::move(views.front());
        source.heads.assign(
            std::make_move_iterator(views.begin() + 1), std::make_move_iterator(views.end()));
    }
    source.sessionTitle = session.title;
    source.scalingAvailable = true;
    source.scalingConfig = session.scaling;
    source.currentDk = result.dK;
    return source;
}

QString ExportSource::refusal(What what, FigureExporter::Format format) const
{
    if (format != FigureExporter::Format::Svg)
        return {};
    if (what == What::Lines) {
        const qint64 lines = cellCount(what);
        if (lines <= AlignmentFigure::maxLines)
            return {};
        return tr("%1 lines are too many for an SVG (at most %2); raise the threshold or write a "
                  "PNG")
            .arg(lines)
            .arg(AlignmentFigure::maxLines);
    }
    return SvgFigureWriter::cellLimitProblem(cellCount(what));
}

const HeatmapData &ExportSource::selectedHeatmap() const
{
    if (selectedView >= 0 && selectedView < int(heads.size()))
        return heads[size_t(selectedView)];
    return mean;
}

qint64 ExportSource::cellCount(What what) const
{
    switch (what) {
    case What::Heatmap:
        return HeatmapFigure::cellCount(selectedHeatmap());
    case What::Grid:
        return HeatmapFigure::cellCount(mean) * qint64(heads.size() > 1 ? heads.size() + 1 : 1);
    case What::Scaling:
        return 0;
    case What::Lines:
        return AlignmentFigure::lineCount(selectedHeatmap(), alignmentThreshold);
    }
    return 0;
}

QString ExportSource::defaultTitle(What what) const
{
    switch (what) {
    case What::Heatmap:
        return selectedHeatmap().title;
    case What::Grid:
        return HeatmapFigure::gridTitle(sessionTitle, int(heads.size()));
    case What::Scaling:
        return ScalingFigure::defaultTitle();
    case What::Lines:
        return AlignmentFigure::defaultTitle(selectedHeatmap());
    }
    return {};
}

QString ExportSource::suggestedStem(What what) const
{
    const QString prefix
        = mean.imported ? QStringLiteral("imported-attention") : QStringLiteral("attention");
    switch (what) {
    case What::Heatmap:
        return selectedView >= 0 && selectedView < int(heads.size())
            ? QStringLiteral("%1-head-%2").arg(prefix).arg(selectedView + 1)
            : prefix + QStringLiteral("-mean");
    case What::Grid:
        return prefix + QStringLiteral("-all-heads");
    case What::Scaling:
        return QStringLiteral("entropy-vs-dk");
    case What::Lines:
        return selectedView >= 0 && selectedView < int(heads.size())
            ? QStringLiteral("%1-lines-head-%2").arg(prefix).arg(selectedView + 1)
            : prefix + QStringLiteral("-lines-mean");
    }
    return prefix;
}

Figure ExportSource::figure(What what, const FigureOptions &options) const
{
    switch (what) {
    case What::Heatmap:
        return HeatmapFigure::single(selectedHeatmap(), options);
    case What::Grid: {
        // With one head the mean is that head: one panel, not two equal ones.
        std::vector<HeatmapData> panels { mean };
        if (heads.size() > 1)
            panels.insert(panels.end(), heads.begin(), heads.end());
        return HeatmapFigure::grid(panels, options, defaultTitle(What::Grid));
    }
    case What::Scaling:
        return ScalingFigure::make(
            scalingResult.value_or(EntropyExperimentResult {}), scalingConfig, currentDk, options);
    case What::Lines:
        return AlignmentFigure::make(
            selectedHeatmap(), options, AlignmentOptions { alignmentThreshold, -1, -1 });
    }
    return {};
}

} // namespace ae
