// SPDX-License-Identifier: GPL-3.0-or-later
// ae-save-driver: saves numbered sessions in a loop through the window's own code paths (the
// Document, SessionFileController::saveTo and the AutosaveManager), reporting each finished
// write on standard output, so that a test can kill it at any moment and check the disk.
//
//   ae-save-driver save FILE SEED FIRST [TOKENS WIDTH]      opens FILE, then edits to session
//                                                           FIRST, FIRST+1, ... saving each
//   ae-save-driver autosave DIR SEED FIRST [TOKENS WIDTH]   starts from session FIRST-1 and
//                                                           autosaves each edit into DIR
//
// It prints "ready" when it starts writing, then "saved N" or "autosaved N" after each write.

#include "document/autosavemanager.h"
#include "document/document.h"
#include "testsupportkill.h"
#include "window/sessionfilecontroller.h"

#include <QApplication>
#include <QStandardPaths>
#include <cstdio>

using namespace ae;

namespace {

void say(const QByteArray &line)
{
    std::fputs(line.constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionExplorerTests"));
    QCoreApplication::setApplicationName(QStringLiteral("ae-save-driver"));
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 5) {
        say("usage: ae-save-driver save|autosave PATH SEED FIRST [TOKENS WIDTH]");
        return 2;
    }
    const bool autosave = args.at(1) == QLatin1String("autosave");
    const QString path = args.at(2);
    const quint64 seed = args.at(3).toULongLong();
    const int first = args.at(4).toInt();
    const int tokens = args.size() > 5 ? args.at(5).toInt() : 300;
    const int width = args.size() > 6 ? args.at(6).toInt() : 192;

    Document document;
    SessionFileController files(&document, nullptr, autosave ? path : QString());
    if (autosave) {
        document.resetSession(test::numberedSession(seed, first - 1, tokens, width), QString());
    } else if (!files.openFile(path)) {
        say("cannot open " + path.toUtf8() + ": " + files.lastError().toUtf8());
        return 3;
    }
    say("ready");
    for (int i = first;; ++i) {
        document.applyEdit(
            [] { return QStringLiteral("next"); }, test::numberedSession(seed, i, tokens, width));
        if (autosave) {
            if (!files.autosave()->autosaveNow()) {
                say("autosave failed: " + files.autosave()->error().toUtf8());
                return 4;
            }
            say("autosaved " + QByteArray::number(i));
        } else {
            if (!files.saveTo(path)) {
                say("save failed: " + files.lastError().toUtf8());
                return 4;
            }
            say("saved " + QByteArray::number(i));
        }
    }
}
