// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonoptions.h"

#include "cli/subcommands.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace ae {

ParsedCommand<LessonOptions> parseLessonArgs(const QStringList &args)
{
    ParsedCommand<LessonOptions> out;
    auto refuse = [&out](const QString &what) {
        out.text = withCommandPrefix(QStringLiteral("lesson"), what);
        return out;
    };
    QCommandLineParser p;
    if (parseSubcommand(*findSubcommand(QStringLiteral("lesson")), p, args, &out))
        return out;
    LessonOptions &o = out.options;
    const int actions = int(p.isSet(QStringLiteral("builtin")))
        + int(p.isSet(QStringLiteral("check"))) + int(p.isSet(QStringLiteral("handout")));
    if (actions != 1)
        return refuse(QStringLiteral("give exactly one of --builtin, --check, --handout OUT"));
    const QStringList positional = p.positionalArguments();
    if (p.isSet(QStringLiteral("builtin"))) {
        if (!positional.isEmpty())
            return refuse(
                QStringLiteral("unexpected argument \"%1\"").arg(positional.constFirst().left(40)));
        o.action = LessonOptions::Action::ListBuiltin;
        out.outcome = ParseOutcome::Run;
        return out;
    }
    if (positional.size() != 1)
        return refuse(QStringLiteral("expected exactly one lesson (a built-in name or a file)"));
    o.lesson = positional.constFirst();
    const QString lang = p.value(QStringLiteral("lang"));
    if (lang != u"en" && lang != u"zh")
        return refuse(QStringLiteral("--lang: \"%1\" is not en or zh").arg(lang.left(40)));
    o.chinese = lang == u"zh";
    if (p.isSet(QStringLiteral("check"))) {
        o.action = LessonOptions::Action::Check;
    } else {
        o.action = LessonOptions::Action::Handout;
        o.output = p.value(QStringLiteral("handout"));
        const QString suffix = QFileInfo(o.output).suffix().toLower();
        if (suffix != u"md" && suffix != u"pdf")
            return refuse(QStringLiteral("--handout: \"%1\" does not end in .md or .pdf")
                              .arg(o.output.left(80)));
    }
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
