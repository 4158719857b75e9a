// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/projectioneditor.h"

#include "language/retranslator.h"
#include "session/numberdelegate.h"
#include "session/projectionmatrixmodel.h"
#include "session/sequencerole.h"
#include "session/sessionvalidator.h"
#include "window/messagebar.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace ae {

namespace {

QTableView *makeView(ProjectionMatrixModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setItemDelegate(new NumberDelegate(view));
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
        | QAbstractItemView::AnyKeyPressed);
    view->setWordWrap(false);
    // One stop in the tab order: Tab leaves the matrix, the arrow keys move between its cells.
    view->setTabKeyNavigation(false);
    view->horizontalHeader()->setDefaultSectionSize(
        view->fontMetrics().horizontalAdvance(QStringLiteral("-0.0000")) + 12);
    // Fixed row heights: sizing to contents measures every cell's text on each change.
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(
        std::max(view->verticalHeader()->defaultSectionSize(), view->fontMetrics().height() + 8));
    return view;
}

} // namespace

ProjectionEditor::ProjectionEditor(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_tabs(new QTabWidget(this))
    , m_modeLabel(new QLabel(this))
    , m_message(new MessageBar(this))
{
    setObjectName(QStringLiteral("projectionEditor"));
    setModal(false);

    auto *formula = new QLabel(this);
    Retranslator::bind(this, [this, formula] {
        setWindowTitle(tr("Projection Matrices"));
        formula->setText(tr("Q = X_q·W_q + b_q      K = X_kv·W_k + b_k      V = X_kv·W_v + b_v\n"
                            "output = [head₁ … head_h]·W_o + b_o"));
    });
    formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modeLabel->setWordWrap(true);

    const ProjectionPart matrices[]
        = { ProjectionPart::Wq, ProjectionPart::Wk, ProjectionPart::Wv, ProjectionPart::Wo };
    const ProjectionPart biases[]
        = { ProjectionPart::Bq, ProjectionPart::Bk, ProjectionPart::Bv, ProjectionPart::Bo };
    const QString titles[] = { tr("W_q"), tr("W_k"), tr("W_v"), tr("W_o") };
    for (int i = 0; i < 4; ++i) {
        auto *page = new QWidget(m_tabs);
        auto *layout = new QVBoxLayout(page);
        m_shapeLabels[i] = new QLabel(page);
        m_shapeLabels[i]->setWordWrap(true);
        const int m = static_cast<int>(matrices[i]);
        const int b = static_cast<int>(biases[i]);
        m_models[m] = new ProjectionMatrixModel(m_document, matrices[i], this);
        m_models[b] = new ProjectionMatrixModel(m_document, biases[i], this);
        m_views[m] = makeView(m_models[m], page);
        m_views[b] = makeView(m_models[b], page);
        m_views[b]->horizontalHeader()->hide();
        const int rowHeight = m_views[b]->verticalHeader()->defaultSectionSize();
        m_views[b]->setFixedHeight(rowHeight + 2 * m_views[b]->frameWidth()
            + m_views[b]->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
        layout->addWidget(m_shapeLabels[i]);
        layout->addWidget(m_views[m], 1);
        auto *biasLabel = new QLabel(page);
        Retranslator::bind(biasLabel, [biasLabel] { biasLabel->setText(tr("Bias:")); });
        layout->addWidget(biasLabel);
        layout->addWidget(m_views[b]);
        m_tabs->addTab(page, titles[i]);
        for (ProjectionMatrixModel *model : { m_models[m], m_models[b] }) {
            connect(
                model, &ProjectionMatrixModel::inputRejected, this, [this](const QString &text) {
                    m_message->showMessage(MessageBar::Kind::Error, text, true);
                });
            connect(
                model, &ProjectionMatrixModel::inputAccepted, m_message, &MessageBar::clearMessage);
        }
    }

    // A refused entry is old news once the session changes.
    connect(m_document, &Document::sessionChanged, m_message, &MessageBar::clearMessage);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::hide);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(formula);
    layout->addWidget(m_modeLabel);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    resize(620, 460);

    connect(m_document, &Document::sessionChanged, this, [this] {
        if (isVisible())
            followDocument();
    });
    // The mode and shape lines are written by followDocument() in the language of the moment.
    Retranslator::bind(this, [this] { followDocument(); });
}

ProjectionMatrixModel *ProjectionEditor::model(ProjectionPart part) const
{
    return m_models[static_cast<size_t>(part)];
}

QTableView *ProjectionEditor::view(ProjectionPart part) const
{
    return m_views[static_cast<size_t>(part)];
}

void ProjectionEditor::showEvent(QShowEvent *event)
{
    followDocument();
    QDialog::showEvent(event);
}

void ProjectionEditor::followDocument()
{
    const Session &s = m_document->session();
    const Projections &current = s.attention.projections;
    // Explicit matrices are shown as they are, not copied (at d_model 1024 a copy is 32 MB on
    // every edit while the editor is open); the others are made for the editor.
    std::optional<Projections> made;
    if (current.mode != ProjectionMode::Explicit)
        made = explicitProjectionsFor(s);
    const Projections &shown = made ? *made : current;
    const int dModel = s.attention.config.dModel;
    const int heads = s.attention.config.heads;
    const int dK = headWidth(dModel, heads);

    switch (current.mode) {
    case ProjectionMode::Identity:
        m_modeLabel->setText(tr("Identity projections are in use. Typing a number switches to "
                                "explicit matrices that start from these (identity where the "
                                "shapes allow, zeros elsewhere)."));
        break;
    case ProjectionMode::Random:
        m_modeLabel->setText(tr("Random projections (seed %1) are in use. Typing a number switches "
                                "to explicit matrices that start from these.")
                                 .arg(current.seed));
        break;
    case ProjectionMode::Explicit:
        m_modeLabel->setText(tr("Explicit projections are in use. Each typed number is one undo "
                                "step."));
        break;
    }

    const auto bias = [dModel](const Eigen::RowVectorXd &b) {
        return b.size() == dModel ? Eigen::MatrixXd(b)
                                  : Eigen::MatrixXd(Eigen::MatrixXd::Zero(1, std::max(dModel, 0)));
    };
    model(ProjectionPart::Wq)->setValues(shown.wq, dK);
    model(ProjectionPart::Wk)->setValues(shown.wk, dK);
    model(ProjectionPart::Wv)->setValues(shown.wv, dK);
    model(ProjectionPart::Wo)->setValues(shown.wo, 0);
    model(ProjectionPart::Bq)->setValues(bias(shown.bq), dK);
    model(ProjectionPart::Bk)->setValues(bias(shown.bk), dK);
    model(ProjectionPart::Bv)->setValues(bias(shown.bv), dK);
    model(ProjectionPart::Bo)->setValues(bias(shown.bo), 0);

    const QString q = RoleLabel::text(s.attention.queryFrom);
    const QString kv = RoleLabel::text(s.attention.keyValueFrom);
    const int dq = s.querySequence().width();
    const int dkv = s.keyValueSequence().width();
    const QString heads_ = dK > 0 ? tr("Columns are cut into %1 heads of d_k = %2 (tinted "
                                       "alternately).")
                                        .arg(heads)
                                        .arg(dK)
                                  : QString();
    m_shapeLabels[0]->setText(tr("W_q: %1 rows (the %2 width) × %3 columns (d_model). %4")
                                  .arg(dq)
                                  .arg(q)
                                  .arg(dModel)
                                  .arg(heads_));
    m_shapeLabels[1]->setText(tr("W_k: %1 rows (the %2 width) × %3 columns (d_model). %4")
                                  .arg(dkv)
                                  .arg(kv)
                                  .arg(dModel)
                                  .arg(heads_));
    m_shapeLabels[2]->setText(tr("W_v: %1 rows (the %2 width) × %3 columns (d_model). %4")
                                  .arg(dkv)
                                  .arg(kv)
                                  .arg(dModel)
                                  .arg(heads_));
    m_shapeLabels[3]->setText(tr("W_o: %1 × %1 (d_model × d_model); it mixes the heads' "
                                 "outputs.")
                                  .arg(dModel));
}

} // namespace ae
