// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file temperaturecontrol.h
/// The scale divisor as a temperature slider: log scale from √d_k / 10 to 10 √d_k, with √d_k
/// and 1 marked. Dragging re-colours the heatmaps live and is one undo step; "Sweep" moves it
/// from where it is to the sharpest end, across to the flattest and back over a few seconds
/// (stoppable), so that a finished sweep leaves the scale as it was.

#include "attention/attentionconfig.h"

#include <QTimer>
#include <QWidget>

class QPushButton;
class QSlider;

namespace ae {

class Document;

/// A slider and a sweep button that set the document's scale divisor.
class TemperatureControl : public QWidget
{
    Q_OBJECT
public:
    /// Slider positions from the smallest to the largest divisor.
    static constexpr int steps = 1000;
    /// Milliseconds a sweep takes from one end to the other (a whole sweep travels the range
    /// twice).
    static constexpr int sweepMs = 3000;

    explicit TemperatureControl(Document *document, QWidget *parent = nullptr);

    /// The divisor at slider position @p position for head width @p dk.
    static double divisorAt(int position, int dk);
    /// The slider position of @p divisor for head width @p dk (clamped to the range).
    static int positionOf(double divisor, int dk);

    /// @name Inspection (tests)
    /// @{
    QSlider *slider() const { return m_slider; }
    /// The sweep button; whoever lays the control out places it (it is not in the control's
    /// own layout).
    QPushButton *sweepButton() const { return m_sweep; }
    bool isSweeping() const { return m_sweepTimer.isActive(); }
    /// The head width the slider's range is built on (0 without a valid one).
    int dk() const { return m_dk; }
    /// @}

    /// Starts a sweep, or stops the one running.
    void toggleSweep();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Moves the slider to the session's divisor without editing anything.
    void followDocument();
    /// The slider moved under the user's hand (or the sweep): set the divisor.
    void sliderMoved(int position);
    /// The drag (or sweep) ended: the steps so far are one undo step.
    void finishDrag();
    /// One frame of the sweep.
    void sweepStep();
    /// The slider position @p travelled positions into a sweep that began at @p start: down
    /// to 0, up to steps, back to @p start.
    static int sweepPosition(int start, qint64 travelled);
    void retranslate();

    Document *m_document;
    QSlider *m_slider;
    QPushButton *m_sweep;
    QWidget *m_marks; ///< √d_k and 1 under the slider
    QTimer m_sweepTimer;
    qint64 m_sweepStarted = 0;
    int m_sweepStartPosition = 0;
    qint64 m_sweepTravelled = -1; ///< slider positions travelled at the last frame
    /// The scale before the sweep, restored exactly when it ends.
    ScaleSpec m_sweepStartScale;
    int m_dk = 0;
    bool m_following = false;
};

} // namespace ae
