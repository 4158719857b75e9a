// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/comparedialog.h"

#include "document/document.h"
#include "document/recentfolders.h"
#include "document/sessionerrortext.h"
#include "export/figureexporter.h"
#include "export/figureview.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <algorithm>

namespace ae {

CompareDialog::CompareDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("compareDialog"));
    m_kindLabel = new QLabel(this);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("compareKindCombo"));
    for (CompareKind kind : { CompareKind::Scaling, CompareKind::CrossDirection, CompareKind::Heads,
             CompareKind::Causal })
        m_kind->addItem(CompareFigure::kindName(kind), int(kind));
    m_kindLabel->setBuddy(m_kind);
    m_viewLabel = new QLabel(this);
    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("compareViewCombo"));
    m_viewLabel->setBuddy(m_view);
    m_headALabel = new QLabel(this);
    m_headA = new QSpinBox(this);
    m_headA->setObjectName(QStringLiteral("compareHeadA"));
    m_headALabel->setBuddy(m_headA);
    m_headBLabel = new QLabel(this);
    m_headB = new QSpinBox(this);
    m_headB->setObjectName(QStringLiteral("compareHeadB"));
    m_headBLabel->setBuddy(m_headB);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("compareNote"));
    m_note->setWordWrap(true);
    m_figure = new FigureView(this);
    m_figure->setObjectName(QStringLiteral("compareFigure"));
    m_figure->installEventFilter(this);
    m_export = new QPushButton(this);
    m_export->setObjectName(QStringLiteral("compareExportButton"));
    m_close = new QPushButton(this);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_kindLabel);
    controls->addWidget(m_kind);
    controls->addSpacing(12);
    for (QWidget *w : std::initializer_list<QWidget *> {
             m_viewLabel, m_view, m_headALabel, m_headA, m_headBLabel, m_headB })
        controls->addWidget(w);
    controls->addStretch(1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_export);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_note);
    layout->addWidget(m_figure, 1);
    layout->addLayout(buttons);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &CompareDialog::recompute);
    connect(m_view, &QComboBox::currentIndexChanged, this, &CompareDialog::recompute);
    connect(m_headA, &QSpinBox::valueChanged, this, &CompareDialog::recompute);
    connect(m_headB, &QSpinBox::valueChanged, this, &CompareDialog::recompute);
    connect(m_export, &QPushButton::clicked, this, &CompareDialog::exportWithDialog);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_document, &Document::errorChanged, this, &CompareDialog::recompute);
    // A lesson's question is open: the panels would give the answer away.
    const auto updateHidden = [this] {
        m_figure->setVisible(!m_document->weightsHidden());
        m_export->setEnabled(!m_document->weightsHidden());
    };
    connect(m_document, &Document::weightsHiddenChanged, this, updateHidden);
    updateHidden();
    connect(m_document, &Document::resultChanged, this, [this] {
        updateControls();
        recompute();
    });

    retranslate();
    updateControls();
    recompute();
    // Wide enough for three panels, never wider than the screen; on a small screen (a
    // projector) nearly all of it.
    const QRect room = screen() ? screen()->availableGeometry() : QRect(0, 0, 1100, 560);
    const bool small = room.height() < 900;
    resize(std::min(small ? room.width() : 1100, room.width() * 95 / 100),
        small ? room.height() * 92 / 100 : std::min(560, room.height() * 9 / 10));
}

CompareSpec CompareDialog::spec() const
{
    CompareSpec s;
    s.kind = CompareKind(m_kind->currentData().toInt());
    s.view = m_view->currentIndex() - 1; // the mean first, then each head
    s.headA = m_headA->value() - 1;
    s.headB = m_headB->value() - 1;
    return s;
}

void CompareDialog::setSpec(const CompareSpec &spec)
{
    {
        const QSignalBlocker a(m_kind), b(m_view), c(m_headA), d(m_headB);
        m_kind->setCurrentIndex(m_kind->findData(int(spec.kind)));
        m_view->setCurrentIndex(std::max(0, spec.view + 1));
        m_headA->setValue(spec.headA + 1);
        m_headB->setValue(spec.headB + 1);
    }
    recompute();
}

void CompareDialog::updateControls()
{
    // Heads offered: those of the session as it is now.
    const int heads = std::max(1, m_document->session().attention.config.heads);
    const QSignalBlocker blocker(m_view);
    const int view = m_view->currentIndex();
    m_view->clear();
    m_view->addItem(tr("Mean of the heads"));
    for (int h = 0; h < heads; ++h)
        m_view->addItem(tr("Head %1").arg(h + 1));
    m_view->setCurrentIndex(std::clamp(view, 0, heads));
    const QSignalBlocker a(m_headA), b(m_headB);
    m_headA->setRange(1, heads);
    m_headB->setRange(1, heads);
    if (m_headA->value() == m_headB->value() && heads > 1)
        m_headB->setValue(m_headA->value() % heads + 1);
}

