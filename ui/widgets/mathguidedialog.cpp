// SPDX-License-Identifier: GPL-3.0-or-later
#include "mathguidedialog.h"

#include "computationsteps.h"

#include <QEvent>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace ae {

namespace {

/// The link scheme of "show this step" links: step:N.
const QString stepScheme = QStringLiteral("step");

} // namespace

MathGuideDialog::MathGuideDialog(QWidget *parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("mathGuideDialog"));
    setModal(false);
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == stepScheme)
            emit stepRequested(url.path().toInt());
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    resize(620, 700);
    retranslate();
}

QString MathGuideDialog::html()
{
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(tr("The math of multi-head attention"));
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("Rows are tokens. The queries come from one sequence (Lq tokens), the keys "
                     "and values from one sequence (Lk tokens). Every matrix multiplies row "
                     "vectors from the right, as in the textbooks."));
    h += QStringLiteral("<pre>Q = X_q · W_q + b_q      K = X_kv · W_k + b_k      V = X_kv · W_v + "
                        "b_v</pre>");
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("With H heads each head has d_k = d_model / H columns. The scale s is "
                     "√d_k unless the session says otherwise."));
    const std::vector<ComputationStep> steps = ComputationSteps::all();
    for (size_t i = 0; i < steps.size(); ++i) {
        h += QStringLiteral("<h3>%1. %2</h3>")
                 .arg(i + 1)
                 .arg(ComputationSteps::title(steps[i]).toHtmlEscaped());
        h += QStringLiteral("<pre>%1</pre>")
                 .arg(ComputationSteps::formula(steps[i]).toHtmlEscaped());
        h += QStringLiteral("<p>%1 <a href=\"%2:%3\">%4</a></p>")
                 .arg(ComputationSteps::explanation(steps[i]).toHtmlEscaped(), stepScheme)
                 .arg(i)
                 .arg(tr("Show this step").toHtmlEscaped());
    }
    h += QStringLiteral("<h3>%1</h3>").arg(tr("One weight by hand"));
    h += QStringLiteral("<pre>score_j = (Σ_m q_m · k_jm) / s\nweight_j = exp(score_j − max) / "
                        "Σ_i exp(score_i − max)</pre>");
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("Subtracting the row's largest score changes no weight but keeps exp() "
                     "from overflowing. A masked key takes no part; a query that sees no key "
                     "gets weights of 0. Click any heatmap cell to see its weight made this "
                     "way. The mean view averages the heads' weights: (A_1 + … + A_H) / H.")
                      .toHtmlEscaped());
    return h;
}

void MathGuideDialog::retranslate()
{
    setWindowTitle(tr("The Math"));
    m_browser->setHtml(html());
}

void MathGuideDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace ae
