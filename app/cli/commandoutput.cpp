// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandoutput.h"

#include "attention/resultjson.h"
#include "explain/explain.h"
#include "explain/explainjson.h"
#include "explain/explaintext.h"
#include "scaling/entropyjson.h"
#include "session/sessioncompute.h"

#include <QJsonDocument>
#include <utility>

namespace ae {

QByteArray computeOutput(const Session &session, const ComputeOptions &options)
{
    const AttentionResult result = computeSession(session);
    QJsonObject o = attentionResultToJson(session, result);
    if (options.projections)
        o.insert(QStringLiteral("projections"), projectionsToJson(session));
    if (options.qkv)
        o.insert(QStringLiteral("qkv"), qkvToJson(result));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<SessionError> explainOptionsProblem(
    const Session &session, const ExplainOptions &options)
{
    const std::pair<ExplainField, std::optional<int>> indices[] = {
        { ExplainField::Head, options.mean ? std::optional<int>() : options.head },
        { ExplainField::Query, options.query },
        { ExplainField::Key, options.key },
    };
    for (const auto &[field, value] : indices) {
        if (!value)
            continue;
        if (auto error = checkExplainIndex(session, field, *value))
            return error;
    }
    return std::nullopt;
}

QByteArray explainOutput(const Session &session, const ExplainOptions &options)
{
    ExplainRequest request;
    request.head = options.mean ? ExplainRequest::meanOfHeads : options.head;
    request.query = options.query;
    request.key = options.key;
    const WeightExplanation e = explainWeight(session, request);
    ExplainTextOptions text;
    text.decimals = options.decimals;
    if (options.format == u"markdown")
        return explanationToMarkdown(e, text).toUtf8();
    if (options.format == u"latex")
        return explanationToLatex(e, text).toUtf8();
    return QJsonDocument(explanationToJson(e)).toJson(QJsonDocument::Indented);
}

QByteArray entropyOutput(const EntropyExperimentConfig &config, const std::function<bool()> &poll)
{
    return QJsonDocument(entropyResultToJson(runEntropyExperiment(config, poll)))
        .toJson(QJsonDocument::Indented);
}

} // namespace ae
