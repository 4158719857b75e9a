// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/aboutdialog.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtGlobal>

namespace ae {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    m_icon = new QLabel(this);
    m_icon->setPixmap(QIcon(QStringLiteral(":/icons/attention-explorer.svg")).pixmap(64, 64));
    m_icon->setAlignment(Qt::AlignTop);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("aboutText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setOpenExternalLinks(true);
    m_text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_text->setMinimumWidth(440);
    m_close = new QPushButton(this);
    m_close->setDefault(true);
    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);

    auto *body = new QHBoxLayout;
    body->addWidget(m_icon);
    body->addWidget(m_text, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body);
    layout->addLayout(buttons);
    retranslate();
}

QString AboutDialog::text() const
{
    return m_text->text();
}

void AboutDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void AboutDialog::retranslate()
{
    setWindowTitle(tr("About Attention Explorer"));
    m_close->setText(tr("Close"));
    const QString licences
        = QStringLiteral("<table cellspacing=\"4\">"
                         "<tr><td>Attention Explorer</td><td>%1</td></tr>"
                         "<tr><td>Qt %2</td><td>%3</td></tr>"
                         "<tr><td>Eigen</td><td>%4</td></tr>"
                         "<tr><td>QCustomPlot</td><td>%5</td></tr>"
                         "</table>")
              // SPDX licence identifiers: the same in every language.
              .arg(QStringLiteral("GPL-3.0-or-later"), QString::fromLatin1(qVersion()),
                  QStringLiteral("LGPL-3.0-only / GPL-2.0-or-later / GPL-3.0"),
                  QStringLiteral("MPL-2.0"), QStringLiteral("GPL-3.0-only"));
    m_text->setText(
        tr("<h3>Attention Explorer %1</h3>"
           "<p>See how multi-head attention and cross-attention weigh tokens: type a source and "
           "a target sequence, choose where Q and K/V come from, the number of heads, the scale "
           "and the masks, and watch every head's weights.</p>"
           "<p>The numbers follow PyTorch's <code>nn.MultiheadAttention</code> with row vectors: "
           "Q = X·W<sub>q</sub> + b<sub>q</sub>, softmax(Q·K<sup>T</sup> / s + mask)·V.</p>")
            .arg(QStringLiteral(AE_VERSION_STRING))
        + QStringLiteral("<p><b>%1</b></p>").arg(tr("Licences").toHtmlEscaped()) + licences
        + QStringLiteral("<p>%1</p>")
              .arg(tr("This program is free software: you can redistribute it and/or modify it "
                      "under the terms of the GNU General Public License, version 3 or later. "
                      "It comes with no warranty.")
                       .toHtmlEscaped()));
}

} // namespace ae