void CompareDialog::recompute()
{
    const CompareSpec s = spec();
    const bool heads = s.kind == CompareKind::Heads;
    m_viewLabel->setVisible(!heads);
    m_view->setVisible(!heads);
    for (QWidget *w :
        std::initializer_list<QWidget *> { m_headALabel, m_headA, m_headBLabel, m_headB })
        w->setVisible(heads);

    m_result.reset();
    m_problem.clear();
    const Session &session = m_document->session();
    if (const auto &error = m_document->error()) {
        m_problem = SessionErrorText::describe(*error, session);
    } else if (const auto problem = compareProblem(session, s)) {
        m_problem = s.kind == CompareKind::Heads
            ? tr("Comparing heads needs a session with at least two heads.")
            : SessionErrorText::describe(*problem, compareVariant(session, s.kind));
        if (s.kind == CompareKind::CrossDirection
            && !problem->path.startsWith(QLatin1String("view"))
            && session.attention.queryFrom == session.attention.keyValueFrom)
            m_problem = tr("Queries and keys/values come from the same sequence, so there is no "
                           "reverse direction to compare.");
    } else {
        m_result = compareSessions(session, s);
    }
    if (m_result) {
        showFigure();
        m_note->setText(
            tr("B is a copy of the session with one setting changed. Blue in the difference: "
               "A gives less weight than B; red: more."));
    } else {
        m_figure->setPlaceholder(m_problem);
        m_note->setText(m_problem);
    }
    m_export->setEnabled(m_result.has_value() && !m_document->weightsHidden());
}

Figure CompareDialog::figure() const
{
    if (!m_result)
        return {};
    FigureOptions options;
    return CompareFigure::make(CompareFigure::panels(*m_result, spec().kind), options);
}

Figure CompareDialog::screenFigure() const
{
    if (!m_result)
        return {};
    // The panels fill the view: laid out at the view's size divided by the zoom, then drawn
    // at the zoom, so that the text grows with it and the cells take the rest.
    FigureOptions options;
    const QSize room = m_figure->size();
    options.size = QSize(
        std::clamp(int(room.width() / m_zoom), FigureOptions::minSide * 3, FigureOptions::maxSide),
        std::clamp(
            int(room.height() / m_zoom), FigureOptions::minSide * 2, FigureOptions::maxSide));
    return CompareFigure::fitted(CompareFigure::panels(*m_result, spec().kind), options);
}

void CompareDialog::showFigure()
{
    if (!m_result)
        return;
    m_figure->setZoom(m_zoom);
    m_figure->setFigure(screenFigure());
}

void CompareDialog::setZoom(double zoom)
{
    if (zoom <= 0.0)
        return;
    m_zoom = zoom;
    showFigure();
}

bool CompareDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_figure && event->type() == QEvent::Resize)
        showFigure();
    return QDialog::eventFilter(watched, event);
}

bool CompareDialog::exportTo(const QString &fileName)
{
    if (!m_result)
        return false;
    if (const QString problem = FigureExporter::formatProblem(fileName); !problem.isEmpty()) {
        m_note->setText(problem);
        return false;
    }
    const auto outcome = FigureExporter::write(figure(), fileName, 192);
    m_note->setText(outcome.ok()
            ? tr("Exported the comparison to %1.").arg(QDir::toNativeSeparators(fileName))
            : outcome.message);
    return outcome.ok();
}

void CompareDialog::exportWithDialog()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString stem = QStringLiteral("compare-") + compareKindKey(spec().kind);
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Comparison"),
        RecentFolders::suggestion(RecentFolders::figure, stem + QStringLiteral(".svg"), dir),
        tr("SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)"));
    RecentFolders::remember(RecentFolders::figure, file);
    if (!file.isEmpty())
        exportTo(file);
}

void CompareDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        updateControls();
        recompute();
    }
    QDialog::changeEvent(event);
}

void CompareDialog::retranslate()
{
    setWindowTitle(tr("Compare Configurations"));
    m_kindLabel->setText(tr("C&ompare:"));
    for (int i = 0; i < m_kind->count(); ++i)
        m_kind->setItemText(i, CompareFigure::kindName(CompareKind(m_kind->itemData(i).toInt())));
    m_viewLabel->setText(tr("&View:"));
    m_headALabel->setText(tr("Head &A:"));
    m_headBLabel->setText(tr("Head &B:"));
    m_export->setText(tr("&Export\u2026"));
    m_close->setText(tr("Close"));
}

} // namespace ae
