// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessoncaption.h"

#include <QRegularExpression>

namespace ae {

namespace {

/// True for an absolute http or https address, the only link targets a caption may hold.
bool isWebAddress(const QString &target)
{
    const QString t = target.trimmed();
    return t.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)
        || t.startsWith(QLatin1String("http://"), Qt::CaseInsensitive);
}

} // namespace

std::optional<QString> LessonCaption::problem(const QString &markdown)
{
    if (markdown.contains(QLatin1String("![")))
        return tr("images are not allowed in a caption");
    // Raw HTML, comments and autolinks all start with '<' and a letter, '/', '!' or '?'; a
    // lone '<' (as in "a < b") stays allowed.
    static const QRegularExpression html(QStringLiteral("<[A-Za-z/!?]"));
    if (markdown.contains(html))
        return tr("HTML and <...> links are not allowed in a caption");
    // Inline links [text](target) and reference definitions [label]: target.
    static const QRegularExpression inlineLink(QStringLiteral("\\]\\(\\s*([^)\\s]*)"));
    for (auto it = inlineLink.globalMatch(markdown); it.hasNext();) {
        const QString target = it.next().captured(1);
        if (!isWebAddress(target))
            return tr("the link to \"%1\" is not an http or https address").arg(target.left(64));
    }
    static const QRegularExpression definition(
        QStringLiteral("^\\s{0,3}\\[[^\\]]+\\]:\\s*(\\S*)"), QRegularExpression::MultilineOption);
    for (auto it = definition.globalMatch(markdown); it.hasNext();) {
        const QString target = it.next().captured(1);
        if (!isWebAddress(target))
            return tr("the link to \"%1\" is not an http or https address").arg(target.left(64));
    }
    return std::nullopt;
}

} // namespace ae
