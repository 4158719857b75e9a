// SPDX-License-Identifier: GPL-3.0-or-later
#include "computation/mathguidedialog.h"

#include "computation/computationsteps.h"

#include <QEvent>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

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

QRect MathGuideDialog::placeBeside(
    const QRect &window, const QRect &screen, const QRect &keepClear, const QSize &wanted)
{
    const int height = std::min(wanted.height(), screen.height());
    const int top = std::clamp(window.top(), screen.top(), screen.bottom() - height + 1);
    const int rightRoom = screen.right() - window.right();
    const int leftRoom = window.left() - screen.left();
    if (rightRoom >= besideMinimumWidth)
        return QRect(window.right() + 1, top, std::min(wanted.width(), rightRoom), height);
    if (leftRoom >= besideMinimumWidth) {
        const int width = std::min(wanted.width(), leftRoom);
        return QRect(window.left() - width, top, width, height);
    }
    // No room beside (a full-screen window): the right edge, above what must stay in sight.
    const int width = std::min(wanted.width(), screen.width() / 2);
    const int bottom = keepClear.isValid() && keepClear.top() > screen.top() + besideMinimumHeight
        ? keepClear.top() - 1
        : screen.bottom();
    return QRect(screen.right() - width + 1, screen.top(), width,
        std::min(height, bottom - screen.top() + 1));
}

QString MathGuideDialog::html()
{
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(tr("The math of multi-head attention"));
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("Rows are tokens. The queries come from one sequence (Lq tokens), the keys "
                     "and values from one sequence (Lk tokens). Every matrix multiplies row "
                     "vectors from the right, as in the textbooks."));
    h += QStringLiteral("<p>Q = X<sub>q</sub>&nbsp;W<sub>q</sub> + b<sub>q</sub>, &nbsp;&nbsp; "
                        "K = X<sub>kv</sub>&nbsp;W<sub>k</sub> + b<sub>k</sub>, &nbsp;&nbsp; "
                        "V = X<sub>kv</sub>&nbsp;W<sub>v</sub> + b<sub>v</sub></p>");
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("With H heads each head has d_k = d_model / H columns. The scale s is "
                     "√d_k unless the session says otherwise."));
    const std::vector<ComputationStep> steps = ComputationSteps::all();
    for (size_t i = 0; i < steps.size(); ++i) {
        h += QStringLiteral("<h3>%1. %2</h3>")
                 .arg(i + 1)
                 .arg(ComputationSteps::title(steps[i]).toHtmlEscaped());
        h += ComputationSteps::formulaHtml(steps[i]);
        h += QStringLiteral("<p>%1 <a href=\"%2:%3\">%4</a></p>")
                 .arg(ComputationSteps::explanation(steps[i]).toHtmlEscaped(), stepScheme)
                 .arg(i)
                 .arg(tr("Show this step").toHtmlEscaped());
    }
    h += QStringLiteral("<h3>%1</h3>").arg(tr("One weight by hand"));
    h += ComputationSteps::fractionHtml(QStringLiteral("score<sub>j</sub> ="),
        QStringLiteral("Σ<sub>m</sub> q<sub>m</sub>&nbsp;k<sub>jm</sub>"),
        QStringLiteral("√d<sub>k</sub>"));
    h += ComputationSteps::fractionHtml(QStringLiteral("weight<sub>j</sub> ="),
        QStringLiteral("exp(score<sub>j</sub> − max)"),
        QStringLiteral("Σ<sub>i</sub> exp(score<sub>i</sub> − max)"));
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
