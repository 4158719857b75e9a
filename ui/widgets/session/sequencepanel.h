// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sequencepanel.h
/// The dock where one sequence (source X or target Y) is typed and its vectors are made.

#include "attention/attentionconfig.h"

#include <QDockWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QSpinBox;

namespace ae {

class Document;
class EmbeddingTableModel;
class EmbeddingTableView;
class MessageBar;

/// Token line, padding toggles, the vector recipe and width, and the embedding table of one
/// sequence. Every change goes through the Document; the panel follows the document back
/// (undo, redo, open).
class SequencePanel : public QDockWidget
{
    Q_OBJECT
public:
    SequencePanel(Document *document, SequenceRole role, QWidget *parent = nullptr);

    SequenceRole role() const { return m_role; }

    /// Splits a token line on white space; with @p splitCjk, every CJK character (Han, kana,
    /// Hangul, CJK punctuation) becomes a token of its own, and runs of other characters stay
    /// together ("我爱deep学习" gives 我, 爱, deep, 学, 习).
    static QStringList splitTokens(const QString &text, bool splitCjk);

    /// @name The panel's parts, for tests and for the main window's presentation mode.
    /// @{
    QLineEdit *tokenEdit() const { return m_tokenEdit; }
    QCheckBox *splitCjkCheck() const { return m_splitCjk; }
    QListWidget *paddingList() const { return m_paddingList; }
    QComboBox *recipeCombo() const { return m_recipeCombo; }
    QSpinBox *seedSpin() const { return m_seedSpin; }
    QCheckBox *positionalCheck() const { return m_positionalCheck; }
    QSpinBox *widthSpin() const { return m_widthSpin; }
    EmbeddingTableView *tableView() const { return m_table; }
    EmbeddingTableModel *tableModel() const { return m_model; }
    MessageBar *messageBar() const { return m_message; }
    /// The note under the tokens about rows that hold no vector (hidden when there are none).
    MessageBar *blankRowsNote() const { return m_blankNote; }
    /// @}

private:
    void buildUi();
    void connectUi();
    void followDocument();
    void followError();
    void updatePaddingList();
    void applyTokenLine();
    void applyRecipe();
    void showInputError(const QString &message);
    void clearInputError();
    /// Shows or hides the note about hand-typed rows that hold no vector.
    void updateBlankRowsNote();

    Document *m_document;
    SequenceRole m_role;
    QLineEdit *m_tokenEdit = nullptr;
    QCheckBox *m_splitCjk = nullptr;
    QListWidget *m_paddingList = nullptr;
    QComboBox *m_recipeCombo = nullptr;
    QSpinBox *m_seedSpin = nullptr;
    QCheckBox *m_positionalCheck = nullptr;
    QSpinBox *m_widthSpin = nullptr;
    EmbeddingTableView *m_table = nullptr;
    EmbeddingTableModel *m_model = nullptr;
    MessageBar *m_message = nullptr;
    MessageBar *m_blankNote = nullptr;
    bool m_tokenLineError = false;
};

} // namespace ae
