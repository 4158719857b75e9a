// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingfilmstrip.h"

#include "heatmap/heatmapfigure.h"
#include "training/trainingsession.h"

#include <QRegularExpression>
#include <algorithm>

namespace ae {

QString TrainingFilmStrip::defaultSteps()
{
    return QStringLiteral("0, 50, 100, 300, 600");
}

std::optional<std::vector<int>> TrainingFilmStrip::parseSteps(
    const QString &text, int lastStep, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    std::vector<int> steps;
    const QStringList parts
        = text.split(QRegularExpression(QStringLiteral("[,，、\\s]+")), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        bool ok = false;
        const qlonglong v = part.toLongLong(&ok);
        if (!ok)
            return fail(tr("Film strip steps: “%1” is not a whole number.").arg(part));
        if (v < 0 || v > lastStep)
            return fail(tr("Film strip steps: step %1 is outside 0..%2 (the steps recorded).")
                            .arg(part)
                            .arg(lastStep));
        steps.push_back(int(v));
    }
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    if (steps.empty())
        return fail(tr("Film strip steps: give at least one step, e.g. %1.").arg(defaultSteps()));
    if (int(steps.size()) > maxFrames)
        return fail(tr("Film strip steps: %1 steps given; at most %2 fit in a strip.")
                        .arg(steps.size())
                        .arg(maxFrames));
    return steps;
}

HeatmapData TrainingFilmStrip::frame(const TrainingModelSpec &spec,
    const TrainingParameters &params, const std::vector<int> &source,
    const std::vector<int> &target, const QString &runName, int step)
{
    const Session session = trainedSession(spec, params, source, target);
    const AttentionResult result = trainedAttention(spec, params, source, target);
    HeatmapData data = HeatmapDataBuilder::weights(session, result, -1, false);
    data.title = tr("%1 · step %2").arg(runName).arg(step);
    data.shortTitle = tr("step %1").arg(step);
    return data;
}

HeatmapData TrainingFilmStrip::transformerFrame(const TransformerAttentionMaps &maps,
    TransformerAttentionKind kind, int layer, const QString &runName, int step)
{
    HeatmapData data = maps.heatmap(kind, layer, -1);
    data.title = tr("%1 · step %2").arg(runName).arg(step);
    data.shortTitle = tr("step %1").arg(step);
    return data;
}

QString TrainingFilmStrip::transformerExample(TransformerAttentionKind kind, int layer, int heads,
    const QStringList &sourceWords, const QStringList &targetWords)
{
    QString what;
    switch (kind) {
    case TransformerAttentionKind::EncoderSelf:
        what = tr("encoder self-attention (X, X)");
        break;
    case TransformerAttentionKind::DecoderSelf:
        what = tr("masked decoder self-attention (Y, Y)");
        break;
    case TransformerAttentionKind::Cross:
        what = tr("cross-attention (Y, X)");
        break;
    }
    const QString headsText = heads == 1 ? tr("1 head") : tr("mean of %1 heads").arg(heads);
    const QString layerText
        = layer < 0 ? tr("the layer chosen for each run") : tr("layer %1").arg(layer + 1);
    return tr("%1, %2, %3: %4 → %5")
        .arg(what, layerText, headsText, sourceWords.join(QLatin1Char(' ')),
            targetWords.join(QLatin1Char(' ')));
}

Figure TrainingFilmStrip::make(const std::vector<std::vector<HeatmapData>> &rows,
    const QString &example, const FigureOptions &options)
{
    std::vector<HeatmapData> panels;
    int columns = 0;
    for (const std::vector<HeatmapData> &row : rows) {
        columns = std::max(columns, int(row.size()));
        panels.insert(panels.end(), row.begin(), row.end());
    }
    // One colour means one weight in every frame of both runs.
    HeatmapDataBuilder::applyColorRange(panels, false);
    return HeatmapFigure::grid(
        panels, options, tr("Attention as it learns: %1").arg(example), columns);
}

} // namespace ae
