// SPDX-License-Identifier: GPL-3.0-or-later
// gui/type-tokens/N: typing the N-th token of a source line "w01 w02 … wN" in the real main
// window (offscreen), one key press per repetition (the last digit, then Backspace, and so on),
// until the result has arrived and every heatmap on screen has repainted. The window is set up
// as in a lesson, where a long line was reported slow: lesson mode (full screen, large fonts),
// the computation view open, hashed vectors with positions and both sequence docks shown.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "document/document.h"
#include "document/examplecatalog.h"
#include "guibenchsupport.h"
#include "session/sequencepanel.h"
#include "window/mainwindow.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <benchmark/benchmark.h>
#include <memory>

namespace {

using ae::bench::processUntil;
using ae::bench::WindowHarness;

/// One window per token count, made on first use and kept for every repetition.
struct TypingHarness : WindowHarness
{
    QLineEdit *line = nullptr;
};

/// "w01 w02 … w(N-1) wN" without wN's last digit.
QString lineBeforeLastKey(int tokens)
{
    QStringList words;
    for (int i = 1; i <= tokens; ++i)
        words << QStringLiteral("w%1").arg(i, 2, 10, QLatin1Char('0'));
    QString text = words.join(QLatin1Char(' '));
    text.chop(1);
    return text;
}

void pressKey(QWidget *target, int key, const QString &text)
{
    QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier, text);
    QCoreApplication::sendEvent(target, &press);
    QKeyEvent release(QEvent::KeyRelease, key, Qt::NoModifier, text);
    QCoreApplication::sendEvent(target, &release);
}

TypingHarness &harnessFor(int tokens)
{
    auto make = [tokens] {
        auto h = std::make_unique<TypingHarness>();
        ae::Document *doc = h->window->document();
        ae::Session session
            = ae::ExampleCatalog::load(ae::ExampleCatalog::defaultExamplePath()).session;
        session.source.recipe = ae::EmbeddingRecipe { ae::EmbeddingMode::Hashed, 0, true };
        doc->resetSession(session, QString());
        h->window->setPresentationMode(true);
        h->window->classroom()->computation()->show();
        for (bool source : { true, false })
            h->window->sequencePanel(source)->show();
        h->line = h->window->sequencePanel(true)->tokenEdit();
        h->line->setFocus();
        h->line->setText(lineBeforeLastKey(tokens));
        Q_EMIT h->line->textEdited(h->line->text());
        h->line->end(false);
        processUntil([] { return false; }, 500); // let the layout and the first paint settle
        h->watchHeatmaps();
        return std::unique_ptr<WindowHarness>(std::move(h));
    };
    return static_cast<TypingHarness &>(
        ae::bench::keptHarness(QStringLiteral("type %1").arg(tokens), make));
}

/// One key press in the source line: the last token's digit, or Backspace to take it away.
void typeTokens(benchmark::State &state, int tokens)
{
    TypingHarness &h = harnessFor(tokens);
    for (auto _ : state) {
        const bool ok = h.editUntilPainted(state, [&h, tokens] {
            if (h.edits++ % 2 == 0)
                pressKey(h.line, Qt::Key_0 + tokens % 10, QString::number(tokens % 10));
            else
                pressKey(h.line, Qt::Key_Backspace, QString());
        });
        if (!ok)
            break;
    }
    state.counters["tokens"] = static_cast<double>(tokens);
}

const bool registered = [] {
    const int counts[] = { 40, 200 };
    const char *names[] = { "gui/type-tokens/40", "gui/type-tokens/200" };
    for (int i = 0; i < 2; ++i)
        ae::bench::registerPerEdit(names[i], typeTokens, counts[i]);
    return true;
}();

} // namespace
