// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/liveregion.h"

#include "language/languagemanager.h"

#include <QEvent>

namespace ae {

LiveRegion::LiveRegion(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("liveRegion"));
    setTextFormat(Qt::PlainText);
    // Not in any layout: one pixel in the corner, under everything, so that it is "showing"
    // for a screen reader without taking room.
    setFixedSize(1, 1);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    retranslate();
}

QString LiveRegion::oneLine(const QString &text)
{
    return text.simplified();
}

void LiveRegion::announce(const QString &text)
{
    const QString line = oneLine(text);
    if (line.isEmpty())
        return;
    if (line == QLabel::text())
        clear();
    // QLabel tells assistive technology of its new name (NameChanged) while it has no
    // accessible name of its own, which this line never has.
    setText(line);
    m_language = LanguageManager::currentChoice();
}

void LiveRegion::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
}

void LiveRegion::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // What was told in the language left behind is old news, and no longer true of the
        // screen: it goes, silently (clearing sends no NameChanged). What the window has
        // already told again in the new language (a message bar's error) stays.
        if (m_language != LanguageManager::currentChoice())
            clear();
    }
    QLabel::changeEvent(event);
}

void LiveRegion::retranslate()
{
    setAccessibleDescription(tr("Announcements: lesson steps, answers and errors"));
}

} // namespace ae
