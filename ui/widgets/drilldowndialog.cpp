// SPDX-License-Identifier: GPL-3.0-or-later
#include "drilldowndialog.h"

#include "document.h"
#include "explaintext.h"

#include <QEvent>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ae {

DrillDownDialog::DrillDownDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("drillDownDialog"));
    setModal(false);
    m_browser->setObjectName(QStringLiteral("drillDownText"));
    m_browser->setOpenLinks(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    resize(560, 640);
    connect(m_document, &Document::resultChanged, this, &DrillDownDialog::refresh);
    retranslate();
}

void DrillDownDialog::explain(int head, int query, int key, int decimals)
{
    m_request = ExplainRequest { head, query, key };
    m_decimals = std::clamp(decimals, 1, 10);
    refresh();
    show();
    raise();
}

QString DrillDownDialog::weightText() const
{
    return m_explanation ? formatFixed(m_explanation->weight, m_decimals) : QString();
}

void DrillDownDialog::setZoom(double factor)
{
    m_zoom = factor;
    QFont f = m_browser->font();
    f.setPointSizeF(10.0 * factor);
    m_browser->setFont(f);
    m_browser->document()->setDefaultFont(f);
}

void DrillDownDialog::refresh()
{
    m_explanation.reset();
    m_markdown.clear();
    if (m_request && m_document->hasResult()) {
        const Session &session = m_document->resultSession();
        // An edit may have removed the head or token; then there is nothing to explain.
        if (!checkExplainRequest(session, *m_request)) {
            m_explanation = explainWeight(session, m_document->result(), *m_request);
            ExplainTextOptions options;
            options.decimals = m_decimals;
            options.firstIndex = 1;
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
    refresh();
}

void DrillDownDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace ae
