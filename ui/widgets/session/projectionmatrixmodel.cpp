// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/projectionmatrixmodel.h"

#include "heatmap/headtint.h"
#include "language/numberformat.h"
#include "session/displayindex.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>
#include <cmath>

namespace ae {

ProjectionMatrixModel::ProjectionMatrixModel(
    Document *document, ProjectionPart part, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_part(part)
{
}

void ProjectionMatrixModel::setValues(const Eigen::MatrixXd &values, int headWidth)
{
    if (values.rows() != m_values.rows() || values.cols() != m_values.cols()) {
        beginResetModel();
        m_values = values;
        m_headWidth = headWidth;
        endResetModel();
        return;
    }
    m_values = values;
    m_headWidth = headWidth;
    if (m_values.size() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int ProjectionMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_values.rows());
}

int ProjectionMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_values.cols());
}

QVariant ProjectionMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_values.rows() || index.column() >= m_values.cols())
        return {};
    const double value = m_values(index.row(), index.column());
    const bool isBias = m_part >= ProjectionPart::Bq;
    switch (role) {
    case Qt::DisplayRole:
        return NumberFormat::display(value);
    case Qt::EditRole:
        return NumberFormat::exact(value);
    case Qt::UserRole:
        return value;
    case Qt::ToolTipRole:
        if (isBias)
            return tr("%1[%2] = %3")
                .arg(symbol())
                .arg(index.column())
                .arg(NumberFormat::display(value));
        return tr("%1[%2][%3] = %4")
            .arg(symbol())
            .arg(index.row())
            .arg(index.column())
            .arg(NumberFormat::display(value));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        // Every other head's columns are tinted: Q, K and V are cut into heads column-wise.
        if (m_part != ProjectionPart::Wo && m_part != ProjectionPart::Bo && m_headWidth > 0
            && m_headWidth < m_values.cols() && (index.column() / m_headWidth) % 2 == 1) {
            const QColor tint = headTint(index.column() / m_headWidth);
            return QBrush(tint);
        }
        return {};
    default:
        return {};
    }
}

QVariant ProjectionMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role == Qt::DisplayRole)
        return (orientation == Qt::Vertical && m_part >= ProjectionPart::Bq)
            ? symbol()
            : displayNumber(section);
    if (role == Qt::ToolTipRole && orientation == Qt::Horizontal && m_headWidth > 0
        && m_part != ProjectionPart::Wo && m_part != ProjectionPart::Bo)
        return tr("Column %1 belongs to head %2")
            .arg(displayIndex(section))
            .arg(displayIndex(section / m_headWidth));
    return {};
}

Qt::ItemFlags ProjectionMatrixModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool ProjectionMatrixModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= m_values.rows()
        || index.column() >= m_values.cols())
        return false;
    std::optional<double> number;
    if (value.typeId() == QMetaType::Double)
        number = value.toDouble();
    else
        number = NumberFormat::parse(value.toString());
    if (!number || !std::isfinite(*number)) {
        const QString where = m_part >= ProjectionPart::Bq
            ? tr("%1[%2]").arg(symbol()).arg(index.column())
            : tr("%1[%2][%3]").arg(symbol()).arg(index.row()).arg(index.column());
        emit inputRejected(tr("%1: “%2” is not a number. Type a number with a decimal point, "
                              "such as 0.5 or -1.25.")
                               .arg(where, value.toString().trimmed().left(40)));
        return false;
    }
    m_document->setProjectionValue(m_part, index.row(), index.column(), *number);
    emit inputAccepted();
    return true;
}

QString ProjectionMatrixModel::symbol() const
{
    switch (m_part) {
    case ProjectionPart::Wq:
        return QStringLiteral("W_q");
    case ProjectionPart::Wk:
        return QStringLiteral("W_k");
    case ProjectionPart::Wv:
        return QStringLiteral("W_v");
    case ProjectionPart::Wo:
        return QStringLiteral("W_o");
    case ProjectionPart::Bq:
        return QStringLiteral("b_q");
    case ProjectionPart::Bk:
        return QStringLiteral("b_k");
    case ProjectionPart::Bv:
        return QStringLiteral("b_v");
    case ProjectionPart::Bo:
        return QStringLiteral("b_o");
    }
    return {};
}

} // namespace ae
