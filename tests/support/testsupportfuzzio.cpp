// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportfuzzio.h"

#include "export/labelledmatrix.h"
#include "export/matrixclipboard.h"
#include "import/embeddingcsvreader.h"
#include "import/importedattentionreader.h"
#include "session/embeddingtablemodel.h"
#include "session/sessionlimits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ae::test {

namespace {

FuzzVerdict accepted(const QString &problem = QString())
{
    return FuzzVerdict { true, problem };
}

/// @p a as the documented file: {"query_tokens", "key_tokens", "weights": [heads][Lq][Lk],
/// "title"}. (The program reads this format but never writes it.)
QByteArray weightsFile(const ImportedAttention &a)
{
    QJsonArray heads;
    for (const Eigen::MatrixXd &m : a.heads) {
        QJsonArray rows;
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QJsonArray row;
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row.append(m(r, c));
            rows.append(row);
        }
        heads.append(rows);
    }
    QJsonObject o;
    o.insert(QStringLiteral("query_tokens"), QJsonArray::fromStringList(a.queryTokens));
    o.insert(QStringLiteral("key_tokens"), QJsonArray::fromStringList(a.keyTokens));
    o.insert(QStringLiteral("weights"), heads);
    if (!a.title.isEmpty())
        o.insert(QStringLiteral("title"), a.title);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

FuzzVerdict checkEmbeddingCsvInput(const QByteArray &bytes)
{
    const EmbeddingCsv csv = EmbeddingCsvReader::parse(bytes);
    if (!csv.ok())
        return FuzzVerdict {};
    const Eigen::MatrixXd &v = csv.values;
    if (v.rows() < 1 || v.rows() > limits::maxTokens || v.cols() < 1
        || v.cols() > limits::maxEmbeddingWidth)
        return accepted(QStringLiteral("an accepted table outside the limits"));
    if (!csv.tokens.isEmpty() && csv.tokens.size() != v.rows())
        return accepted(QStringLiteral("tokens and rows differ in number"));
    for (const QString &token : csv.tokens) {
        if (token.isEmpty() || token.size() > limits::maxTokenLength || token != token.trimmed())
            return accepted(QStringLiteral("an accepted token that is empty, too long or not "
                                           "trimmed: \"%1\"")
                                .arg(token));
    }
    if (!v.allFinite() || v.cwiseAbs().maxCoeff() > limits::maxAbsValue)
        return accepted(QStringLiteral("an accepted number that is not finite or too large"));

    // Written back as Edit > Copy As > CSV writes a matrix: tokens as row labels, and a header
    // row of dimension names when the file had a header.
    LabelledMatrix m;
    m.values = v;
    m.rowLabels = csv.tokens;
    if (csv.hadHeader) {
        for (Eigen::Index c = 0; c < v.cols(); ++c)
            m.columnLabels << QStringLiteral("d%1").arg(c + 1);
    }
    const QString text = MatrixClipboard::format(m, MatrixClipboard::Format::Csv);
    const EmbeddingCsv again = EmbeddingCsvReader::parse(text.toUtf8());
    QStringList labels;
    for (const QString &token : csv.tokens)
        labels << MatrixClipboard::label(token);
    if (!again.ok())
        return accepted(QStringLiteral("Copy As CSV output is refused: ") + again.error
            + QStringLiteral("\n") + text);
    if (again.tokens != labels)
        return accepted(QStringLiteral("Copy As CSV output reads other tokens:\n") + text);
    if (again.hadHeader != csv.hadHeader)
        return accepted(QStringLiteral("Copy As CSV output reads another header:\n") + text);
    if (again.values.rows() != v.rows() || again.values.cols() != v.cols() || again.values != v)
        return accepted(QStringLiteral("Copy As CSV output reads other numbers:\n") + text);
    return accepted();
}

FuzzVerdict checkPasteInput(const QByteArray &bytes)
{
    const EmbeddingTableModel::ParsedBlock block
        = EmbeddingTableModel::parseBlock(QString::fromUtf8(bytes));
    if (!block.error.isEmpty()) {
        FuzzVerdict v;
        if (block.values.size() != 0)
            v.problem = QStringLiteral("a refused paste that keeps numbers");
        return v;
    }
    const Eigen::MatrixXd &v = block.values;
    if (v.rows() < 1 || v.cols() < 1 || !v.allFinite())
        return accepted(QStringLiteral("an accepted paste that is empty or not finite"));
    // Written back as the table copies a block.
    const QString text = EmbeddingTableModel::blockText(v);
    const EmbeddingTableModel::ParsedBlock again = EmbeddingTableModel::parseBlock(text);
    if (!again.error.isEmpty())
        return accepted(QStringLiteral("a copied block does not paste: ") + again.error);
    if (again.values.rows() != v.rows() || again.values.cols() != v.cols() || again.values != v)
        return accepted(QStringLiteral("a copied block pastes other numbers:\n") + text);
    return accepted();
}

FuzzVerdict checkImportedAttentionInput(const QByteArray &bytes)
{
    const ImportedAttention read = ImportedAttentionReader::parse(bytes);
    if (!read.ok()) {
        FuzzVerdict v;
        if (!read.heads.empty())
            v.problem = QStringLiteral("a refused file that keeps weights: ") + read.error;
        return v;
    }
    if (read.heads.empty() || read.headCount() > ImportedAttentionReader::maxHeads)
        return accepted(QStringLiteral("an accepted file with no heads or too many"));
    const Eigen::Index rows = read.heads.front().rows(), cols = read.heads.front().cols();
    if (rows < 1 || cols < 1 || rows > limits::maxTokens || cols > limits::maxTokens)
        return accepted(QStringLiteral("an accepted head outside the limits"));
    for (const Eigen::MatrixXd &m : read.heads) {
        if (m.rows() != rows || m.cols() != cols || !m.allFinite())
            return accepted(QStringLiteral("heads of different shapes, or numbers that are not "
                                           "finite"));
    }
    if (read.queryTokens.size() != rows || read.keyTokens.size() != cols)
        return accepted(QStringLiteral("token counts differ from the weights' shape"));
    // The mean and each head, as the window shows them.
    for (int h = -1; h < read.headCount(); ++h) {
        if (read.view(h).values.rows() != rows)
            return accepted(QStringLiteral("the view of head %1 has another shape").arg(h));
    }

    const QByteArray written = weightsFile(read);
    const QString shown = QString::fromUtf8(written.left(2000));
    const ImportedAttention again = ImportedAttentionReader::parse(written);
    if (!again.ok())
        return accepted(QStringLiteral("the written-back file is refused: ") + again.error);
    if (again.queryTokens != read.queryTokens || again.keyTokens != read.keyTokens)
        return accepted(QStringLiteral("the written-back file reads other tokens:\n") + shown);
    if (again.title != read.title)
        return accepted(QStringLiteral("the written-back file reads another title"));
    if (again.heads.size() != read.heads.size())
        return accepted(QStringLiteral("the written-back file reads other heads:\n") + shown);
    for (size_t h = 0; h < read.heads.size(); ++h) {
        const Eigen::MatrixXd &a = again.heads[h], &b = read.heads[h];
        if (a.rows() != b.rows() || a.cols() != b.cols() || a != b)
            return accepted(QStringLiteral("the written-back file reads other weights:\n") + shown);
    }
    // The same numbers give the same remarks (their paths may differ: a batch of one is
    // written as a list of heads); only the one about missing tokens can go.
    if (again.warnings.size() > read.warnings.size())
        return accepted(QStringLiteral("the written-back file gives more warnings: ")
            + again.warnings.join(QLatin1Char(' ')));
    return accepted();
}

} // namespace ae::test
