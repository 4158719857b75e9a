// SPDX-License-Identifier: GPL-3.0-or-later
// The command line as a whole, run as a separate process without a display: typos refused
// with a suggestion (never a window, never an abort), repeated options, messages that start
// with the subcommand, standard input, UTF-16 files, unknown session fields, the --help texts
// and `compute --include`.

#include "testsupportcli.h"
#include "testsupporttools.h"

#include "cli/platformnotices.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

namespace {

QString referenceFile(const QString &name)
{
    return test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json");
}

/// Writes @p bytes to @p name in @p dir and returns the path.
QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return QString();
    return path;
}

} // namespace

/// Tests the command line's handling of what people mistype.
class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusals_data();
    void refusals();
    void unknownFieldsAreNamed();
    void standardInput();
    void noQtDiagnostics_data();
    void noQtDiagnostics();
    void noQtDiagnosticsFromTheWindow_data();
    void noQtDiagnosticsFromTheWindow();
    void platformNotices_data();
    void platformNotices();
    void subcommandHelp_data();
    void subcommandHelp();
    void overviewListsEveryView();
    void helpSubcommand_data();
    void helpSubcommand();
    void helpRefusals_data();
    void helpRefusals();
    void includeProjectionsAndQkv();
    void entropyProgressOnATerminal();

private:
    QTemporaryDir m_dir;
    QString m_session;
};

void TestCommandLine::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AE_APP_BINARY)).isExecutable(), AE_APP_BINARY);
    QVERIFY(m_dir.isValid());
    m_session = referenceFile(QStringLiteral("seed-cross-2heads"));
    QVERIFY(QFileInfo::exists(m_session));
}

void TestCommandLine::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    const QString s = referenceFile(QStringLiteral("seed-cross-2heads"));
    const auto row = [](const char *name, const QStringList &args, const QString &says) {
        QTest::newRow(name) << args << says;
    };
    row("mistyped subcommand", { QStringLiteral("comptue"), s },
        QStringLiteral(
            "attention-explorer: \"comptue\" is not a subcommand; did you mean compute?"));
    row("mistyped --help", { QStringLiteral("--hlep") },
        QStringLiteral("attention-explorer: unknown option --hlep; did you mean --help?"));
    row("mistyped option of explain",
        { QStringLiteral("explain"), QStringLiteral("--haed"), QStringLiteral("0"), s },
        QStringLiteral("explain: unknown option --haed; did you mean --head?"));
    row("mistyped option of export",
        { QStringLiteral("export"), s, QStringLiteral("-o"),
            m_dir.filePath(QStringLiteral("x.svg")), QStringLiteral("--strech") },
        QStringLiteral("export: unknown option --strech; did you mean --stretch?"));
    row("mistyped option of worksheet",
        { QStringLiteral("worksheet"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("w")),
            QStringLiteral("--student"), QStringLiteral("3") },
        QStringLiteral("worksheet: unknown option --student; did you mean --students?"));
    row("nothing like a subcommand", { QStringLiteral("frobnicate") },
        QStringLiteral("attention-explorer: \"frobnicate\" is neither a subcommand"));
    row("an option after a session file", { s, QStringLiteral("--hlep") },
        QStringLiteral("attention-explorer: unknown option --hlep; did you mean --help?"));
    row("two session files", { s, s }, QStringLiteral("the window opens one file"));
    row("repeated head",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), QStringLiteral("0"),
            QStringLiteral("--head"), QStringLiteral("1"), QStringLiteral("--query"),
            QStringLiteral("0"), QStringLiteral("--key"), QStringLiteral("0") },
        QStringLiteral("explain: --head is given more than once"));
    row("repeated output, short and long",
        { QStringLiteral("export"), s, QStringLiteral("-o"),
            m_dir.filePath(QStringLiteral("a.svg")), QStringLiteral("--output"),
            m_dir.filePath(QStringLiteral("b.svg")) },
        QStringLiteral("export: --output is given more than once"));
    row("dims with an empty entry",
        { QStringLiteral("entropy"), QStringLiteral("--dims"), QStringLiteral("8,,32") },
        QStringLiteral("entropy: --dims: entry 2 is empty"));
    row("dims not a number",
        { QStringLiteral("entropy"), QStringLiteral("--dims"), QStringLiteral("abc") },
        QStringLiteral("from 1 to 8192"));
    row("include unknown",
        { QStringLiteral("compute"), s, QStringLiteral("--include"), QStringLiteral("weights") },
        QStringLiteral("compute: --include: \"weights\""));
    row("explain index out of range",
        { QStringLiteral("explain"), s, QStringLiteral("--head"), QStringLiteral("0"),
            QStringLiteral("--query"), QStringLiteral("0"), QStringLiteral("--key"),
            QStringLiteral("99") },
        QStringLiteral("explain: ") + s + QStringLiteral(": --key: 99"));
    row("export head out of range",
        { QStringLiteral("export"), s, QStringLiteral("-o"),
            m_dir.filePath(QStringLiteral("c.svg")), QStringLiteral("--view"),
            QStringLiteral("head:9") },
        QStringLiteral("export: ") + s + QStringLiteral(": --view head:9"));
    row("compute without a file", { QStringLiteral("compute") },
        QStringLiteral("compute: expected one SESSION.json, got 0 arguments"));
}

