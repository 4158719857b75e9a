// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classanswersview.h
/// The class's answers beside the lesson's open question: how many answered, and the
/// histogram of their choices on the teacher's click.

#include <QVector>
#include <QWidget>

class QLabel;
class QPushButton;

namespace ae {

class ClassroomLessonLink;

/// Shows "N of M answered" while the server runs and the played step's question is open on
/// it (hidden otherwise), and a button that shows the count of each choice as a bar of text.
/// Nothing of the answers shows before the teacher asks; showing them shows the counts on
/// the students' pages too.
class ClassAnswersView : public QWidget
{
    Q_OBJECT
public:
    explicit ClassAnswersView(ClassroomLessonLink *link, QWidget *parent = nullptr);

    /// @name Inspection (tests)
    /// @{
    QString answeredText() const;
    QPushButton *histogramButton() const { return m_show; }
    /// The counts the histogram shows, one per choice; empty while it is hidden.
    QVector<int> shownCounts() const { return m_shownCounts; }
    QString histogramText() const;
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();

    ClassroomLessonLink *m_link;
    QLabel *m_answered;
    QPushButton *m_show;
    QLabel *m_histogram;
    int m_step = -1; ///< the step whose histogram the teacher asked for
    QVector<int> m_shownCounts;
    QString m_histogramPlain; ///< the histogram's lines as plain text
};

} // namespace ae
