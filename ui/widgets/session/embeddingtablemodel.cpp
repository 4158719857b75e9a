// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/embeddingtablemodel.h"

#include "document/document.h"
#include "document/sessionerrortext.h"
#include "language/numberformat.h"
#include "language/retranslator.h"
#include "plots/matrixplotadapter.h"
#include "session/displayindex.h"
#include "session/sequencerole.h"
#include "session/sessionlimits.h"

#include <QFont>
#include <QRegularExpression>
#include <limits>

namespace ae {

EmbeddingTableModel::EmbeddingTableModel(Document *document, SequenceRole role, QObject *parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_role(role)
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    m_rows = seq.length();
    m_columns = seq.width();
    connect(m_document, &Document::sessionChanged, this, &EmbeddingTableModel::followDocument);
    // Headers and tooltips are made in the language of the moment: ask the views to re-read.
    Retranslator::bind(this, [this] {
        if (columnCount() > 0)
            emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
        if (rowCount() > 0)
            emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
    });
}

int EmbeddingTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int EmbeddingTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant EmbeddingTableModel::data(const QModelIndex &index, int role) const
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    if (!index.isValid() || index.row() >= seq.length() || index.column() >= seq.width())
        return {};
    const double value = seq.embeddings(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return NumberFormat::display(value);
    case Qt::EditRole:
        return NumberFormat::exact(value);
    case Qt::UserRole:
        return value;
    case Qt::ToolTipRole:
        return tr("%1: %2").arg(
            cellName(index.row(), index.column()), NumberFormat::display(value));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (seq.isPadding(index.row())) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant EmbeddingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= seq.width())
            return {};
        if (role == Qt::DisplayRole)
            return displayNumber(section);
        if (role == Qt::ToolTipRole)
            return tr("Dimension %1 of the vectors").arg(displayIndex(section));
        return {};
    }
    if (section < 0 || section >= seq.length())
        return {};
    const bool padded = seq.isPadding(section);
    switch (role) {
    case Qt::DisplayRole: {
        // A long token would push the numbers off the screen; the tooltip has all of it.
        const QString token
            = MatrixPlotAdapter::elided(seq.tokens[section], MatrixPlotAdapter::maxLabelChars);
        return padded ? tr("%1 · pad").arg(token) : token;
    }
    case Qt::ToolTipRole:
        return padded ? tr("Token %1, “%2”: padding, no query attends to it")
                            .arg(displayIndex(section))
                            .arg(seq.tokens[section])
                      : tr("Token %1, “%2”").arg(section).arg(seq.tokens[section]);
    case Qt::FontRole:
        if (padded) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

Qt::ItemFlags EmbeddingTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool EmbeddingTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= m_rows
        || index.column() >= m_columns)
        return false;
    std::optional<double> number;
    if (value.typeId() == QMetaType::Double)
        number = value.toDouble();
    else
        number = NumberFormat::parse(value.toString());
    if (!number || !std::isfinite(*number)) {
        emit inputRejected(
            tr("%1: “%2” is not a number. Type a number with a decimal point, "
               "such as 0.25 or -1.5e-3.")
                .arg(cellName(index.row(), index.column()), value.toString().trimmed().left(40)));
        return false;
    }
    if (!limits::isAllowedValue(*number)) {
        emit inputRejected(tr("%1: %2 is larger in magnitude than the limit %3.")
                               .arg(cellName(index.row(), index.column()))
                               .arg(*number, 0, 'g', 6)
                               .arg(limits::maxAbsValue, 0, 'g', 3));
        return false;
    }
    m_document->setEmbeddingCell(m_role, index.row(), index.column(), *number);
    emit inputAccepted();
    return true;
}