void TestCommandLine::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && !run.crashed, qPrintable(test::describe(run)));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(says), qPrintable(err));
    // Every line names who speaks: the subcommand, or the program for a bad first argument.
    const QString first = args.constFirst();
    const QString speaker = QStringList { QStringLiteral("compute"), QStringLiteral("entropy"),
        QStringLiteral("explain"), QStringLiteral("export"), QStringLiteral("worksheet") }
                                .contains(first)
        ? first
        : QStringLiteral("attention-explorer");
    for (const QString &line : err.trimmed().split(QLatin1Char('\n')))
        QVERIFY2(line.startsWith(speaker + QStringLiteral(": ")), qPrintable(line));
}

void TestCommandLine::unknownFieldsAreNamed()
{
    QJsonObject root = test::specExampleObject();
    root = test::withValue(root, QStringLiteral("attention.causual"), true);
    root = test::withValue(root, QStringLiteral("source.paddding"), QJsonArray { false });
    root = test::withValue(root, QStringLiteral("attention.projections.bq"), QJsonArray { 0 });
    const QString path = writeFile(m_dir, QStringLiteral("typos.json"), test::toBytes(root));
    QVERIFY(!path.isEmpty());

    const test::CliRun lenient = test::runCli({ QStringLiteral("compute"), path });
    QVERIFY2(lenient.finished && lenient.exitCode == 0, qPrintable(test::describe(lenient)));
    QVERIFY(!test::parseObject(lenient.out).isEmpty());
    const QString err = QString::fromUtf8(lenient.err);
    for (const QString &expected :
        { QStringLiteral("compute: %1: attention.causual: unknown field, kept but not used (did "
                         "you mean \u201ccausal\u201d?)"),
            QStringLiteral("compute: %1: source.paddding: unknown field, kept but not used (did "
                           "you mean \u201cpadding\u201d?)"),
            QStringLiteral("compute: %1: attention.projections.bq: unknown field, kept but not "
                           "used (did you mean \u201cb_q\u201d?)") })
        QVERIFY2(err.contains(expected.arg(path)), qPrintable(err));

    const test::CliRun strict
        = test::runCli({ QStringLiteral("compute"), QStringLiteral("--strict"), path });
    QVERIFY2(strict.finished && strict.exitCode == 2, qPrintable(test::describe(strict)));
    QVERIFY(strict.out.isEmpty());
    QVERIFY(QString::fromUtf8(strict.err).contains(QStringLiteral("refused under --strict")));

    // A clean file gives no warning, strict or not.
    const test::CliRun clean = test::runCli({ QStringLiteral("compute"), QStringLiteral("--strict"),
        referenceFile(QStringLiteral("padding")) });
    QVERIFY2(clean.finished && clean.exitCode == 0, qPrintable(test::describe(clean)));
    QVERIFY2(clean.err.isEmpty(), clean.err.constData());
}

