// SPDX-License-Identifier: GPL-3.0-or-later
// Every bug the random abuse of the window (tst_guiabuse) found, replayed by name: the same
// edits performed as a user would, each checked against what the core computes, then the
// whole history walked by undo and redo. AE_ABUSE_VERBOSE prints each step's time and
// AE_ABUSE_HANG_MS sets the bound on one step.

#include "testsupportguiabuse.h"
#include "testsupportguiactions.h"
#include "testsupportundo.h"
#include "window/mainwindow.h"

#include <QElapsedTimer>
#include <QTest>

using namespace ae;

Q_DECLARE_METATYPE(QList<ae::GuiAction>)

class TestGuiAbuseRegressions : public QObject, protected test::GuiAbuseFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void regressions_data();
    void regressions();
};

void TestGuiAbuseRegressions::initTestCase()
{
    isolateAbuseSettings(QStringLiteral("tst_guiabuseregressions"));
}

void TestGuiAbuseRegressions::init()
{
    createWindow();
}

void TestGuiAbuseRegressions::cleanup()
{
    destroyWindow();
}

void TestGuiAbuseRegressions::regressions_data()
{
    QTest::addColumn<QList<GuiAction>>("actions");
    const auto act = [](GuiAction::Kind kind, int a = 0, int b = 0, int c = 0,
                         const QString &text = QString()) {
        return GuiAction { kind, a, b, c, text };
    };

    QTest::newRow("Ctrl+Z in a token line with nothing left to undo")
        << QList<GuiAction> { act(GuiAction::TokensAppend, 1, 0, 0, QStringLiteral(" deep")),
               act(GuiAction::Undo, 1, 1), act(GuiAction::Undo, 1, 1), act(GuiAction::Redo, 1, 1),
               act(GuiAction::Redo, 1, 1) };
    // The computation view sized its table to the contents cell by cell: 77 s to type
    // d_model 1000, 148 s for the next edit.
    QTest::newRow("d_model 1000 with twenty tokens") << QList<GuiAction> {
        act(GuiAction::Projection, 1),
        act(GuiAction::Tokens, 0, 0, 0, QStringLiteral("a b c d e f g h i j k l m n o p q r s t")),
        act(GuiAction::ModelDim, 0, 1000), act(GuiAction::Causal), act(GuiAction::Causal)
    };
}

void TestGuiAbuseRegressions::regressions()
{
    QFETCH(QList<GuiAction>, actions);
    const bool verbose = env("AE_ABUSE_VERBOSE", 0) != 0;
    for (int i = 0; i < actions.size(); ++i) {
        const QString what = QStringLiteral("step %1: %2").arg(i).arg(actions[i].describe());
        QElapsedTimer clock;
        clock.start();
        perform(actions[i]);
        if (verbose)
            qInfo("%s: %lld ms", qPrintable(what), clock.elapsed());
        answered(clock, what);
        if (QTest::currentTestFailed())
            return;
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(what));
        check(what);
        if (QTest::currentTestFailed())
            return;
    }
    walkHistory(QStringLiteral("the end"));
}

QTEST_MAIN(TestGuiAbuseRegressions)
#include "tst_guiabuseregressions.moc"
