// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file embeddingtablemodel.h
/// One sequence's embedding vectors as an editable table (rows = tokens, columns = dimensions).

#include "attention/attentionconfig.h"

#include <Eigen/Core>
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

namespace ae {

class Document;

/// The table over Document::session().sequence(role). Edits and pastes go through the
/// Document (one undo step each); the model follows the document's changes.
class EmbeddingTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    /// A block of numbers read from spreadsheet or CSV text, or why it could not be read.
    struct ParsedBlock
    {
        Eigen::MatrixXd values;
        QString error; ///< empty when the text was read
        int errorRow = -1; ///< 0-based row of the bad cell in the text, or -1
        int errorColumn = -1; ///< 0-based column of the bad cell in the text, or -1
    };

    EmbeddingTableModel(Document *document, SequenceRole role, QObject *parent = nullptr);

    SequenceRole role() const { return m_role; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    /// Accepts a double, or text read with a decimal point; other text is refused with
    /// inputRejected().
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    /// Reads rows separated by line breaks and cells separated by tabs, semicolons, commas
    /// or spaces (the first of these the text contains), numbers with a decimal point.
    static ParsedBlock parseBlock(const QString &text);
    /// Pastes @p text with its top-left cell at @p topLeft (clipped to the table). Reports a bad
    /// cell through inputRejected() and changes nothing then; reports clipping through
    /// inputNote().
    bool paste(const QModelIndex &topLeft, const QString &text);
    /// The exact numbers of the rectangle spanned by @p indexes, as blockText() writes them.
    QString copyText(const QModelIndexList &indexes) const;
    /// @p values as text that parseBlock() reads back to the same numbers: the shortest exact
    /// form of each, tab-separated, one line per row.
    static QString blockText(const Eigen::Ref<const Eigen::MatrixXd> &values);
    /// Ends the current typing run (the next edit of the same cell is a new undo step).
    void finishEditRun();

signals:
    /// Typed or pasted text was not accepted; @p message says which cell and why.
    void inputRejected(const QString &message);
    /// An accepted edit that the user should know about (e.g. part of a paste did not fit).
    void inputNote(const QString &message);
    /// An edit was accepted without remarks.
    void inputAccepted();

private:
    void followDocument();
    /// "row 2 “深度”, dimension 3" for error messages.
    QString cellName(int row, int column) const;

    Document *m_document;
    SequenceRole m_role;
    // The shape last shown, to tell a value change from a reshape.
    int m_rows = 0;
    int m_columns = 0;
    /// What the view last showed, so that an edit repaints only the cells it changed.
    Eigen::MatrixXd m_shown;
    QStringList m_shownTokens;
    std::vector<bool> m_shownPadding;
};

} // namespace ae
