// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonhandout.h"

#include "computation/computationsteps.h"
#include "export/exportsource.h"
#include "export/figureexporter.h"
#include "export/painterfigurerenderer.h"
#include "heatmap/heatmapfigure.h"
#include "io/atomicfilewriter.h"
#include "lesson/lessonclaimevaluator.h"
#include "scaling/scalinglabfigure.h"
#include "session/sessioncompute.h"
#include "training/trainingcurvesfigure.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextDocument>
#include <algorithm>
#include <functional>
#include <optional>

namespace ae {

namespace {

/// "A", "B", ... for the options of a multiple choice.
QString headName(int head)
{
    return head == LessonView::meanOfHeads ? LessonHandout::tr("the mean of the heads")
                                           : LessonHandout::tr("head %1").arg(head + 1);
}

/// The question as the class reads it: the prompt, what it is about and where to answer.
QString questionMarkdown(const ResolvedLessonStep &step, bool chinese)
{
    const LessonQuestion &q = *step.question;
    QString text
        = QStringLiteral("**%1** %2\n\n").arg(LessonHandout::tr("Question:"), q.prompt.in(chinese));
    const QStringList &queries = step.session.querySequence().tokens;
    const QStringList &keys = step.session.keyValueSequence().tokens;
    switch (q.kind) {
    case LessonQuestionKind::Argmax:
        text += LessonHandout::tr("Query “%1”, %2. The key it attends to most: ________")
                    .arg(queries.value(q.query), headName(q.head));
        break;
    case LessonQuestionKind::Weight:
        text += LessonHandout::tr("Query “%1”, key “%2”, %3. The weight (0 to 1): ________")
                    .arg(queries.value(q.query), keys.value(q.key), headName(q.head));
        break;
    case LessonQuestionKind::Direction:
        text += LessonHandout::tr("Query “%1”: rises, falls or stays the same? ________")
                    .arg(queries.value(q.query));
        break;
    case LessonQuestionKind::Choice:
        for (int i = 0; i < static_cast<int>(q.options.size()); ++i)
            text += QStringLiteral("- **%1.** %2\n")
                        .arg(LessonHandout::optionLetter(i),
                            q.options[static_cast<size_t>(i)].in(chinese));
        break;
    }
    return text + QLatin1Char('\n');
}

/// The figure of block step @p step: a question's answer figure, else the step's.
Figure blockFigure(const ResolvedLessonStep &step, LessonClaimEvaluator &runs)
{
    return step.question ? LessonHandout::answerFigure(step, &runs)
                         : LessonHandout::stepFigure(step, &runs);
}

/// The handout as Markdown blocks: each block is text, followed by a figure when figureStep
/// is set.
struct Block
{
    QString markdown;
    int figureStep = -1;
};

std::vector<Block> handoutBlocks(
    const ResolvedLesson &lesson, bool chinese, LessonClaimEvaluator &claims)
{
    std::vector<Block> blocks;
    blocks.push_back({ QStringLiteral("# %1\n\n").arg(lesson.title.in(chinese)) });
    // The numbers a caption shows are its claims' computed values.
    std::vector<std::vector<LessonClaimResult>> results;
    for (size_t i = 0; i < lesson.steps.size(); ++i)
        results.push_back(lesson.steps[i].claims.empty() ? std::vector<LessonClaimResult>()
                                                         : claims.evaluate(lesson, int(i)));
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const ResolvedLessonStep &step = lesson.steps[i];
        const QString caption
            = LessonClaimEvaluator::fillIn(step.caption, step, results[i]).in(chinese);
        Block block {
            QStringLiteral("## %1\n\n%2\n\n").arg(LessonHandout::tr("Step %1").arg(i + 1), caption)
        };
        // A question's figure would give its answer away: it goes to the answer page.
        if (step.question)
            block.markdown += questionMarkdown(step, chinese);
        else
            block.figureStep = static_cast<int>(i);
        blocks.push_back(block);
    }
    blocks.push_back({ QStringLiteral("# %1\n\n").arg(LessonHandout::tr("Answers")) });
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const ResolvedLessonStep &step = lesson.steps[i];
        if (!step.question)
            continue;
        QString answer
            = QStringLiteral("**%1** %2\n\n")
                  .arg(LessonHandout::tr("Step %1:").arg(i + 1), LessonHandout::answerText(step));
        if (!step.question->explanation.isEmpty())
            answer += LessonClaimEvaluator::fillIn(step.question->explanation, step, results[i])
                          .in(chinese)
                + QStringLiteral("\n\n");
        blocks.push_back({ answer, static_cast<int>(i) });
    }
    return blocks;
}

