// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file wordreveal.h
/// The Translate panels' pace: a decoded sentence appears one word at a time.

#include <QObject>

class QTimer;

namespace ae {

/// Counts the words of a decoded sentence shown so far: after start(), one more every
/// intervalMs until all are shown; every change is announced by shownChanged().
class WordReveal : public QObject
{
    Q_OBJECT
public:
    /// Milliseconds between two decoded words appearing.
    static constexpr int intervalMs = 450;

    explicit WordReveal(QObject *parent = nullptr);

    /// The words shown, 0 to total().
    int shown() const { return m_shown; }
    /// The words of the sentence being revealed.
    int total() const { return m_total; }
    /// True while words are still to come.
    bool isRunning() const;

    /// Reveals a sentence of @p total words from none (announced at once).
    void start(int total);
    /// Shows every remaining word at once.
    void finish();
    /// No sentence: nothing shown, nothing to come (not announced).
    void clear();

signals:
    /// The number of words shown changed to @p shown.
    void shownChanged(int shown);

private:
    void next();

    QTimer *m_timer;
    int m_shown = 0;
    int m_total = 0;
};

} // namespace ae
