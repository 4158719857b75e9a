// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/messagebar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace ae {

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_label(new QLabel(this))
    , m_actionButton(new QPushButton(this))
    , m_closeButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_closeButton->setAutoRaise(true);
    m_closeButton->setToolTip(tr("Hide this message"));
    m_closeButton->setAccessibleName(tr("Hide this message"));
    m_closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_closeButton->hide();
    m_actionButton->setObjectName(QStringLiteral("messageAction"));
    m_actionButton->hide();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->setSpacing(8);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_actionButton, 0, Qt::AlignTop);
    layout->addWidget(m_closeButton, 0, Qt::AlignTop);

    connect(m_closeButton, &QToolButton::clicked, this, [this] {
        clearMessage();
        emit closed();
    });
    connect(m_actionButton, &QPushButton::clicked, this, &MessageBar::actionTriggered);
    hide();
}

void MessageBar::setAction(const QString &text)
{
    m_actionButton->setText(text);
    m_actionButton->setVisible(!text.isEmpty());
}

QString MessageBar::actionText() const
{
    return m_actionButton->isHidden() ? QString() : m_actionButton->text();
}

void MessageBar::showMessage(Kind kind, const QString &text, bool closable)
{
    const bool changed = kind != m_kind || text != m_text;
    m_kind = kind;
    m_text = text;
    m_label->setText(text);
    m_closeButton->setVisible(closable);
    applyStyle();
    setVisible(!text.isEmpty());
    if (changed && !text.isEmpty())
        emit messageShown(kind, text);
}

void MessageBar::clearMessage()
{
    m_text.clear();
    m_label->clear();
    hide();
}

QString MessageBar::text() const
{
    return m_text;
}

void MessageBar::markInvalid(QWidget *field, bool invalid, const QString &reason)
{
    // The normal tooltip is kept in a property so that clearing restores it.
    const char *savedTip = "ae_normalToolTip";
    const char *marked = "ae_invalid";
    if (invalid) {
        if (!field->property(marked).toBool())
            field->setProperty(savedTip, field->toolTip());
        field->setProperty(marked, true);
        QPalette palette = field->palette();
        palette.setColor(QPalette::Base, QColor(0xfd, 0xe7, 0xe7));
        palette.setColor(QPalette::Button, QColor(0xfd, 0xe7, 0xe7));
        field->setPalette(palette);
        field->setToolTip(reason);
    } else if (field->property(marked).toBool()) {
        field->setProperty(marked, false);
        field->setPalette(QPalette());
        field->setToolTip(field->property(savedTip).toString());
    }
}

void MessageBar::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateIcon();
}

void MessageBar::applyStyle()
{
    // Soft tints that keep black text readable in light themes; the frame carries the colour.
    QColor background;
    QColor border;
    switch (m_kind) {
    case Kind::Error:
        background = QColor(0xfd, 0xe7, 0xe7);
        border = QColor(0xc6, 0x28, 0x28);
        break;
    case Kind::Warning:
        background = QColor(0xff, 0xf4, 0xd6);
        border = QColor(0xc7, 0x8a, 0x00);
        break;
    case Kind::Information:
        background = QColor(0xe3, 0xef, 0xfb);
        border = QColor(0x1e, 0x6f, 0xc8);
        break;
    }
    setStyleSheet(QStringLiteral("ae--MessageBar { background: %1; border: 1px solid %2; "
                                 "border-radius: 4px; } QLabel { color: #1a1a1a; }")
                      .arg(background.name(), border.name()));
    updateIcon();
}

void MessageBar::updateIcon()
{
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    if (m_kind == Kind::Error)
        icon = QStyle::SP_MessageBoxCritical;
    else if (m_kind == Kind::Warning)
        icon = QStyle::SP_MessageBoxWarning;
    const int size = fontMetrics().height();
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
}

} // namespace ae