QString figureFileName(int step)
{
    return QStringLiteral("step-%1.svg").arg(step + 1, 2, 10, QLatin1Char('0'));
}

bool writeMarkdown(const ResolvedLesson &lesson, const QString &fileName, bool chinese,
    QString *error, const std::function<void()> &onStep)
{
    const QFileInfo info(fileName);
    const QString folderName = info.completeBaseName() + QStringLiteral("-figures");
    QDir folder(info.absoluteDir().filePath(folderName));
    const bool made = !folder.exists();
    if (made && !QDir().mkpath(folder.path())) {
        *error = folder.path() + QStringLiteral(": ") + LessonHandout::tr("cannot make the folder");
        return false;
    }
    // A failed handout leaves no folder of its own behind (an older one stays as it was).
    const auto fail = [&](const QString &message) {
        *error = message;
        if (made)
            folder.removeRecursively();
        return false;
    };
    QString text;
    LessonClaimEvaluator runs;
    runs.setOnStep(onStep);
    for (const Block &block : handoutBlocks(lesson, chinese, runs)) {
        text += block.markdown;
        if (block.figureStep < 0)
            continue;
        const QString svg = figureFileName(block.figureStep);
        const FigureExporter::Outcome outcome = FigureExporter::write(
            blockFigure(lesson.steps[static_cast<size_t>(block.figureStep)], runs),
            folder.filePath(svg), 96);
        if (!outcome.ok())
            return fail(outcome.message);
        text += QStringLiteral("![](%1/%2)\n\n").arg(folderName, svg);
    }
    QString why;
    if (!AtomicFileWriter::write(fileName, text.toUtf8(), &why))
        return fail(fileName + QStringLiteral(": ") + why);
    return true;
}

/// Replaces the PDF's creation date by a fixed one, so that the same handout gives the same
/// bytes.
void fixCreationDate(QByteArray &pdf)
{
    static const QRegularExpression stamp(QStringLiteral("/CreationDate \\(D:[^)]*\\)"));
    const QRegularExpressionMatch m = stamp.match(QString::fromLatin1(pdf));
    if (!m.hasMatch())
        return;
    QByteArray fixed = "/CreationDate (D:20000101000000";
    fixed = fixed.leftJustified(m.capturedLength() - 1, ' ', true) + ')';
    pdf.replace(m.capturedStart(), m.capturedLength(), fixed);
}

} // namespace

Figure LessonHandout::stepFigure(const ResolvedLessonStep &step, LessonClaimEvaluator *runs)
{
    const Session &session = step.session;
    FigureOptions options;
    if (step.view.training) {
        // The curves of the very runs the captions' claims were computed from.
        LessonClaimEvaluator own;
        LessonClaimEvaluator &trained = runs ? *runs : own;
        const RunConfig &config = *step.view.training;
        return TrainingCurvesFigure::makeTwins(
            config, trained.history(config, false), trained.history(config, true), options);
    }
    if (const auto panel = ScalingLabFigure::panelFromName(step.view.scalingPanel)) {
        const EntropyExperimentResult result = runEntropyExperiment(session.scaling);
        return ScalingLabFigure::make(
            *panel, result, session.scaling, headWidth(session.attention.config), options);
    }
    ExportSource source = ExportSource::fromResult(session, computeSession(session), false);
    source.selectedView = step.view.head;
    return source.figure(step.view.heatmap == LessonHeatmap::Lines ? ExportSource::What::Lines
                                                                   : ExportSource::What::Heatmap,
        options);
}

Figure LessonHandout::answerFigure(const ResolvedLessonStep &step, LessonClaimEvaluator *runs)
{
    // The computation view's steps after the softmax, by their lesson names.
    static const std::vector<std::pair<QString, ComputationStep>> afterSoftmax {
        { QStringLiteral("head_output"), ComputationStep::HeadOutput },
        { QStringLiteral("concat"), ComputationStep::Concat },
        { QStringLiteral("output"), ComputationStep::Output },
    };
    const auto it = std::find_if(afterSoftmax.begin(), afterSoftmax.end(),
        [&step](const auto &entry) { return entry.first == step.view.computationStep; });
    if (step.view.training || it == afterSoftmax.end())
        return stepFigure(step, runs);
    const Session &session = step.session;
    const AttentionResult result = computeSession(session);
    const int head = std::max(0, step.view.head);
    const std::vector<LabelledMatrix> matrices
        = ComputationSteps::matrices(session, result, head, it->second);
    if (matrices.empty())
        return stepFigure(step, runs);
    const LabelledMatrix &m = matrices.front();
    HeatmapData data;
    data.values = m.values;
    data.rowLabels = m.rowLabels;
    data.columnLabels = m.columnLabels;
    data.title = ComputationSteps::title(it->second);
    data.valueName = m.name;
    data.markRowMaxima = false;
    data.rowAxisTitle = tr("queries");
    data.columnAxisTitle = tr("columns of %1").arg(m.name);
    data.minimum = m.values.size() > 0 ? m.values.minCoeff() : 0.0;
    data.maximum = m.values.size() > 0 ? m.values.maxCoeff() : 1.0;
    if (data.maximum <= data.minimum)
        data.maximum = data.minimum + 1.0;
    return HeatmapFigure::single(data, FigureOptions());
}

