// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/serveoptions.h"

#include "cli/subcommands.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace ae {

ParsedCommand<ServeOptions> parseServeArgs(const QStringList &args)
{
    ParsedCommand<ServeOptions> out;
    auto refuse = [&out](const QString &what) {
        out.text = withCommandPrefix(QStringLiteral("serve"), what);
        out.outcome = ParseOutcome::Refused;
        return out;
    };
    QCommandLineParser p;
    if (parseSubcommand(*findSubcommand(QStringLiteral("serve")), p, args, &out))
        return out;
    ServeOptions &o = out.options;
    const QStringList positional = p.positionalArguments();
    if (positional.size() != 1)
        return refuse(QStringLiteral("expected exactly one lesson (a built-in name or a file)"));
    o.lesson = positional.constFirst();
    const QString bind = p.value(QStringLiteral("bind"));
    if (!o.bind.setAddress(bind))
        return refuse(QStringLiteral("--bind: \"%1\" is not an IP address").arg(bind.left(60)));
    bool ok = false;
    const uint port = p.value(QStringLiteral("port")).toUInt(&ok);
    if (!ok || port > 65535)
        return refuse(QStringLiteral("--port: \"%1\" is not 0..65535")
                          .arg(p.value(QStringLiteral("port")).left(20)));
    o.port = static_cast<quint16>(port);
    if (p.isSet(QStringLiteral("record"))) {
        o.record = p.value(QStringLiteral("record"));
        if (QFileInfo(o.record).suffix().toLower() != u"csv")
            return refuse(
                QStringLiteral("--record: \"%1\" does not end in .csv").arg(o.record.left(80)));
    }
    const QString lang = p.value(QStringLiteral("lang"));
    if (lang != u"en" && lang != u"zh")
        return refuse(QStringLiteral("--lang: \"%1\" is not en or zh").arg(lang.left(40)));
    o.chinese = lang == u"zh";
    out.outcome = ParseOutcome::Run;
    return out;
}

} // namespace ae