void TestCommandLine::standardInput()
{
    QFile file(m_session);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const test::CliRun fromFile = test::runCli({ QStringLiteral("compute"), m_session });
    QVERIFY2(fromFile.exitCode == 0, qPrintable(test::describe(fromFile)));

    QProcess process;
    process.setProcessEnvironment(test::headlessEnvironment());
    process.start(
        QStringLiteral(AE_APP_BINARY), { QStringLiteral("compute"), QStringLiteral("-") });
    QVERIFY(process.waitForStarted());
    process.write(bytes);
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(process.readAllStandardOutput(), fromFile.out);

    // UTF-16 is named as such, not as an "illegal value".
    QByteArray utf16("\xff\xfe");
    for (const QChar c : QString::fromUtf8(bytes)) {
        utf16.append(char(c.unicode() & 0xff));
        utf16.append(char(c.unicode() >> 8));
    }
    const QString wide = writeFile(m_dir, QStringLiteral("utf16.json"), utf16);
    const test::CliRun refused = test::runCli({ QStringLiteral("compute"), wide });
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(
        QString::fromUtf8(refused.err)
            .startsWith(
                QStringLiteral("compute: %1: the file is UTF-16 text (little-endian)").arg(wide)),
        refused.err.constData());
}

void TestCommandLine::noQtDiagnostics_data()
{
    QTest::addColumn<QStringList>("args");
    // The command's own lines on stderr, if any (a check prints each claim it evaluated).
    QTest::addColumn<QString>("ownLines");
    QTest::newRow("export png") << QStringList { QStringLiteral("export"), m_session,
        QStringLiteral("-o"), m_dir.filePath(QStringLiteral("q.png")) }
                                << QString();
    QTest::newRow("worksheet pdf") << QStringList { QStringLiteral("worksheet"),
        QStringLiteral("-o"), m_dir.filePath(QStringLiteral("sheets")),
        QStringLiteral("--students"), QStringLiteral("1"), QStringLiteral("--format"),
        QStringLiteral("pdf") } << QString();
    QTest::newRow("compute") << QStringList { QStringLiteral("compute"), m_session } << QString();
    // The lesson command makes a GUI application object (handouts draw figures).
    QTest::newRow("lesson builtin")
        << QStringList { QStringLiteral("lesson"), QStringLiteral("--builtin") } << QString();
    QTest::newRow("lesson check") << QStringList { QStringLiteral("lesson"),
        QStringLiteral("cross-attention"), QStringLiteral("--check") }
                                  << QStringLiteral(R"(^steps\[\d+\]\.claims\[\d+\]: .*: holds$)");
    QTest::newRow("lesson handout")
        << QStringList { QStringLiteral("lesson"), QStringLiteral("multi-head-by-hand"),
               QStringLiteral("--handout"), m_dir.filePath(QStringLiteral("handout.md")) }
        << QString();
}

void TestCommandLine::noQtDiagnosticsFromTheWindow_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("example") << QStringList {};
    QTest::newRow("session") << QStringList { QStringLiteral(
        AE_TEST_DATA_DIR "/spec-example.session.json") };
}

void TestCommandLine::noQtDiagnosticsFromTheWindow()
{
    QFETCH(QStringList, args);
    QProcessEnvironment env = test::headlessEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.remove(QStringLiteral("AE_DEBUG"));
    // Quits a moment after the first painted window, saying when that was.
    env.insert(QStringLiteral("AE_STARTUP_TIMER"), QStringLiteral("300"));
    QTemporaryDir home;
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    const test::CliRun run = test::runCli(args, env);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QStringList lines
        = QString::fromLocal8Bit(run.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(!lines.isEmpty(), "the window did not report its first paint");
    for (const QString &line : lines)
        QVERIFY2(line.startsWith(QStringLiteral("startup: ")), qPrintable(line));
}

void TestCommandLine::platformNotices_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("dropped");
    QTest::newRow("runtime dir") << QStringLiteral(
        "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-root'")
                                 << true;
    QTest::newRow("size hints") << QStringLiteral(
        "This plugin does not support propagateSizeHints()")
                                << true;
    QTest::newRow("raise") << QStringLiteral("This plugin does not support raise()") << true;
    // Real warnings still show.
    QTest::newRow("runtime dir permissions") << QStringLiteral(
        "QStandardPaths: wrong permissions on runtime directory /run/user/0, "
        "0755 instead of 0700") << false;
    QTest::newRow("painter") << QStringLiteral("QPainter::begin: Paint device returned engine "
                                               "== 0, type: 3")
                             << false;
    QTest::newRow("font") << QStringLiteral("QFont::setPointSizeF: Point size <= 0 (0.000000)")
                          << false;
    QTest::newRow("quoted inside")
        << QStringLiteral("note: This plugin does not support raise()") << false;
}

