// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/sessionerrortext.h"

#include "session/displayindex.h"
#include "session/sequencerole.h"
#include "session/sessionlimits.h"

#include <QRegularExpression>

namespace ae {

namespace {

/// The divisors of @p n up to the head limit, as "1, 2 or 4".
QString divisorList(int n)
{
    QStringList divisors;
    for (int h = 1; h <= std::min(n, limits::maxHeads); ++h) {
        if (n % h == 0)
            divisors << QString::number(h);
    }
    return SessionErrorText::orList(divisors);
}

/// The translated label @p source of @p context without its mnemonic ("(&P)" or "&") and
/// without a trailing colon, as a sentence names it.
QString plainLabel(const char *context, const char *source)
{
    static const QRegularExpression mnemonic(QStringLiteral("\\(&.\\)|&(?=.)"));
    QString text = QCoreApplication::translate(context, source);
    text.remove(mnemonic);
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0xff1a)))
        text.chop(1);
    return text.trimmed();
}

/// @p text without a full stop (ASCII or ideographic) at its end.
QString withoutFullStop(QString text)
{
    while (text.endsWith(QLatin1Char('.')) || text.endsWith(QChar(0x3002)))
        text.chop(1);
    return text;
}

QString sequenceName(const QString &role)
{
    return RoleLabel::text(
        role == roleName(SequenceRole::Source) ? SequenceRole::Source : SequenceRole::Target,
        RoleLabel::Case::Sentence);
}

} // namespace

QString SessionErrorText::fieldName(const QString &path)
{
    static const QRegularExpression sequencePath(
        QStringLiteral("^(source|target)\\.(tokens|embeddings|padding|generator)"
                       "(?:\\[(\\d+)\\])?(?:\\[(\\d+)\\])?"));
    const QRegularExpressionMatch m = sequencePath.match(path);
    if (m.hasMatch()) {
        const QString sequence = sequenceName(m.captured(1));
        const QString part = m.captured(2);
        if (part == QLatin1String("tokens"))
            return m.captured(3).isEmpty()
                ? tr("%1 tokens").arg(sequence)
                : tr("%1, token %2").arg(sequence, displayNumber(m.captured(3).toInt()));
        if (part == QLatin1String("embeddings")) {
            if (!m.captured(4).isEmpty())
                return tr("%1 vectors, row %2, dimension %3")
                    .arg(sequence, displayNumber(m.captured(3).toInt()),
                        displayNumber(m.captured(4).toInt()));
            return tr("%1 vectors").arg(sequence);
        }
        if (part == QLatin1String("padding"))
            return tr("%1 padding").arg(sequence);
        return tr("%1 vectors").arg(sequence);
    }
    if (path == QLatin1String("attention.heads"))
        return tr("Heads");
    if (path == QLatin1String("attention.d_model"))
        return tr("d_model");
    if (path == QLatin1String("attention.scale"))
        return tr("Scale divisor");
    if (path.startsWith(QLatin1String("attention.projections")))
        return tr("Projections");
    if (path.startsWith(QLatin1String("scaling")))
        return tr("Scaling plot");
    if (path == QLatin1String("title"))
        return tr("Title");
    return QString();
}

QString SessionErrorText::list(const QStringList &items)
{
    if (items.isEmpty())
        return {};
    QString text = items.constFirst();
    for (qsizetype i = 1; i < items.size(); ++i) {
        //: Adds an item to a list that goes on, e.g. "1, 2" (Chinese "1、2")
        text = tr("%1, %2", "list").arg(text, items[i]);
    }
    return text;
}

QString SessionErrorText::orList(const QStringList &items)
{
    if (items.size() < 2)
        return items.value(0);
    //: The last item of a list of choices, e.g. "1, 2 or 4"
    return tr("%1 or %2").arg(list(items.mid(0, items.size() - 1)), items.constLast());
}

QString SessionErrorText::sentence(const QString &text)
{
    //: A sentence built from parts, given its full stop
    return tr("%1.", "sentence end").arg(withoutFullStop(text));
}

QString SessionErrorText::joinSentences(const QString &first, const QString &second)
{
    //: Two sentences one after the other (Chinese needs no space between them)
    return tr("%1 %2", "two sentences").arg(first, second);
}

QString SessionErrorText::describe(const SessionError &error, const Session &session)
{
    QString text;
    const QString field = fieldName(error.path);
    if (!field.isEmpty())
        text = tr("%1 (%2): %3").arg(field, error.path, error.message);
    else if (!error.path.isEmpty())
        text = tr("%1: %2").arg(error.path, error.message);
    else
        text = error.message;
    text = sentence(text);

    // The core says what is wrong; for the fields a user meets most, add how to fix it where
    // the core's message does not already.
    QString hint;
    const AttentionConfig &c = session.attention.config;
    if (error.path == QLatin1String("attention.heads") && c.dModel >= 1 && c.heads >= 1
        && c.dModel % c.heads != 0) {
        hint = tr("Choose %1 heads, or a d_model that %2 divides.")
                   .arg(divisorList(c.dModel))
                   .arg(c.heads);
    } else if (error.path.startsWith(QLatin1String("attention.projections."))) {
        // Named with the attention panel's own labels, in the language of the moment.
        hint = tr("Edit the matrices (%1 ▸ %2) or choose random projections.")
                   .arg(plainLabel("ae::AttentionPanel", "&Projections:"),
                       plainLabel("ae::AttentionPanel", "&Matrices…"));
    } else if (error.path.contains(QLatin1String(".embeddings["))) {
        hint = tr("Type a smaller number in that cell.");
    }
    if (!hint.isEmpty())
        text = joinSentences(text, hint);
    return text;
}

} // namespace ae
