// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file projectionmatrixmodel.h
/// One projection matrix or bias vector as an editable table.

#include "document/document.h"

#include <Eigen/Core>
#include <QAbstractTableModel>

namespace ae {

/// The table over one of W_q, W_k, W_v, W_o, b_q, b_k, b_v, b_o. The projection editor sets
/// the numbers shown (see setValues()); editing one goes through
/// Document::setProjectionValue(), which switches the session to explicit projections.
class ProjectionMatrixModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    ProjectionMatrixModel(Document *document, ProjectionPart part, QObject *parent = nullptr);

    ProjectionPart part() const { return m_part; }
    /// The numbers shown.
    const Eigen::MatrixXd &values() const { return m_values; }
    /// Shows @p values (a bias as one row); @p headWidth (d_k, or 0) tints the heads' columns.
    void setValues(const Eigen::MatrixXd &values, int headWidth);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// Typed text was not a number; @p message names the entry.
    void inputRejected(const QString &message);
    /// A typed number was accepted.
    void inputAccepted();

private:
    /// The symbol of the part, e.g. "W_q".
    QString symbol() const;

    Document *m_document;
    ProjectionPart m_part;
    Eigen::MatrixXd m_values;
    int m_headWidth = 0; ///< d_k, or 0 when heads do not divide d_model
};

} // namespace ae
