// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/copyascontroller.h"

#include "document/document.h"
#include "language/retranslator.h"
#include "session/displayindex.h"

#include <QAction>
#include <QMenu>

namespace ae {

namespace {

QStringList dimensionLabels(int count)
{
    QStringList labels;
    for (int i = 1; i <= count; ++i)
        labels << QString::number(i);
    return labels;
}

const CopyAsController::MatrixKind allKinds[]
    = { CopyAsController::MatrixKind::Weights, CopyAsController::MatrixKind::Scores,
          CopyAsController::MatrixKind::Query, CopyAsController::MatrixKind::Key,
          CopyAsController::MatrixKind::Value, CopyAsController::MatrixKind::Output };

} // namespace

CopyAsController::CopyAsController(
    Document *document, std::function<int()> selectedView, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_selectedView(std::move(selectedView))
{
}

std::vector<LabelledMatrix> CopyAsController::matrices(MatrixKind kind) const
{
    std::vector<LabelledMatrix> out;
    if (!m_document->hasResult())
        return out;
    const Session &session = m_document->resultSession();
    const AttentionResult &result = m_document->result();
    const int heads = int(result.heads.size());
    int view = m_selectedView ? m_selectedView() : -1;
    if (view >= heads)
        view = -1;
    const QStringList queries = session.querySequence().tokens;
    const QStringList keys = session.keyValueSequence().tokens;

    LabelledMatrix m;
    switch (kind) {
    case MatrixKind::Weights:
        m.values = view < 0 ? result.meanWeights : result.heads[size_t(view)].weights;
        m.name = view < 0 ? tr("Attention weights, mean of %1 heads").arg(heads)
                          : tr("Attention weights, head %1 of %2").arg(view + 1).arg(heads);
        m.rowLabels = queries;
        m.columnLabels = keys;
        out.push_back(m);
        break;
    case MatrixKind::Scores:
        // The mean has no scores of its own: every head's, one after the other.
        for (int h = 0; h < heads; ++h) {
            if (view >= 0 && h != view)
                continue;
            LabelledMatrix s;
            s.values = result.scores(h);
            s.visible = result.visible;
            s.name = tr("Scores (q\u00b7k / %1), head %2 of %3")
                         .arg(QString::number(result.scale, 'g', 6))
                         .arg(displayIndex(h))
                         .arg(heads);
            s.rowLabels = queries;
            s.columnLabels = keys;
            out.push_back(s);
        }
        break;
    case MatrixKind::Query:
        m.values = result.q;
        m.name = tr("Q (queries \u00d7 d_model)");
        m.rowLabels = queries;
        m.columnLabels = dimensionLabels(int(result.q.cols()));
        out.push_back(m);
        break;
    case MatrixKind::Key:
        m.values = result.k;
        m.name = tr("K (keys \u00d7 d_model)");
        m.rowLabels = keys;
        m.columnLabels = dimensionLabels(int(result.k.cols()));
        out.push_back(m);
        break;
    case MatrixKind::Value:
        m.values = result.v;
        m.name = tr("V (values \u00d7 d_model)");
        m.rowLabels = keys;
        m.columnLabels = dimensionLabels(int(result.v.cols()));
        out.push_back(m);
        break;
    case MatrixKind::Output:
        m.values = result.output;
        m.name = tr("Output (queries \u00d7 d_model)");
        m.rowLabels = queries;
        m.columnLabels = dimensionLabels(int(result.output.cols()));
        out.push_back(m);
        break;
    }
    return out;
}

bool CopyAsController::copy(MatrixKind kind, MatrixClipboard::Format format) const
{
    const std::vector<LabelledMatrix> m = matrices(kind);
    if (m.empty())
        return false;
    MatrixClipboard::copy(m, format);
    return true;
}

QString CopyAsController::menuText(MatrixKind kind) const
{
    const int heads = m_document->hasResult() ? int(m_document->result().heads.size()) : 0;
    int view = m_selectedView ? m_selectedView() : -1;
    if (view >= heads)
        view = -1;
    switch (kind) {
    case MatrixKind::Weights:
        return view < 0 ? tr("&Weights (Mean of Heads)") : tr("&Weights (Head %1)").arg(view + 1);
    case MatrixKind::Scores:
        return view < 0 ? tr("&Scores (Every Head)") : tr("&Scores (Head %1)").arg(view + 1);
    case MatrixKind::Query:
        return tr("&Q");
    case MatrixKind::Key:
        return tr("&K");
    case MatrixKind::Value:
        return tr("&V");
    case MatrixKind::Output:
        return tr("&Output");
    }
    return {};
}

void CopyAsController::fillMenu(QMenu *menu)
{
    m_menu = menu;
    for (const MatrixKind kind : allKinds) {
        QMenu *sub = menu->addMenu(menuText(kind));
        sub->menuAction()->setData(int(kind));
        for (const MatrixClipboard::Format format : MatrixClipboard::formats()) {
            QAction *action = sub->addAction(QString());
            Retranslator::bind(action,
                [action, format] { action->setText(MatrixClipboard::displayName(format)); });
            action->setObjectName(QStringLiteral("copyAs_%1_%2").arg(int(kind)).arg(int(format)));
            if (kind == MatrixKind::Weights && format == MatrixClipboard::Format::Tsv)
                action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
            connect(
                action, &QAction::triggered, this, [this, kind, format] { copy(kind, format); });
        }
    }
    // The shown view and the result change: the texts and enabled state follow on opening.
    connect(menu, &QMenu::aboutToShow, this, &CopyAsController::updateMenu);
    // ... and the language: the submenus are named at once.
    Retranslator::bind(menu, [this] { updateMenu(); });
}

void CopyAsController::updateMenu()
{
    if (!m_menu)
        return;
    const bool enabled = m_document->hasResult();
    for (QAction *action : m_menu->actions()) {
        if (!action->menu())
            continue;
        action->setText(menuText(MatrixKind(action->data().toInt())));
        action->setEnabled(enabled);
    }
}

} // namespace ae
