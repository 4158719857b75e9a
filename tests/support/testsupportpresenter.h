// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportpresenter.h
/// Helpers of the projector suites (tst_presenterlayout, tst_presentercaptions): the main
/// window shown afresh, and where the computation steps and tables lie on the screen.

#include <QRect>
#include <QString>

class QScrollArea;
class QTableWidget;
class QWidget;

namespace ae {
class MainWindow;
enum class ComputationStep;
} // namespace ae

namespace ae::test {

/// The main window on fresh settings; the projector suites derive from it and call
/// createWindow() and destroyWindow() around each test.
class PresenterWindowFixture
{
protected:
    /// Clears the settings, then makes and shows the window and waits until it is exposed.
    void createWindow();
    /// Deletes the window and switches the interface back to English.
    void destroyWindow();

    MainWindow *m_window = nullptr;
};

/// Index of @p step in the lesson order.
int stepIndex(ComputationStep step);

/// @p w's rectangle in global coordinates.
QRect globalRect(const QWidget *w);

/// True when every cell of @p table lies within its viewport and the viewport within the
/// visible part of @p area (nothing scrolled away or clipped); says why not in @p why.
bool wholeInSight(const QTableWidget *table, const QScrollArea *area, QString *why);

} // namespace ae::test