EmbeddingTableModel::ParsedBlock EmbeddingTableModel::parseBlock(const QString &text)
{
    ParsedBlock block;
    QString normalized = text;
    normalized.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    normalized.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    QStringList lines = normalized.split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.constLast().trimmed().isEmpty())
        lines.removeLast();
    while (!lines.isEmpty() && lines.constFirst().trimmed().isEmpty())
        lines.removeFirst();
    if (lines.isEmpty()) {
        block.error = tr("there are no numbers to paste");
        return block;
    }
    // A block taller than the largest sequence can never fit: refused before its cells are
    // split and converted.
    if (lines.size() > limits::maxTokens) {
        block.error = tr("the pasted text has %1 rows; a sequence holds at most %2 tokens")
                          .arg(lines.size())
                          .arg(limits::maxTokens);
        return block;
    }

    // The first separator present wins: spreadsheets copy tabs, CSV files use ';' or ','.
    QString separator;
    for (const QChar candidate : { QLatin1Char('\t'), QLatin1Char(';'), QLatin1Char(',') }) {
        if (normalized.contains(candidate)) {
            separator = candidate;
            break;
        }
    }
    static const QRegularExpression whitespace(QStringLiteral("\\s+"));

    std::vector<QStringList> rows;
    rows.reserve(static_cast<size_t>(lines.size()));
    for (const QString &line : std::as_const(lines)) {
        QStringList cells = separator.isEmpty()
            ? line.trimmed().split(whitespace, Qt::SkipEmptyParts)
            : line.split(separator);
        // Some spreadsheets end every copied row with a separator.
        if (cells.size() > 1 && cells.constLast().trimmed().isEmpty())
            cells.removeLast();
        rows.push_back(cells);
    }
    const int columns = static_cast<int>(rows.front().size());
    if (columns > limits::maxEmbeddingWidth) {
        block.error = tr("the pasted text has %1 columns; a vector holds at most %2 numbers")
                          .arg(columns)
                          .arg(limits::maxEmbeddingWidth);
        return block;
    }
    for (size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != columns) {
            block.error = tr("row %1 of the pasted text has %2 cells but its first row has %3; "
                             "paste a rectangular block")
                              .arg(r + 1)
                              .arg(rows[r].size())
                              .arg(columns);
            block.errorRow = static_cast<int>(r);
            return block;
        }
    }
    block.values.resize(static_cast<Eigen::Index>(rows.size()), columns);
    for (size_t r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < columns; ++c) {
            const QString cell = rows[r][c].trimmed();
            const auto number = NumberFormat::parse(cell);
            if (!number) {
                block.error = cell.isEmpty()
                    ? tr("row %1, column %2 of the pasted text is empty").arg(r + 1).arg(c + 1)
                    : tr("row %1, column %2 of the pasted text, “%3”, is not a number with "
                         "a decimal point")
                          .arg(r + 1)
                          .arg(c + 1)
                          .arg(cell.left(40));
                block.errorRow = static_cast<int>(r);
                block.errorColumn = c;
                block.values.resize(0, 0);
                return block;
            }
            if (!limits::isAllowedValue(*number)) {
                block.error = tr("row %1, column %2 of the pasted text, %3, is larger in "
                                 "magnitude than the limit %4")
                                  .arg(r + 1)
                                  .arg(c + 1)
                                  .arg(*number, 0, 'g', 6)
                                  .arg(limits::maxAbsValue, 0, 'g', 3);
                block.errorRow = static_cast<int>(r);
                block.errorColumn = c;
                block.values.resize(0, 0);
                return block;
            }
            block.values(static_cast<Eigen::Index>(r), c) = *number;
        }
    }
    return block;
}

bool EmbeddingTableModel::paste(const QModelIndex &topLeft, const QString &text)
{
    const int row0 = topLeft.isValid() ? topLeft.row() : 0;
    const int column0 = topLeft.isValid() ? topLeft.column() : 0;
    if (m_rows == 0 || m_columns == 0) {
        emit inputRejected(tr("Nothing was pasted: the table is empty. Type the tokens first."));
        return false;
    }
    const ParsedBlock block = parseBlock(text);
    if (!block.error.isEmpty()) {
        QString message = tr("Nothing was pasted: %1.").arg(block.error);
        if (block.errorColumn >= 0) {
            const int row = row0 + block.errorRow;
            const int column = column0 + block.errorColumn;
            if (row < m_rows && column < m_columns)
                message = SessionErrorText::joinSentences(
                    message, tr("It was meant for %1.").arg(cellName(row, column)));
        }
        emit inputRejected(message);
        return false;
    }
    const int rows = static_cast<int>(block.values.rows());
    const int columns = static_cast<int>(block.values.cols());
    const int keptRows = std::min(rows, m_rows - row0);
    const int keptColumns = std::min(columns, m_columns - column0);
    m_document->setEmbeddingBlock(m_role, row0, column0, block.values);
    if (keptRows < rows || keptColumns < columns)
        emit inputNote(tr("Pasted %1 of %2 rows and %3 of %4 columns; the rest did not fit. Add "
                          "tokens or widen the vectors to make room.")
                           .arg(keptRows)
                           .arg(rows)
                           .arg(keptColumns)
                           .arg(columns));
    else
        emit inputAccepted();
    return true;
}