QString LessonHandout::optionLetter(int index)
{
    return QString(QChar(u'A' + index));
}

QString LessonHandout::answerText(const ResolvedLessonStep &step)
{
    if (!step.question)
        return QString();
    const LessonAnswer &a = step.answer;
    const LessonQuestion &q = *step.question;
    switch (q.kind) {
    case LessonQuestionKind::Argmax:
        return tr("key %1 (“%2”), weight %3")
            .arg(a.index + 1)
            .arg(step.session.keyValueSequence().tokens.value(a.index))
            .arg(a.value, 0, 'f', 4);
    case LessonQuestionKind::Weight:
        return QString::number(a.value, 'f', 4);
    case LessonQuestionKind::Direction: {
        const QString from = QString::number(a.before, 'f', 4);
        const QString to = QString::number(a.after, 'f', 4);
        switch (a.direction) {
        case LessonDirection::Rises:
            return tr("rises, from %1 to %2").arg(from, to);
        case LessonDirection::Falls:
            return tr("falls, from %1 to %2").arg(from, to);
        case LessonDirection::Unchanged:
            break;
        }
        return tr("stays the same (%1)").arg(from);
    }
    case LessonQuestionKind::Choice:
        break;
    }
    return optionLetter(a.index);
}

QByteArray LessonHandout::toPdf(
    const ResolvedLesson &lesson, bool chinese, const std::function<void()> &onStep)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("Attention Explorer"));
        pdf.setTitle(lesson.title.in(chinese));
        // 96 units per inch, as the figures: painter coordinates are CSS pixels.
        pdf.setResolution(96);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
            QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter));
        QPainter painter(&pdf);
        const double width = pdf.width();
        const double height = pdf.height();
        double y = 0;
        auto reserve = [&](double h) {
            if (y > 0 && y + h > height) {
                pdf.newPage();
                y = 0;
            }
        };
        LessonClaimEvaluator runs;
        runs.setOnStep(onStep);
        for (const Block &block : handoutBlocks(lesson, chinese, runs)) {
            if (block.markdown.startsWith(QLatin1String("# ")) && y > 0) {
                pdf.newPage(); // the answers start on a page of their own
                y = 0;
            }
            // Captions were checked at load: no images, no HTML, nothing to fetch.
            QTextDocument doc;
            doc.setDefaultFont(QFont(QStringLiteral("Sans Serif"), 11));
            doc.setMarkdown(block.markdown);
            doc.setTextWidth(width);
            // A figure stays on the page of the text above it, when both fit on one page.
            std::optional<Figure> figure;
            double scale = 1.0;
            if (block.figureStep >= 0) {
                figure = blockFigure(lesson.steps[static_cast<size_t>(block.figureStep)], runs);
                // Figures wider than the page are scaled down, still as vectors.
                scale = std::min(0.8, width / std::max(1.0, figure->size.width()));
            }
            const double figureHeight = figure ? figure->size.height() * scale : 0.0;
            const double textHeight = doc.size().height();
            reserve(textHeight + figureHeight <= height ? textHeight + figureHeight : textHeight);
            painter.save();
            painter.translate(0, y);
            doc.drawContents(&painter);
            painter.restore();
            y += textHeight;
            if (!figure)
                continue;
            reserve(figureHeight);
            painter.save();
            painter.translate(0, y);
            painter.scale(scale, scale);
            PainterFigureRenderer::render(*figure, painter);
            painter.restore();
            y += figureHeight + 12;
        }
    }
    fixCreationDate(bytes);
    return bytes;
}

bool LessonHandout::write(const ResolvedLesson &lesson, const QString &fileName, bool chinese,
    QString *error, const std::function<void()> &onStep)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("md"))
        return writeMarkdown(lesson, fileName, chinese, error, onStep);
    if (suffix != QLatin1String("pdf")) {
        *error = fileName + QStringLiteral(": ") + tr("the handout must end in .md or .pdf");
        return false;
    }
    QString why;
    if (!AtomicFileWriter::write(fileName, toPdf(lesson, chinese, onStep), &why)) {
        *error = fileName + QStringLiteral(": ") + why;
        return false;
    }
    return true;
}

} // namespace ae
