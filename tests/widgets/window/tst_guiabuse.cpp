// SPDX-License-Identifier: GPL-3.0-or-later
// The real main window under thousands of random user edits: typed cells and token lines
// (garbage, half-typed numbers, huge numbers, NaN and infinity spellings, CJK text), heads,
// d_model, wirings, scales, masks, padding, the temperature slider, the projection editor,
// undo and redo. After every edit the window must answer, show a message for an invalid
// session, and show exactly what the core computes; undo must walk the whole history back
// and redo forward again (to the oldest step the undo limit keeps: the very first session
// while nothing has been dropped). AE_ABUSE_EDITS (default 2500) and AE_ABUSE_SEED choose the
// run (the seed is printed); AE_ABUSE_PROGRESS prints progress every so many edits,
// AE_ABUSE_VERBOSE every edit, AE_ABUSE_HANG_MS sets the bound on one edit. For long runs
// also set QTEST_FUNCTION_TIMEOUT (ms) and pass -maxwarnings 0. Every bug it found is
// replayed by name in tst_guiabuseregressions.

#include "document/document.h"
#include "session/session.h"
#include "testsupportguiabuse.h"
#include "testsupportguiactions.h"
#include "testsupportundo.h"
#include "window/mainwindow.h"

#include <QElapsedTimer>
#include <QTest>

using namespace ae;

class TestGuiAbuse : public QObject, protected test::GuiAbuseFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void randomEdits();
};

void TestGuiAbuse::initTestCase()
{
    isolateAbuseSettings(QStringLiteral("tst_guiabuse"));
}

void TestGuiAbuse::init()
{
    createWindow();
}

void TestGuiAbuse::cleanup()
{
    destroyWindow();
}

void TestGuiAbuse::randomEdits()
{
    const int edits = env("AE_ABUSE_EDITS", 2500);
    const quint64 seed = quint64(env("AE_ABUSE_SEED", 20261201));
    const bool verbose = env("AE_ABUSE_VERBOSE", 0) != 0;
    const int progressEvery = std::max(1, env("AE_ABUSE_PROGRESS", 1000));
    qInfo("AE_ABUSE_SEED=%llu AE_ABUSE_EDITS=%d", seed, edits);
    GuiActionGenerator typist(seed);
    // Walks of the whole history at random moments, and at the end.
    int nextWalk = 50 + typist.below(400);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < edits; ++i) {
        const GuiAction action = typist.next();
        const QString what
            = QStringLiteral("edit %1 of seed %2: %3").arg(i).arg(seed).arg(action.describe());
        if (verbose)
            qInfo("%s", qPrintable(what));
        QElapsedTimer edit;
        edit.start();
        perform(action);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(what));
        answered(edit, what);
        if (QTest::currentTestFailed())
            return;
        check(what);
        if (QTest::currentTestFailed())
            return;
        if ((i + 1) % progressEvery == 0)
            qInfo("%d edits survived, %lld ms (now %d heads, %d x %d tokens, d_model %d)", i + 1,
                clock.elapsed(), m_window->document()->session().attention.config.heads,
                m_window->document()->session().source.length(),
                m_window->document()->session().target.length(),
                m_window->document()->session().attention.config.dModel);
        if (i == nextWalk) {
            walkHistory(what);
            if (QTest::currentTestFailed())
                return;
            nextWalk += 50 + typist.below(400);
        }
    }
    walkHistory(QStringLiteral("the end of seed %1").arg(seed));
    qInfo("survived %d random edits in %lld ms (%d old steps dropped by the undo limit)", edits,
        clock.elapsed(), m_recorder->dropped());
}

QTEST_MAIN(TestGuiAbuse)
#include "tst_guiabuse.moc"
