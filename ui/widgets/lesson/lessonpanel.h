// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessonpanel.h
/// The lesson beside the heatmap: its title, "step 3 of 9", the caption (Markdown, in the
/// interface language), the open question with the class's guess, Reveal, and after it the
/// true answer beside the guess.

#include <QDockWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QStackedWidget;
class QVBoxLayout;

namespace ae {

class LessonCaptionView;
class LessonPlayer;

/// Shows and drives a LessonPlayer.
class LessonPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit LessonPanel(LessonPlayer *player, QWidget *parent = nullptr);

    /// Puts @p view (the class's answers, shown while a question is open) in the question's
    /// box, under the guess; the panel takes it over.
    void setClassAnswersView(QWidget *view);

    /// Larger text for a classroom (1 = everyday).
    void setZoom(double factor);

    /// The height that shows the whole caption (and the question beside it, while asked) at
    /// the panel's present width, its title bar included.
    int neededHeight() const;
    /// The height that shows, while a question is asked, its prompt and every choice (the
    /// caption before them and the explanation after may scroll); neededHeight() otherwise.
    int questionNeededHeight() const;
    /// The least width that shows the panel's rows (buttons, guess and Reveal) without
    /// scrolling sideways when it stands beside the heatmap, its frame and a vertical scroll
    /// bar included.
    int neededWidth() const;

    /// @name Inspection (tests)
    /// @{
    QString titleText() const;
    QString progressText() const;
    /// The caption (and, while asked, the question) as plain text.
    QString captionText() const;
    /// The answer lines shown after Reveal, as plain text; empty before.
    QString answerText() const;
    QPushButton *revealButton() const { return m_reveal; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *nextButton() const { return m_next; }
    QGroupBox *questionBox() const { return m_questionBox; }
    QComboBox *keyGuess() const { return m_keyGuess; }
    QSlider *weightGuess() const { return m_weightGuess; }
    QComboBox *directionGuess() const { return m_directionGuess; }
    QComboBox *choiceGuess() const { return m_choiceGuess; }
    /// @}

signals:
    /// The caption's text took another height (another step, a reveal, claims computed in the
    /// background filling in their numbers): neededHeight() may have changed.
    void neededHeightChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Shows the player's step and phase.
    void refresh();
    /// While a question is open: scrolls the caption so that the question is in sight (its
    /// end, the prompt and the choices, before the reveal; after it, from the prompt on, so
    /// that an explanation below does not push the question out).
    void keepQuestionInSight();
    /// Refills the guess inputs for the current step's question.
    void fillGuessInputs();
    /// The guess written out, or "—" when there is none.
    QString guessText() const;
    /// Hands the inputs' values to the player.
    void takeGuess();
    void retranslate();

    LessonPlayer *m_player;
    QLabel *m_title;
    QProgressBar *m_progress;
    LessonCaptionView *m_caption;
    QGroupBox *m_questionBox;
    QVBoxLayout *m_questionLayout;
    QLabel *m_guessLabel;
    QStackedWidget *m_guessStack;
    QComboBox *m_keyGuess;
    QWidget *m_weightPage;
    QSlider *m_weightGuess;
    QLabel *m_weightValue;
    QComboBox *m_directionGuess;
    QComboBox *m_choiceGuess;
    QPushButton *m_reveal;
    QLabel *m_answer;
    QPushButton *m_play;
    QPushButton *m_back;
    QPushButton *m_next;
    QString m_shownCaption; ///< the Markdown the caption shows
    bool m_filling = false; ///< true while fillGuessInputs() sets the inputs
    QWidget *m_classAnswers = nullptr; ///< setClassAnswersView()'s
    double m_zoom = 1.0; ///< setZoom()'s factor
    bool m_taking = false; ///< true while takeGuess() hands the inputs' values on
};

} // namespace ae
