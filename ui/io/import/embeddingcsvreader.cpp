// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/embeddingcsvreader.h"

#include "io/boundedfilereader.h"
#include "language/numberformat.h"
#include "session/sessionlimits.h"

#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <optional>
#include <vector>

namespace ae {

namespace {

/// One content line of the file, split into fields.
struct Row
{
    int line = 0; ///< 1-based line number in the file
    QStringList fields;
};

enum class NumberCheck { Number, NotANumber, NotFinite };

NumberCheck checkNumber(const QString &text, double *value)
{
    bool ok = false;
    const QString t = text.trimmed();
    const double v = QLocale::c().toDouble(t, &ok);
    if (ok) {
        if (!std::isfinite(v))
            return NumberCheck::NotFinite;
        *value = v;
        return NumberCheck::Number;
    }
    if (const auto parsed = NumberFormat::parse(t)) {
        *value = *parsed;
        return NumberCheck::Number;
    }
    const QString lower = t.toLower();
    if (lower.contains(QLatin1String("nan")) || lower.contains(QLatin1String("inf")))
        return NumberCheck::NotFinite;
    return NumberCheck::NotANumber;
}

bool isNumber(const QString &text)
{
    double v = 0.0;
    return checkNumber(text, &v) == NumberCheck::Number;
}

/// Splits one line on @p delimiter (a null QChar: runs of white space), honouring double
/// quotes as CSV does. Returns nothing when a quote is left open.
std::optional<QStringList> splitLine(const QString &line, QChar delimiter)
{
    if (delimiter.isNull())
        return line.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    QStringList fields;
    QString field;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"') && field.trimmed().isEmpty()) {
            quoted = true;
            wasQuoted = true;
            field.clear();
        } else if (c == delimiter) {
            fields << (wasQuoted ? field : field.trimmed());
            field.clear();
            wasQuoted = false;
        } else if (!wasQuoted) {
            field += c;
        }
    }
    if (quoted)
        return std::nullopt;
    fields << (wasQuoted ? field : field.trimmed());
    return fields;
}

QString shortText(const QString &text)
{
    return text.size() > 40 ? text.left(40) + QStringLiteral("\u2026") : text;
}

} // namespace

