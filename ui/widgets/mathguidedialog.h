// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file mathguidedialog.h
/// Help ▸ The Math: a short guide to multi-head attention, one section per step of the
/// computation view, each with a link that shows that step.

#include <QDialog>

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
