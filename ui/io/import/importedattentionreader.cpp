// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/importedattentionreader.h"

#include "io/boundedfilereader.h"
#include "io/strictjson.h"
#include "session/sessionlimits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace ae {

namespace {

/// Thrown inside the reader only; becomes ImportedAttention::error at its boundary.
struct Refusal
{
    QString message;
};

[[noreturn]] void refuse(const QString &path, const QString &message)
{
    throw Refusal { path.isEmpty()
            ? message
            : ImportedAttentionReader::tr("%1: %2", "where: what").arg(path, message) };
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return ImportedAttentionReader::tr("null");
    case QJsonValue::Bool:
        return ImportedAttentionReader::tr("a boolean");
    case QJsonValue::Double:
        return ImportedAttentionReader::tr("a number");
    case QJsonValue::String:
        return ImportedAttentionReader::tr("a string");
    case QJsonValue::Array:
        return ImportedAttentionReader::tr("an array");
    case QJsonValue::Object:
        return ImportedAttentionReader::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return ImportedAttentionReader::tr("nothing");
}

QJsonArray asArray(const QJsonValue &v, const QString &path)
{
    if (!v.isArray())
        refuse(path, ImportedAttentionReader::tr("expected an array, found %1").arg(typeName(v)));
    return v.toArray();
}

QString index(const QString &path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

/// Nesting depth of the first elements of @p v: 0 for a number, 1 for [n, ...], ...
int depth(const QJsonValue &v)
{
    int d = 0;
    QJsonValue cur = v;
    while (cur.isArray() && d < 8) {
        ++d;
        const QJsonArray a = cur.toArray();
        if (a.isEmpty())
            break;
        cur = a.first();
    }
    return d;
}

/// Tokens of an optional list, or numbered positions when absent.
QStringList tokens(const QJsonObject &root, const char *key, int expected, const QString &what,
    QStringList *warnings)
{
    const QString name = QLatin1String(key);
    const QJsonValue v = root.value(name);
    QStringList out;
    if (v.isUndefined() || v.isNull()) {
        for (int i = 0; i < expected; ++i)
            out << QString::number(i);
        *warnings << ImportedAttentionReader::tr("The file has no %1; the %2 are numbered from 0.")
                         .arg(name, what);
        return out;
    }
    const QJsonArray a = asArray(v, name);
    if (a.size() != expected) {
        refuse(name,
            ImportedAttentionReader::tr("%1 tokens, but the weights have %2 %3")
                .arg(a.size())
                .arg(expected)
                .arg(what));
    }
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QJsonValue t = a.at(i);
        if (t.isString())
            out << t.toString().left(limits::maxTokenLength);
        else if (t.isDouble()) // token ids, as a tokenizer gives them
            out << QString::number(t.toDouble(), 'g', 17);
        else
            refuse(index(name, i),
                ImportedAttentionReader::tr("expected a string, found %1").arg(typeName(t)));
    }
    return out;
}

} // namespace

