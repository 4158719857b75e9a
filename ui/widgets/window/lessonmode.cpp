// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/lessonmode.h"

#include "computation/computationdock.h"
#include "computation/drilldowndialog.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QPlainTextEdit>
#include <QScreen>
#include <QTextEdit>
#include <cmath>

namespace ae {

namespace {

/// Each zoom step multiplies the fonts by this.
constexpr double zoomStep = 1.25;

/// True when @p w takes typed text, so that arrow keys and Space must stay with it.
bool isTextInput(const QWidget *w)
{
    if (!w)
        return false;
    if (qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w))
        return true;
    if (const auto *t = qobject_cast<const QTextEdit *>(w))
        return !t->isReadOnly();
    if (const auto *t = qobject_cast<const QPlainTextEdit *>(w))
        return !t->isReadOnly();
    return false;
}

/// @p own and the platform's @p standard keys, each once: a key sequence listed twice on one
/// action is ambiguous to Qt and then triggers nothing (Ctrl+- is the standard Zoom Out here).
QList<QKeySequence> distinctShortcuts(QKeyCombination own, QKeySequence::StandardKey standard)
{
    QList<QKeySequence> keys { QKeySequence(own) };
    for (const QKeySequence &key : QKeySequence::keyBindings(standard)) {
        if (!keys.contains(key))
            keys.append(key);
    }
    return keys;
}

} // namespace

LessonMode::LessonMode(
    QMainWindow *window, ComputationDock *computation, DrillDownDialog *drillDown)
    : QObject(window)
    , m_window(window)
    , m_computation(computation)
    , m_drillDown(drillDown)
    , m_zoomIn(new QAction(this))
    , m_zoomOut(new QAction(this))
    , m_contrast(new QAction(this))
    , m_reveal(new QAction(this))
{
    m_baseFontSize = window->font().pointSizeF();
    m_basePixelSize = window->font().pixelSize();
    m_zoomIn->setObjectName(QStringLiteral("zoomInAction"));
    m_zoomIn->setShortcuts(distinctShortcuts(Qt::CTRL | Qt::Key_Equal, QKeySequence::ZoomIn));
    m_zoomOut->setObjectName(QStringLiteral("zoomOutAction"));
    m_zoomOut->setShortcuts(distinctShortcuts(Qt::CTRL | Qt::Key_Minus, QKeySequence::ZoomOut));
    // Wherever the focus is: the step list, a dock, Compare or the drill-down.
    m_zoomIn->setShortcutContext(Qt::ApplicationShortcut);
    m_zoomOut->setShortcutContext(Qt::ApplicationShortcut);
    m_contrast->setObjectName(QStringLiteral("highContrastAction"));
    m_contrast->setCheckable(true);
    m_reveal->setObjectName(QStringLiteral("revealAction"));
    m_reveal->setCheckable(true);
    connect(m_zoomIn, &QAction::triggered, this, &LessonMode::zoomIn);
    connect(m_zoomOut, &QAction::triggered, this, &LessonMode::zoomOut);
    connect(m_contrast, &QAction::toggled, this, &LessonMode::setHighContrast);
    connect(m_reveal, &QAction::toggled, m_computation, &ComputationDock::setRevealMode);
    // Shortcuts work even while the menu bar is hidden in full screen.
    window->addAction(m_zoomIn);
    window->addAction(m_zoomOut);
    retranslate();
    window->installEventFilter(this);
}

void LessonMode::addActions(QMenu *menu)
{
    menu->addAction(m_zoomIn);
    menu->addAction(m_zoomOut);
    menu->addAction(m_contrast);
    menu->addAction(m_reveal);
}

void LessonMode::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    if (on) {
        m_computation->show();
        m_computation->raise();
        qApp->installEventFilter(this);
        const double zoom
            = lessonZoomFor(m_window->screen() ? m_window->screen()->geometry().height() : 0);
        // The content grows with the mode even when the window's zoom stays.
        if (std::abs(zoom - m_zoom) < 1e-9)
            applyZoom();
        setZoom(zoom);
    } else {
        qApp->removeEventFilter(this);
        if (std::abs(m_zoom - 1.0) < 1e-9)
            applyZoom();
        setZoom(1.0);
        m_reveal->setChecked(false);
    }
}

