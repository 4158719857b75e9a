#include "sessionerrortext.h"

#include "sequencerole.h"
#include "sessionlimits.h"

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
    if (divisors.size() <= 1)
        return divisors.join(QString());
    const QString last = divisors.takeLast();
    return SessionErrorText::tr("%1 or %2").arg(divisors.join(QStringLiteral(", ")), last);
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
            return m.captured(3).isEmpty() ? tr("%1 tokens").arg(sequence)
                                           : tr("%1, token %2").arg(sequence, m.captured(3));
        if (part == QLatin1String("embeddings")) {
            if (!m.captured(4).isEmpty())
                return tr("%1 vectors, row %2, dimension %3")
                    .arg(sequence, m.captured(3), m.captured(4));
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

QString SessionErrorText::describe(const SessionError &error, const Session &session)
{
    QString text;
    const QString field = fieldName(error.path);
    if (!field.isEmpty())
        text = tr("%1 (%2): %3").arg(field, error.path, error.message);
    else
        text = error.toString();
    if (!text.endsWith(QLatin1Char('.')))
        text += QLatin1Char('.');

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
        hint = tr("Edit the matrices (Projections ▸ Matrices…) or choose random projections.");
    } else if (error.path.contains(QLatin1String(".embeddings["))) {
        hint = tr("Type a smaller number in that cell.");
    }
    if (!hint.isEmpty())
        text += QLatin1Char(' ') + hint;
    return text;
}

} // namespace ae
