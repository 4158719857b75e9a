// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file aboutdialog.h
/// Help ▸ About: the version, what the program does, and the licences of the program and of
/// the libraries it is built with.

#include <QDialog>

class QLabel;
class QPushButton;

namespace ae {

/// The About box; renames itself when the language changes.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    /// The text shown (rich text), for tests.
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_icon;
    QLabel *m_text;
    QPushButton *m_close;
};

} // namespace ae
