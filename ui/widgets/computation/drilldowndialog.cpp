// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/drilldowndialog.h"

#include "document/document.h"
#include "explain/explaintext.h"
#include "plots/textsize.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ae {

namespace {

/// The decimals the control offers: 1 shows the idea, 10 the precision of the double.
constexpr int minDecimals = 1;
constexpr int maxDecimals = 10;

} // namespace

DrillDownDialog::DrillDownDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_decimalsLabel(new QLabel(this))
    , m_decimalsBox(new QSpinBox(this))
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("drillDownDialog"));
    setModal(false);
    m_decimalsBox->setObjectName(QStringLiteral("drillDownDecimals"));
    m_decimalsBox->setRange(minDecimals, maxDecimals);
    m_decimalsBox->setValue(m_decimals);
    m_decimalsLabel->setBuddy(m_decimalsBox);
    m_browser->setObjectName(QStringLiteral("drillDownText"));
    m_browser->setOpenLinks(false);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_decimalsLabel);
    controls->addWidget(m_decimalsBox);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_browser);
    connect(m_decimalsBox, &QSpinBox::valueChanged, this, &DrillDownDialog::setDecimals);
    resize(560, 640);
    connect(m_document, &Document::resultChanged, this, &DrillDownDialog::refresh);
    connect(m_document, &Document::weightsHiddenChanged, this, &DrillDownDialog::refresh);
    retranslate();
}

void DrillDownDialog::explain(int head, int query, int key, int decimals)
{
    m_request = ExplainRequest { head, query, key };
    // The heatmap's decimals, so that the last digits agree, until the user picks others.
    if (!m_decimalsChosen) {
        const QSignalBlocker blocker(m_decimalsBox);
        m_decimals = std::clamp(decimals, minDecimals, maxDecimals);
        m_decimalsBox->setValue(m_decimals);
    }
    refresh();
    show();
    raise();
}

QString DrillDownDialog::weightText() const
{
    return m_explanation ? formatFixed(m_explanation->weight, m_decimals) : QString();
}

void DrillDownDialog::setDecimals(int decimals)
{
    decimals = std::clamp(decimals, minDecimals, maxDecimals);
    m_decimalsChosen = true;
    if (m_decimalsBox->value() != decimals)
        m_decimalsBox->setValue(decimals); // comes back here through valueChanged
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    refresh();
}

void DrillDownDialog::setZoom(double factor)
{
    m_zoom = factor;
    QFont f = m_browser->font();
    f.setPointSizeF(TextSize::points(10.0 * factor));
    m_browser->setFont(f);
    m_browser->document()->setDefaultFont(f);
}

void DrillDownDialog::refresh()
{
    m_explanation.reset();
    m_markdown.clear();
    if (m_document->weightsHidden()) {
        m_browser->setPlainText(tr("The weights are hidden while the lesson's question is open."));
        return;
    }
    if (m_request && m_document->hasResult()) {
        const Session &session = m_document->resultSession();
        // An edit may have removed the head or token; then there is nothing to explain.
        if (!checkExplainRequest(session, *m_request)) {
            m_explanation = explainWeight(session, m_document->result(), *m_request);
            ExplainTextOptions options;
            options.decimals = m_decimals;
            m_markdown = explanationToMarkdown(*m_explanation, options);
        }
    }
    if (m_markdown.isEmpty())
        m_browser->setPlainText(tr("Click a cell of the heatmap, or of the scores or weights in "
                                   "the computation view, to see how its weight is made."));
    else
        m_browser->setMarkdown(m_markdown);
}

void DrillDownDialog::retranslate()
{
    setWindowTitle(tr("How This Weight Is Made"));
    m_decimalsLabel->setText(tr("&Decimals:"));
    m_decimalsBox->setToolTip(tr("Every number is written with this many decimals, and every "
                                 "result is worked out from the numbers as written; where the "
                                 "exact value reads differently, it is shown beside."));
    refresh();
}

void DrillDownDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace ae