QString EmbeddingTableModel::copyText(const QModelIndexList &indexes) const
{
    if (indexes.isEmpty())
        return {};
    int top = m_rows, left = m_columns, bottom = -1, right = -1;
    for (const QModelIndex &index : indexes) {
        top = std::min(top, index.row());
        left = std::min(left, index.column());
        bottom = std::max(bottom, index.row());
        right = std::max(right, index.column());
    }
    const Eigen::MatrixXd &m = m_document->session().sequence(m_role).embeddings;
    bottom = std::min(bottom, static_cast<int>(m.rows()) - 1);
    right = std::min(right, static_cast<int>(m.cols()) - 1);
    if (bottom < top || right < left)
        return {};
    return blockText(m.block(top, left, bottom - top + 1, right - left + 1));
}

QString EmbeddingTableModel::blockText(const Eigen::Ref<const Eigen::MatrixXd> &values)
{
    QStringList lines;
    for (Eigen::Index r = 0; r < values.rows(); ++r) {
        QStringList cells;
        for (Eigen::Index c = 0; c < values.cols(); ++c)
            cells << NumberFormat::exact(values(r, c));
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

void EmbeddingTableModel::finishEditRun()
{
    m_document->finishEditRun();
}

void EmbeddingTableModel::followDocument()
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    if (seq.length() != m_rows || seq.width() != m_columns) {
        beginResetModel();
        m_rows = seq.length();
        m_columns = seq.width();
        m_shown = seq.embeddings;
        m_shownTokens = seq.tokens;
        m_shownPadding = seq.padding;
        endResetModel();
        return;
    }
    if (m_shown.rows() != seq.embeddings.rows() || m_shown.cols() != seq.embeddings.cols()) {
        // Nothing recorded yet (the first change after construction): announce everything.
        m_shown = Eigen::MatrixXd::Constant(
            seq.embeddings.rows(), seq.embeddings.cols(), std::numeric_limits<double>::quiet_NaN());
        m_shownTokens.clear();
    }
    if (m_rows == 0 || m_columns == 0)
        return;
    // Announce only the changed block: a whole-table dataChanged makes the view measure the
    // text of every cell again (its rows resize to their contents), which dominated an edit.
    // NaN never equals itself, so a cell holding one is announced every time; harmless. The
    // pass takes over the changed values too: an edit changes a cell or a few, and copying
    // the whole table would cost as much again as comparing it.
    int top = m_rows, left = m_columns, bottom = -1, right = -1;
    for (int c = 0; c < m_columns; ++c) {
        for (int r = 0; r < m_rows; ++r) {
            const double now = seq.embeddings(r, c);
            if (m_shown(r, c) != now) {
                m_shown(r, c) = now;
                top = std::min(top, r);
                bottom = std::max(bottom, r);
                left = std::min(left, c);
                right = std::max(right, c);
            }
        }
    }
    if (bottom >= 0)
        emit dataChanged(index(top, left), index(bottom, right));
    if (m_shownTokens != seq.tokens || m_shownPadding != seq.padding) {
        m_shownTokens = seq.tokens;
        m_shownPadding = seq.padding;
        emit headerDataChanged(Qt::Vertical, 0, m_rows - 1);
    }
}

QString EmbeddingTableModel::cellName(int row, int column) const
{
    const SequenceData &seq = m_document->session().sequence(m_role);
    const QString token = row < seq.length() ? seq.tokens[row] : QString();
    const QString sequence = RoleLabel::text(m_role, RoleLabel::Case::Sentence);
    return tr("%1, token %2 “%3”, dimension %4")
        .arg(sequence)
        .arg(displayIndex(row))
        .arg(token)
        .arg(displayIndex(column));
}

} // namespace ae
