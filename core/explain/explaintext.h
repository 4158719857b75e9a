// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explaintext.h
/// An explanation as a readable derivation (Markdown or LaTeX), for the drill-down, the
/// command line and worksheets. Plain text: no widgets.

#include "explain/explain.h"

#include <QString>

namespace ae {

/// How numbers appear in the derivation. Heads, queries, keys and dimensions count from 1, as
/// in every text for people (displayindex.h), wherever the derivation is shown.
struct ExplainTextOptions
{
    int decimals = 4; ///< every number is written with exactly this many decimals
};

/// @p value with exactly @p decimals decimals, without a minus sign on a rounded zero.
QString formatFixed(double value, int decimals);
/// @p text with LaTeX's special characters escaped, for running text (not math); <, > and |
/// become \\textless{}, \\textgreater{} and \\textbar{}, which print right under pdflatex.
QString escapeLatexText(const QString &text);

/// True when @p text holds Chinese, Japanese or Korean characters, which LaTeX prints only with
/// xeCJK (xelatex) or ctex.
bool needsCjkSupport(const QString &text);

/// The derivation as Markdown (results worked out from the written operands, the exact value
/// beside where it differs; see handcheck.h): a table of the terms q_m, k_m and q_m k_m, the dot
/// product, the scaled score, a table of the row's scores and exponentials (masked keys marked),
/// the sum and the weight; for the mean, every head's derivation and the average.
QString explanationToMarkdown(
    const WeightExplanation &explanation, const ExplainTextOptions &options = {});

/// The same derivation as a LaTeX fragment (needs amsmath; tokens go through \\text{}). The
/// header comment says so, and names xeCJK or ctex when a token is Chinese, Japanese or Korean.
/// Every result is worked out from the written operands (handWeightSteps()).
QString explanationToLatex(
    const WeightExplanation &explanation, const ExplainTextOptions &options = {});

} // namespace ae