void TestCommandLine::platformNotices()
{
    QFETCH(QString, message);
    QFETCH(bool, dropped);
    QCOMPARE(isKnownPlatformNotice(message), dropped);
}

void TestCommandLine::noQtDiagnostics()
{
    QFETCH(QStringList, args);
    // A server's environment: no display and no XDG_RUNTIME_DIR, which Qt would complain about.
    QProcessEnvironment env = test::headlessEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.remove(QStringLiteral("AE_DEBUG"));
    QFETCH(QString, ownLines);
    const test::CliRun run = test::runCli(args, env);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QRegularExpression own(ownLines);
    const QStringList lines
        = QString::fromLocal8Bit(run.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines)
        QVERIFY2(!ownLines.isEmpty() && own.match(line).hasMatch(), qPrintable(line));
}

void TestCommandLine::subcommandHelp_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("defaults");
    QTest::newRow("compute") << QStringLiteral("compute")
                             << QStringList { QStringLiteral("--include projections,qkv"),
                                    QStringLiteral("--strict") }
                             << QStringList {};
    QTest::newRow("entropy") << QStringLiteral("entropy")
                             << QStringList { QStringLiteral("--dims LIST"),
                                    QStringLiteral("--queries N"), QStringLiteral("--keys N"),
                                    QStringLiteral("--repeats N"), QStringLiteral("--seed N") }
                             << QStringList { QStringLiteral("Default: 8,32,128,512."),
                                    QStringLiteral("Default: 2048."),
                                    QStringLiteral("Default: 10."), QStringLiteral("Default: 1."),
                                    QStringLiteral("Default: 0.") };
    QTest::newRow("explain") << QStringLiteral("explain")
                             << QStringList { QStringLiteral("--head H|mean"),
                                    QStringLiteral("--query I"), QStringLiteral("--key J"),
                                    QStringLiteral("--format json|markdown|latex"),
                                    QStringLiteral("--decimals N"), QStringLiteral("--strict") }
                             << QStringList { QStringLiteral("Default: json."),
                                    QStringLiteral("Default: 4.") };
    QTest::newRow("export") << QStringLiteral("export")
                            << QStringList { QStringLiteral("-o, --output OUT"),
                                   QStringLiteral("--view "), QStringLiteral("--threshold W"),
                                   QStringLiteral("--width PX"), QStringLiteral("--height PX"),
                                   QStringLiteral("--dpi N"), QStringLiteral("--no-values"),
                                   QStringLiteral("--no-colorbar"), QStringLiteral("--stretch"),
                                   QStringLiteral("--title TEXT"), QStringLiteral("--colormap "),
                                   QStringLiteral("--strict") }
                            << QStringList { QStringLiteral("Default: mean."),
                                   QStringLiteral("Default: 0.05."), QStringLiteral("Default: 96."),
                                   QStringLiteral("Default: cividis."),
                                   QStringLiteral("at most 100 million pixels") };
    QTest::newRow("worksheet") << QStringLiteral("worksheet")
                               << QStringList { QStringLiteral("-o, --output DIR"),
                                      QStringLiteral("--students N"), QStringLiteral("--seed N"),
                                      QStringLiteral("--lang en|zh"), QStringLiteral("--format "),
                                      QStringLiteral("--tokens N"), QStringLiteral("--d-model N"),
                                      QStringLiteral("--heads N"), QStringLiteral("--wiring "),
                                      QStringLiteral("--causal") }
                               << QStringList { QStringLiteral("Default: 30."),
                                      QStringLiteral("Default: en."),
                                      QStringLiteral("Default: markdown."),
                                      QStringLiteral("Default: 3."), QStringLiteral("Default: 2."),
                                      QStringLiteral("Default: cross.") };
}