double LessonMode::contentZoom() const
{
    return m_active ? m_zoom * lessonContentScale : m_zoom;
}

double LessonMode::lessonZoomFor(int screenHeight)
{
    if (screenHeight >= 1000)
        return 1.5;
    return screenHeight >= 850 ? 1.25 : 1.0;
}

void LessonMode::setZoom(double zoom)
{
    zoom = std::clamp(zoom, minimumZoom, maximumZoom);
    if (std::abs(zoom - m_zoom) < 1e-9)
        return;
    m_zoom = zoom;
    applyZoom();
}

void LessonMode::zoomIn()
{
    setZoom(m_zoom * zoomStep);
}

void LessonMode::zoomOut()
{
    setZoom(m_zoom / zoomStep);
}

void LessonMode::applyZoom()
{
    QFont f = m_window->font();
    // A platform may size its font in pixels rather than points.
    if (m_baseFontSize > 0)
        f.setPointSizeF(m_baseFontSize * m_zoom);
    else if (m_basePixelSize > 0)
        f.setPixelSize(std::max(1, static_cast<int>(std::lround(m_basePixelSize * m_zoom))));
    m_window->setFont(f);
    m_computation->setZoom(contentZoom());
    m_drillDown->setZoom(contentZoom());
    emit contentZoomChanged(contentZoom());
}

void LessonMode::setHighContrast(bool on)
{
    if (on == m_highContrast)
        return;
    m_highContrast = on;
    if (m_contrast->isChecked() != on)
        m_contrast->setChecked(on);
    if (on) {
        m_everydayPalette = m_window->palette();
        QPalette p;
        p.setColor(QPalette::Window, Qt::black);
        p.setColor(QPalette::WindowText, Qt::white);
        p.setColor(QPalette::Base, Qt::black);
        p.setColor(QPalette::AlternateBase, QColor(40, 40, 40));
        p.setColor(QPalette::Text, Qt::white);
        p.setColor(QPalette::Button, QColor(30, 30, 30));
        p.setColor(QPalette::ButtonText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(255, 220, 0));
        p.setColor(QPalette::HighlightedText, Qt::black);
        p.setColor(QPalette::ToolTipBase, Qt::black);
        p.setColor(QPalette::ToolTipText, Qt::white);
        m_window->setPalette(p);
        m_drillDown->setPalette(p);
    } else {
        m_window->setPalette(m_everydayPalette);
        m_drillDown->setPalette(m_everydayPalette);
    }
}

void LessonMode::retranslate()
{
    m_zoomIn->setText(tr("Zoom &In"));
    m_zoomOut->setText(tr("Zoom O&ut"));
    m_contrast->setText(tr("&High Contrast"));
    m_contrast->setStatusTip(tr("White on black with yellow highlights, for bright rooms."));
    m_reveal->setText(tr("&Reveal Step by Step"));
    m_reveal->setStatusTip(tr("Each new step of the computation shows its shapes first and "
                              "its numbers on the next click."));
}

bool LessonMode::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    if (!m_active || m_keysYielded || event->type() != QEvent::KeyPress || !watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    // A clicker sends Page Up / Page Down; arrows and Space step too unless text is typed.
    auto *key = static_cast<QKeyEvent *>(event);
    auto *widget = static_cast<QWidget *>(watched);
    if (widget->window() != m_window || key->modifiers() != Qt::NoModifier)
        return QObject::eventFilter(watched, event);
    const bool typing = isTextInput(QApplication::focusWidget());
    switch (key->key()) {
    case Qt::Key_PageDown:
        m_computation->stepForward();
        return true;
    case Qt::Key_PageUp:
        m_computation->stepBack();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Space:
        if (typing)
            break;
        m_computation->stepForward();
        return true;
    case Qt::Key_Left:
        if (typing)
            break;
        m_computation->stepBack();
        return true;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ae