ImportedAttention ImportedAttentionReader::parse(const QByteArray &json)
{
    ImportedAttention out;
    const StrictJsonResult parsed = parseJsonStrictly(json);
    if (parsed.error) {
        out.error = parsed.error->toString();
        return out;
    }
    const QJsonDocument &doc = parsed.document;
    if (!doc.isObject()) {
        out.error
            = tr("expected a JSON object with \"weights\", \"query_tokens\" and \"key_tokens\"");
        return out;
    }
    try {
        const QJsonObject root = doc.object();
        const QJsonValue weights = root.value(QStringLiteral("weights"));
        if (weights.isUndefined())
            refuse(
                QStringLiteral("weights"), tr("missing; expected [heads][queries][keys] numbers"));
        QJsonArray heads = asArray(weights, QStringLiteral("weights"));
        QString path = QStringLiteral("weights");
        const int levels = depth(weights);
        if (levels == 4) {
            // PyTorch's [batch][heads][Lq][Lk] with a batch of one.
            if (heads.size() != 1)
                refuse(
                    path, tr("a batch of %1; export one example (a batch of 1)").arg(heads.size()));
            path = QStringLiteral("weights[0]");
            heads = asArray(heads.first(), path);
        } else if (levels == 2) {
            heads = QJsonArray { weights };
            path = QString();
        } else if (levels != 3) {
            refuse(path,
                tr("%1 levels of arrays; expected [heads][queries][keys] (or [queries][keys])")
                    .arg(levels));
        }
        if (heads.isEmpty())
            refuse(QStringLiteral("weights"), tr("no heads"));
        if (heads.size() > maxHeads)
            refuse(QStringLiteral("weights"),
                tr("%1 heads; at most %2 are read").arg(heads.size()).arg(maxHeads));

        // Sizes from the first head's first row, checked before anything is allocated.
        auto headPath = [&path](qsizetype h) {
            return path.isEmpty() ? QStringLiteral("weights") : index(path, h);
        };
        const QJsonArray firstHead = asArray(heads.first(), headPath(0));
        const qsizetype rows = firstHead.size();
        const qsizetype columns
            = rows > 0 ? asArray(firstHead.first(), index(headPath(0), 0)).size() : 0;
        if (rows == 0 || columns == 0)
            refuse(headPath(0),
                tr("empty; each head needs at least one query row and one key column"));
        if (rows > limits::maxTokens || columns > limits::maxTokens) {
            refuse(headPath(0),
                tr("%1 x %2; at most %3 queries and %3 keys are read")
                    .arg(rows)
                    .arg(columns)
                    .arg(limits::maxTokens));
        }
        if (qint64(heads.size()) * rows * columns > maxNumbers)
            refuse(QStringLiteral("weights"),
                tr("%1 numbers in all; at most %2 are read")
                    .arg(qint64(heads.size()) * rows * columns)
                    .arg(maxNumbers));

        int negative = 0, aboveOne = 0, badRows = 0;
        QString firstBadRow;
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const QJsonArray head = asArray(heads.at(h), headPath(h));
            if (head.size() != rows)
                refuse(headPath(h), tr("%1 query rows, expected %2").arg(head.size()).arg(rows));
            Eigen::MatrixXd m(rows, columns);
            for (qsizetype r = 0; r < rows; ++r) {
                const QString rowPath = index(headPath(h), r);
                const QJsonArray row = asArray(head.at(r), rowPath);
                if (row.size() != columns)
                    refuse(rowPath, tr("%1 numbers, expected %2").arg(row.size()).arg(columns));
                double sum = 0.0;
                for (qsizetype c = 0; c < columns; ++c) {
                    const QJsonValue v = row.at(c);
                    if (!v.isDouble())
                        refuse(
                            index(rowPath, c), tr("expected a number, found %1").arg(typeName(v)));
                    const double x = v.toDouble();
                    if (!limits::isAllowedValue(x))
                        refuse(index(rowPath, c),
                            tr("%1 is larger in magnitude than the limit %2")
                                .arg(x, 0, 'g', 6)
                                .arg(limits::maxAbsValue, 0, 'g', 3));
                    negative += x < 0.0;
                    aboveOne += x > 1.0 + rowSumTolerance;
                    sum += x;
                    m(r, c) = x;
                }
                // A row of zeros is a query that saw nothing (fully masked), not a mistake.
                const bool zeroRow = m.row(r).cwiseAbs().maxCoeff() == 0.0;
                if (!zeroRow && std::abs(sum - 1.0) > rowSumTolerance) {
                    if (badRows++ == 0)
                        firstBadRow = tr("%1 sums to %2").arg(rowPath).arg(sum, 0, 'g', 6);
                }
            }
            out.heads.push_back(std::move(m));
        }
        out.queryTokens = tokens(root, "query_tokens", int(rows), tr("query rows"), &out.warnings);
        out.keyTokens = tokens(root, "key_tokens", int(columns), tr("key columns"), &out.warnings);
        const QJsonValue title = root.value(QStringLiteral("title"));
        if (title.isString())
            out.title = title.toString().left(limits::maxTitleLength);
        else if (!title.isUndefined() && !title.isNull())
            refuse(QStringLiteral("title"), tr("expected a string, found %1").arg(typeName(title)));

        if (badRows > 0) {
            out.warnings << (badRows == 1
                    ? tr("1 row does not sum to 1 (%1); softmax weights do, so "
                         "these may be scores or something else.")
                          .arg(firstBadRow)
                    : tr("%1 rows do not sum to 1 (e.g. %2); softmax weights do, "
                         "so these may be scores or something else.")
                          .arg(badRows)
                          .arg(firstBadRow));
        }
        if (negative > 0) {
            out.warnings << (negative == 1
                    ? tr("1 weight is below 0; softmax weights never are.")
                    : tr("%1 weights are below 0; softmax weights never are.").arg(negative));
        }
        if (aboveOne > 0) {
            out.warnings << (aboveOne == 1
                    ? tr("1 weight is above 1; softmax weights never are.")
                    : tr("%1 weights are above 1; softmax weights never are.").arg(aboveOne));
        }
    } catch (const Refusal &refusal) {
        out.heads.clear();
        out.error = refusal.message;
    }
    return out;
}

ImportedAttention ImportedAttentionReader::read(const QString &fileName)
{
    ImportedAttention out;
    out.fileName = fileName;
    const std::optional<QByteArray> bytes
        = BoundedFileReader::read(fileName, maxFileBytes, &out.error);
    if (!bytes)
        return out;
    ImportedAttention parsed = parse(*bytes);
    parsed.fileName = fileName;
    return parsed;
}

} // namespace ae