EmbeddingCsv EmbeddingCsvReader::parse(const QByteArray &bytes)
{
    EmbeddingCsv out;
    const QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));

    std::vector<Row> rows;
    QChar delimiter;
    bool delimiterChosen = false;
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        // A byte order mark starts the file, or a line where files were joined; it would
        // otherwise be an invisible part of the line's token.
        if (line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#')))
            continue;
        if (!delimiterChosen) {
            // The first row decides: tab, then comma, then semicolon, else white space.
            if (line.contains(QLatin1Char('\t')))
                delimiter = QLatin1Char('\t');
            else if (line.contains(QLatin1Char(',')))
                delimiter = QLatin1Char(',');
            else if (line.contains(QLatin1Char(';')))
                delimiter = QLatin1Char(';');
            delimiterChosen = true;
        }
        const auto fields = splitLine(line, delimiter);
        if (!fields) {
            out.error = tr("row %1: a quoted field is not closed").arg(i + 1);
            return out;
        }
        rows.push_back(Row { i + 1, *fields });
        // One header row more than the limit is fine; anything beyond is refused now.
        if (int(rows.size()) > limits::maxTokens + 1) {
            out.error = tr("more than %1 rows: a sequence holds at most %1 tokens")
                            .arg(limits::maxTokens);
            return out;
        }
    }
    if (rows.empty()) {
        out.error = tr("the file holds no rows of numbers");
        return out;
    }

    // A header: a first row whose number columns are not all numbers, or whose first cell is
    // empty (the corner of a table with row names).
    const QStringList &first = rows.front().fields;
    bool header = first.size() > 1 && first.front().isEmpty();
    for (int c = 1; c < first.size(); ++c) {
        double v = 0.0;
        // "nan" or "inf" is a bad number in a data row, not a column name.
        header = header || checkNumber(first.at(c), &v) == NumberCheck::NotANumber;
    }
    if (first.size() == 1 && !isNumber(first.front()) && rows.size() > 1
        && isNumber(rows[1].fields.value(0)))
        header = true;
    const size_t begin = header ? 1 : 0;
    if (begin >= rows.size()) {
        out.error = tr("the file holds only a header row, no numbers");
        return out;
    }
    out.hadHeader = header;

    const Row &firstData = rows[begin];
    const bool tokenColumn = !isNumber(firstData.fields.value(0));
    const int fieldCount = int(firstData.fields.size());
    const int width = fieldCount - (tokenColumn ? 1 : 0);
    if (width < 1) {
        out.error = tr("row %1: no numbers; expected a token followed by its embedding numbers")
                        .arg(firstData.line);
        return out;
    }
    if (width > limits::maxEmbeddingWidth) {
        out.error = tr("row %1: %2 numbers; an embedding has at most %3")
                        .arg(firstData.line)
                        .arg(width)
                        .arg(limits::maxEmbeddingWidth);
        return out;
    }
    const int count = int(rows.size() - begin);
    if (count > limits::maxTokens) {
        out.error
            = tr("%1 rows: a sequence holds at most %2 tokens").arg(count).arg(limits::maxTokens);
        return out;
    }

    std::vector<double> values;
    values.reserve(size_t(count) * size_t(width));
    for (size_t r = begin; r < rows.size(); ++r) {
        const Row &row = rows[r];
        if (row.fields.size() != fieldCount) {
            out.error = tr("row %1: %2 fields, expected %3 like row %4")
                            .arg(row.line)
                            .arg(row.fields.size())
                            .arg(fieldCount)
                            .arg(firstData.line);
            return out;
        }
        int c = 0;
        if (tokenColumn) {
            const QString token = row.fields.front().trimmed();
            if (token.isEmpty()) {
                out.error = tr("row %1, column 1: the token is empty").arg(row.line);
                return out;
            }
            if (token.size() > limits::maxTokenLength) {
                out.error = tr("row %1, column 1: the token is longer than %2 characters")
                                .arg(row.line)
                                .arg(limits::maxTokenLength);
                return out;
            }
            out.tokens << token;
            c = 1;
        }
        for (; c < fieldCount; ++c) {
            double v = 0.0;
            const QString &field = row.fields.at(c);
            switch (checkNumber(field, &v)) {
            case NumberCheck::Number:
                break;
            case NumberCheck::NotFinite:
                out.error = tr("row %1, column %2: \"%3\" is not a finite number")
                                .arg(row.line)
                                .arg(c + 1)
                                .arg(shortText(field));
                return out;
            case NumberCheck::NotANumber:
                out.error = field.contains(QLatin1Char(','))
                    ? tr("row %1, column %2: \"%3\" is not a number (write decimals with a point, "
                         "e.g. 0.5)")
                          .arg(row.line)
                          .arg(c + 1)
                          .arg(shortText(field))
                    : tr("row %1, column %2: \"%3\" is not a number")
                          .arg(row.line)
                          .arg(c + 1)
                          .arg(shortText(field));
                return out;
            }
            if (!limits::isAllowedValue(v)) {
                out.error = tr("row %1, column %2: %3 is larger than %4 in magnitude")
                                .arg(row.line)
                                .arg(c + 1)
                                .arg(shortText(field))
                                .arg(limits::maxAbsValue, 0, 'g');
                return out;
            }
            values.push_back(v);
        }
    }
    out.values
        = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            values.data(), count, width);
    return out;
}

EmbeddingCsv EmbeddingCsvReader::read(const QString &fileName)
{
    EmbeddingCsv out;
    const std::optional<QByteArray> bytes
        = BoundedFileReader::read(fileName, maxFileBytes, &out.error);
    if (!bytes)
        return out;
    return parse(*bytes);
}

} // namespace ae
