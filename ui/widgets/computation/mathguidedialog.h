// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mathguidedialog.h
/// Help ▸ The Math: a short guide to multi-head attention, one section per step of the
/// computation view, each with a link that shows that step.

#include <QDialog>
#include <QRect>

class QTextBrowser;

namespace ae {

/// The built-in guide to the formulas.
class MathGuideDialog : public QDialog
{
    Q_OBJECT
public:
    explicit MathGuideDialog(QWidget *parent = nullptr);

    /// The guide as HTML (what the window shows).
    static QString html();

    /// Where the guide goes so that it covers neither the window nor @p keepClear: beside the
    /// @p window (right, else left) within @p screen, else at the screen's right edge above
    /// @p keepClear (the computation view, which "Show this step" reveals). All in global
    /// coordinates; @p wanted is the size the guide would like.
    static QRect placeBeside(
        const QRect &window, const QRect &screen, const QRect &keepClear, const QSize &wanted);
    /// The narrowest the guide is put beside a window, and the least height it keeps.
    static constexpr int besideMinimumWidth = 360;
    static constexpr int besideMinimumHeight = 240;

    QTextBrowser *browser() const { return m_browser; }

signals:
    /// The reader followed the link of step @p step (an index into ComputationSteps::all()).
    void stepRequested(int step);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QTextBrowser *m_browser;
};

} // namespace ae