void TestCommandLine::subcommandHelp()
{
    QFETCH(QString, command);
    QFETCH(QStringList, options);
    QFETCH(QStringList, defaults);
    const test::CliRun run = test::runCli({ command, QStringLiteral("--help") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    QVERIFY(run.err.isEmpty());
    const QString help = QString::fromUtf8(run.out);
    QVERIFY2(
        help.startsWith(QStringLiteral("Usage: attention-explorer ") + command), qPrintable(help));
    for (const QString &o : options)
        QVERIFY2(help.contains(QStringLiteral("\n  ") + o), qPrintable(o));
    // Folded back into one paragraph per option, every default is said.
    const QString flat = help.simplified();
    for (const QString &d : defaults)
        QVERIFY2(flat.contains(d), qPrintable(d));
    // Plain text that a man page can be made from: no tabs, no line past 79 characters but an
    // option's own signature.
    QVERIFY(!help.contains(QLatin1Char('\t')));
    for (const QString &line : help.split(QLatin1Char('\n')))
        QVERIFY2(line.size() <= 79 || line.startsWith(QStringLiteral("  -")), qPrintable(line));
}

void TestCommandLine::helpSubcommand_data()
{
    QTest::addColumn<QString>("command");
    for (const char *name :
        { "compute", "entropy", "explain", "export", "worksheet", "lesson", "serve", "train" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestCommandLine::helpSubcommand()
{
    // `help compute` is `compute --help`, as git's `help commit`.
    QFETCH(QString, command);
    const test::CliRun help = test::runCli({ QStringLiteral("help"), command });
    QVERIFY2(help.finished && help.exitCode == 0, qPrintable(test::describe(help)));
    QVERIFY(help.err.isEmpty());
    QVERIFY2(
        help.out.startsWith("Usage: attention-explorer " + command.toUtf8()), help.out.constData());
    QCOMPARE(help.out, test::runCli({ command, QStringLiteral("--help") }).out);
}

void TestCommandLine::helpRefusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("typo") << QStringList { QStringLiteral("help"), QStringLiteral("comptue") }
                          << QStringLiteral("attention-explorer: help: \"comptue\" is not a "
                                            "subcommand; did you mean compute?");
    QTest::newRow("unknown") << QStringList { QStringLiteral("help"), QStringLiteral("xyz") }
                             << QStringLiteral("attention-explorer: help: \"xyz\" is not a "
                                               "subcommand (compute, entropy");
    QTest::newRow("two") << QStringList { QStringLiteral("help"), QStringLiteral("compute"),
        QStringLiteral("explain") }
                         << QStringLiteral("attention-explorer: help takes one subcommand");
}

void TestCommandLine::helpRefusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const test::CliRun run = test::runCli(args);
    QVERIFY2(run.finished && run.exitCode == 2, qPrintable(test::describe(run)));
    QVERIFY(run.out.isEmpty());
    QVERIFY2(QString::fromUtf8(run.err).startsWith(message), run.err.constData());
}

void TestCommandLine::overviewListsEveryView()
{
    const test::CliRun run = test::runCli({ QStringLiteral("--help") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QString help = QString::fromUtf8(run.out);
    for (const QString &needle : { QStringLiteral("[--threshold W]"), QStringLiteral("[--stretch]"),
             QStringLiteral("lines|lines:head:N"), QStringLiteral("scaling:all"),
             QStringLiteral("attention-explorer compute SESSION.json"),
             QStringLiteral("attention-explorer worksheet -o DIR"),
             QStringLiteral("count from 0 on the command line"),
             QStringLiteral("attention-explorer SUBCOMMAND --help | help SUBCOMMAND") })
        QVERIFY2(help.contains(needle), qPrintable(needle));
}

void TestCommandLine::includeProjectionsAndQkv()
{
    // Random projections: the matrices exist only inside the program until printed.
    const QJsonObject root
        = test::withValue(test::specExampleObject(), QStringLiteral("attention.projections"),
            QJsonObject { { QStringLiteral("mode"), QStringLiteral("random") },
                { QStringLiteral("seed"), 7 } });
    const QString path = writeFile(m_dir, QStringLiteral("random.json"), test::toBytes(root));
    const test::CliRun run = test::runCli({ QStringLiteral("compute"), path,
        QStringLiteral("--include"), QStringLiteral("projections,qkv") });
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(test::describe(run)));
    const QJsonObject o = test::parseObject(run.out);
    const QJsonObject p = o.value(QStringLiteral("projections")).toObject();
    const QJsonObject qkv = o.value(QStringLiteral("qkv")).toObject();
    QVERIFY(!p.isEmpty() && !qkv.isEmpty());
    // Recompute Q = X_q W_q + b_q from the printed numbers alone, as a reader would.
    const QJsonObject &session = root;
    const QString from = session.value(QStringLiteral("attention"))
                             .toObject()
                             .value(QStringLiteral("query_from"))
                             .toString();
    const QJsonArray x
        = session.value(from).toObject().value(QStringLiteral("embeddings")).toArray();
    const QJsonArray wq = p.value(QStringLiteral("w_q")).toArray();
    const QJsonArray bq = p.value(QStringLiteral("b_q")).toArray();
    const QJsonArray q = qkv.value(QStringLiteral("q")).toArray();
    QCOMPARE(q.size(), x.size());
    QCOMPARE(wq.size(), x.at(0).toArray().size());
    for (int i = 0; i < q.size(); ++i) {
        for (int c = 0; c < bq.size(); ++c) {
            double v = bq.at(c).toDouble();
            for (int r = 0; r < wq.size(); ++r)
                v += x.at(i).toArray().at(r).toDouble() * wq.at(r).toArray().at(c).toDouble();
            QVERIFY(std::abs(v - q.at(i).toArray().at(c).toDouble()) < 1e-12);
        }
    }
    for (const char *name : { "w_k", "w_v", "w_o", "b_k", "b_v", "b_o" })
        QVERIFY2(!p.value(QLatin1String(name)).toArray().isEmpty(), name);
    QCOMPARE(p.value(QStringLiteral("mode")).toString(),
        session.value(QStringLiteral("attention"))
            .toObject()
            .value(QStringLiteral("projections"))
            .toObject()
            .value(QStringLiteral("mode"))
            .toString());
    // Without --include the output is as before.
    const test::CliRun plain = test::runCli({ QStringLiteral("compute"), path });
    QVERIFY(!test::parseObject(plain.out).contains(QStringLiteral("projections")));
}

void TestCommandLine::entropyProgressOnATerminal()
{
    AE_REQUIRE_TOOL("script", "bsdutils");
    // A run of a few seconds (four repeats: one takes under a second on a fast machine).
    const test::CliRun shown = test::runCliOnTerminal(
        { QStringLiteral("entropy"), QStringLiteral("--queries"), QStringLiteral("32768"),
            QStringLiteral("--keys"), QStringLiteral("1024"), QStringLiteral("--dims"),
            QStringLiteral("256"), QStringLiteral("--repeats"), QStringLiteral("4") });
    QVERIFY2(shown.finished && shown.exitCode == 0, qPrintable(test::describe(shown)));
    // The first line comes after a second of work, later on a busy machine.
    QVERIFY2(QRegularExpression(QStringLiteral(R"(entropy: running, \d+ s)"))
                 .match(QString::fromUtf8(shown.out))
                 .hasMatch(),
        shown.out.constData());
    // Not a terminal: nothing on stderr.
    const test::CliRun piped = test::runCli({ QStringLiteral("entropy"),
        QStringLiteral("--queries"), QStringLiteral("32768"), QStringLiteral("--keys"),
        QStringLiteral("1024"), QStringLiteral("--dims"), QStringLiteral("256") });
    QVERIFY2(piped.finished && piped.exitCode == 0, qPrintable(test::describe(piped)));
    QVERIFY2(piped.err.isEmpty(), piped.err.constData());
}

QTEST_MAIN(TestCommandLine)
#include "tst_commandline.moc"
