// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonmode.h
/// Lesson mode: what a teacher needs in front of a class on top of the full-screen
/// presentation layout: zoom (Ctrl+= / Ctrl+-), a high-contrast palette, the computation
/// steps driven by a clicker (Page Up / Page Down) and an optional "reveal".

#include <QObject>
#include <QPalette>

class QAction;
class QMainWindow;
class QMenu;

namespace ae {

class ComputationDock;
class DrillDownDialog;

/// Owns the lesson actions and applies them to the window while the mode is on.
class LessonMode : public QObject
{
    Q_OBJECT
public:
    LessonMode(QMainWindow *window, ComputationDock *computation, DrillDownDialog *drillDown);

    /// Adds zoom, high contrast and reveal to @p menu.
    void addActions(QMenu *menu);

    /// While a lesson file plays, its player takes the clicker's keys: lesson mode then leaves
    /// Page Up / Page Down, the arrows and Space alone (@p yielded true).
    void setSteppingKeysYielded(bool yielded) { m_keysYielded = yielded; }

    /// Called when the window enters or leaves its full-screen lesson layout: larger fonts,
    /// the computation view shown, the clicker keys active.
    void setActive(bool on);
    bool isActive() const { return m_active; }

    /// The font zoom, 1 = everyday; lesson mode starts at lessonZoomFor() the screen.
    double zoom() const { return m_zoom; }
    void setZoom(double zoom);
    void zoomIn();
    void zoomOut();
    /// White on black with a yellow highlight, for projectors in bright rooms.
    void setHighContrast(bool on);
    bool isHighContrast() const { return m_highContrast; }

    /// The zoom lesson mode starts at on a screen @p screenHeight pixels tall: 1.5 on large
    /// screens, less on small ones, where larger fonts would crowd out the heatmap.
    static double lessonZoomFor(int screenHeight);
    static constexpr double minimumZoom = 0.75;
    static constexpr double maximumZoom = 4.0;
    /// How much larger than the window's text the lesson's content is drawn (the heatmap's
    /// labels, the step's matrices and formula, the drill-down, Compare): read from the back
    /// of a room, at every zoom.
    static constexpr double lessonContentScale = 1.4;
    /// The zoom of the content: zoom() times lessonContentScale while the mode is on.
    double contentZoom() const;

signals:
    /// contentZoom() changed (a zoom step, or the mode turned on or off).
    void contentZoomChanged(double contentZoom);

public:
    /// @name Actions (tests, menus)
    /// @{
    QAction *zoomInAction() const { return m_zoomIn; }
    QAction *zoomOutAction() const { return m_zoomOut; }
    QAction *highContrastAction() const { return m_contrast; }
    QAction *revealAction() const { return m_reveal; }
    /// @}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyZoom();
    void retranslate();

    QMainWindow *m_window;
    ComputationDock *m_computation;
    DrillDownDialog *m_drillDown;
    bool m_active = false;
    bool m_keysYielded = false;
    bool m_highContrast = false;
    double m_zoom = 1.0;
    double m_baseFontSize = 0.0; ///< the everyday font's points, or <= 0 when set in pixels
    int m_basePixelSize = 0;
    QPalette m_everydayPalette;
    QAction *m_zoomIn;
    QAction *m_zoomOut;
    QAction *m_contrast;
    QAction *m_reveal;
};

} // namespace ae
