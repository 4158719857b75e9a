// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportguiabuse.h"

#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "plots/matrixplotadapter.h"
#include "session/attentionpanel.h"
#include "session/embeddingtablemodel.h"
#include "session/embeddingtableview.h"
#include "session/projectioneditor.h"
#include "session/sequencepanel.h"
#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"
#include "session/temperaturecontrol.h"
#include "testsupportattention.h"
#include "testsupportguiactions.h"
#include "testsupportundo.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <cmath>
#include <optional>
#include <random>

namespace ae::test {

namespace {

using T = AttentionTestSupport;

/// Opens the editor of @p index, replaces its text with @p text (CJK through the input
/// method) and presses Enter.
void typeIntoCell(QAbstractItemView *view, const QModelIndex &index, const QString &text)
{
    view->setFocus();
    view->setCurrentIndex(index);
    view->edit(index);
    auto *editor = qobject_cast<QLineEdit *>(view->indexWidget(index));
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    T::typeText(editor, text);
    QTest::keyClick(editor, Qt::Key_Enter);
    // The delegate commits and closes the editor from the event loop.
    QVERIFY(QTest::qWaitFor([&] { return !view->indexWidget(index); }, 5000));
}

} // namespace

int GuiAbuseFixture::env(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok ? value : fallback;
}

void GuiAbuseFixture::isolateAbuseSettings(const QString &suite)
{
    T::isolateSettings(suite);
    // A run cut short leaves its autosave, whose recovery question would sit in front.
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/autosave"))
        .removeRecursively();
}

void GuiAbuseFixture::createWindow()
{
    m_window = new MainWindow;
    m_window->setCloseGuard({});
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(!m_window->document()->error());
    m_initial = m_window->document()->session();
    m_recorder = new UndoHistoryRecorder(m_window->document(), m_window);
    QVERIFY2(m_recorder->problem().isEmpty(), qPrintable(m_recorder->problem()));
}

void GuiAbuseFixture::destroyWindow()
{
    m_window->setCloseGuard({});
    delete m_window;
    m_window = nullptr;
    m_recorder = nullptr;
}

void GuiAbuseFixture::answered(const QElapsedTimer &since, const QString &what) const
{
    static const qint64 bound = env("AE_ABUSE_HANG_MS", 20000);
    QVERIFY2(since.elapsed() < bound,
        qPrintable(QStringLiteral("the window did not answer for %1 ms: %2")
                       .arg(since.elapsed())
                       .arg(what)));
}

QWidget *GuiAbuseFixture::spinOf(int which) const
{
    switch (which) {
    case 0:
        return m_window->attentionPanel()->headsSpin();
    case 1:
        return m_window->attentionPanel()->modelDimSpin();
    default:
        return m_window->sequencePanel(which == 2)->widthSpin();
    }
}

void GuiAbuseFixture::perform(const GuiAction &x)
{
    AttentionPanel *attention = m_window->attentionPanel();
    SequencePanel *panel = m_window->sequencePanel(x.a == 0);
    const auto replaceLine = [](QLineEdit *line, const QString &text) {
        line->setFocus();
        line->selectAll();
        QTest::keyClick(line, Qt::Key_Backspace);
        T::typeText(line, text);
    };
    switch (x.kind) {
    case GuiAction::Cell:
    case GuiAction::Paste: {
        EmbeddingTableView *view = panel->tableView();
        const int rows = view->model()->rowCount();
        const int cols = view->model()->columnCount();
        if (rows == 0 || cols == 0)
            return;
        const QModelIndex index = view->model()->index(x.b % rows, x.c % cols);
        if (x.kind == GuiAction::Cell) {
            typeIntoCell(view, index, x.text);
        } else {
            view->setFocus();
            view->setCurrentIndex(index);
            QApplication::clipboard()->setText(x.text);
            QTest::keySequence(view, QKeySequence::Paste);
        }
        return;
    }
    case GuiAction::Tokens:
        replaceLine(panel->tokenEdit(), x.text);
        QTest::keyClick(panel->tokenEdit(), Qt::Key_Enter);
        return;
    case GuiAction::TokensAppend:
        panel->tokenEdit()->setFocus();
        panel->tokenEdit()->end(false);
        T::typeText(panel->tokenEdit(), x.text);
        return;
    case GuiAction::TokensBackspace:
        panel->tokenEdit()->setFocus();
        panel->tokenEdit()->end(false);
        for (int i = 0; i < x.b; ++i)
            QTest::keyClick(panel->tokenEdit(), Qt::Key_Backspace);
        return;
    case GuiAction::SplitCjk:
        T::toggleCheckBox(panel->splitCjkCheck());
        return;
    case GuiAction::Padding: {
        QListWidget *list = panel->paddingList();
        if (list->count() == 0)
            return;
        QListWidgetItem *item = list->item(x.b % list->count());
        list->scrollToItem(item);
        const QRect rect = list->visualItemRect(item);
        // The check box sits at the start of the row.
        const QPoint box(rect.left() + rect.height() / 2, rect.center().y());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, box);
        return;
    }
    case GuiAction::Recipe:
        T::chooseComboData(panel->recipeCombo(), x.b);
        return;
    case GuiAction::RecipeSeed:
        if (panel->seedSpin()->isEnabled())
            T::typeIntoSpinBox(panel->seedSpin(), x.b);
        return;
    case GuiAction::Positional:
        T::toggleCheckBox(panel->positionalCheck());
        return;
    case GuiAction::Width:
        T::typeIntoSpinBox(panel->widthSpin(), x.b);
        return;
    case GuiAction::Heads:
        T::typeIntoSpinBox(attention->headsSpin(), x.b);
        return;
    case GuiAction::ModelDim:
        T::typeIntoSpinBox(attention->modelDimSpin(), x.b);
        return;
    case GuiAction::SpinText: {
        QWidget *spin = spinOf(x.a);
        spin->setFocus();
        qobject_cast<QSpinBox *>(spin)->selectAll();
        T::typeText(spin, x.text);
        QTest::keyClick(spin, Qt::Key_Enter);
        return;
    }
    case GuiAction::SpinStep: {
        QWidget *spin = spinOf(x.a);
        spin->setFocus();
        for (int i = 0; i < std::abs(x.b); ++i)
            QTest::keyClick(spin, x.b > 0 ? Qt::Key_Up : Qt::Key_Down);
        QTest::keyClick(spin, Qt::Key_Enter);
        return;
    }
    case GuiAction::Wiring: {
        const int q = x.a, kv = x.b % 2;
        if (x.c == 0) {
            T::chooseComboData(attention->queryCombo(), q);
            T::chooseComboData(attention->keyValueCombo(), kv);
        } else {
            // The named wirings, in the order of the wiring box.
            const AttentionPanel::Wiring w = AttentionPanel::wiringOf(
                static_cast<SequenceRole>(q), static_cast<SequenceRole>(kv));
            QComboBox *combo = attention->wiringCombo();
            combo->setFocus();
            combo->showPopup();
            combo->view()->setCurrentIndex(combo->model()->index(int(w), 0));
            QTest::keyClick(combo->view(), Qt::Key_Return);
        }
        return;
    }
    case GuiAction::Scale:
        T::chooseComboData(attention->scaleCombo(), x.a);
        return;
    case GuiAction::Divisor:
        if (attention->divisorEdit()->isEnabled()) {
            replaceLine(attention->divisorEdit(), x.text);
            QTest::keyClick(attention->divisorEdit(), Qt::Key_Enter);
        }
        return;
    case GuiAction::Causal:
        T::toggleCheckBox(attention->causalCheck());
        return;
    case GuiAction::SliderKeys: {
        QSlider *slider = attention->temperatureControl()->slider();
        if (!slider->isEnabled())
            return;
        static const Qt::Key keys[] = { Qt::Key_Left, Qt::Key_Right, Qt::Key_PageUp,
            Qt::Key_PageDown, Qt::Key_Home, Qt::Key_End };
        slider->setFocus();
        for (int i = 0; i < x.a; ++i)
            QTest::keyClick(slider, keys[x.b % 6]);
        return;
    }
    case GuiAction::SliderDrag: {
        QSlider *slider = attention->temperatureControl()->slider();
        if (!slider->isEnabled())
            return;
        // A drag: the handle goes down, moves through a few positions, and is let go.
        slider->setSliderDown(true);
        for (int i = 1; i <= x.a; ++i) {
            const int end = std::clamp(x.b, slider->minimum(), slider->maximum());
            slider->setSliderPosition(slider->value() + (end - slider->value()) * i / x.a);
            QCoreApplication::processEvents();
        }
        slider->setSliderDown(false);
        return;
    }
    case GuiAction::Projection:
        T::chooseComboData(attention->projectionCombo(), x.a);
        return;
    case GuiAction::ProjectionSeed:
        if (attention->projectionSeedSpin()->isEnabled())
            T::typeIntoSpinBox(attention->projectionSeedSpin(), x.a);
        return;
    case GuiAction::ProjectionCell: {
        if (!attention->projectionEditor())
            QTest::mouseClick(attention->editProjectionsButton(), Qt::LeftButton);
        ProjectionEditor *editor = attention->projectionEditor();
        QVERIFY(editor);
        if (!editor->isVisible())
            attention->openProjectionEditor();
        const auto part = static_cast<ProjectionPart>(x.a);
        QTableView *view = editor->view(part);
        editor->tabs()->setCurrentIndex(x.a % 4);
        const int rows = view->model()->rowCount();
        const int cols = view->model()->columnCount();
        if (rows == 0 || cols == 0 || !view->isVisible())
            return;
        typeIntoCell(view, view->model()->index(x.b % rows, x.c % cols), x.text);
        return;
    }
    case GuiAction::SelectView: {
        const QList<HeatmapPlot *> tiles = m_window->heatmapPanel()->smallMultiples();
        if (tiles.isEmpty() || !m_window->heatmapPanel()->smallMultiplesShown())
            return;
        HeatmapPlot *tile = tiles.at(x.a % tiles.size());
        if (tile->isVisible())
            QTest::mouseClick(tile, Qt::LeftButton, {}, tile->rect().center());
        return;
    }
    case GuiAction::Undo:
    case GuiAction::Redo:
        step(x.kind == GuiAction::Undo, x.a, x.b != 0);
        return;
    }
}

void GuiAbuseFixture::step(bool undo, int times, bool shortcut)
{
    Document *doc = m_window->document();
    QUndoStack *stack = doc->undoStack();
    QAction *action = m_window->findChild<QAction *>(
        undo ? QStringLiteral("undoAction") : QStringLiteral("redoAction"));
    QVERIFY(action);
    // The user leaves whatever field they were typing in first.
    doc->finishEditRun();
    QLineEdit *field = m_window->sequencePanel(true)->tokenEdit();
    if (shortcut) {
        // Keys reach the window's shortcuts only while it is the active window (the
        // projection editor may have been in front).
        // (The offscreen platform does not give activation back when a combo box's popup
        // closes, as a desktop does.)
        QApplication::setActiveWindow(m_window);
        QVERIFY(QTest::qWaitFor([this] { return QApplication::activeWindow() == m_window; }));
        field->setFocus();
    }
    for (int i = 0; i < times; ++i) {
        const bool possible = undo ? stack->canUndo() : stack->canRedo();
        // Past either end only a key press can still be tried: it must change nothing.
        if (!possible && !shortcut)
            return;
        const int target = stack->index() + (!possible ? 0 : undo ? -1 : 1);
        // Kept only where it is compared: a copy at d_model 1007 is 32 MB.
        std::optional<Session> before;
        if (!possible)
            before = doc->session();
        m_recorder->setChecking(true);
        if (shortcut)
            QTest::keyClick(field, Qt::Key_Z,
                undo ? Qt::ControlModifier : Qt::ControlModifier | Qt::ShiftModifier);
        else
            action->trigger();
        m_recorder->setChecking(false);
        QCOMPARE(stack->index(), target);
        if (!possible) {
            QVERIFY2(doc->session() == *before,
                "a shortcut past the end of the history changed the session");
            return;
        }
        const Session *expected = m_recorder->expectedAt(target);
        QVERIFY2(expected, "no record of this step of the history");
        QVERIFY2(doc->session() == *expected,
            qPrintable(QStringLiteral("%1 to step %2 did not restore the session it had")
                           .arg(undo ? QStringLiteral("undo") : QStringLiteral("redo"))
                           .arg(target)));
    }
}

void GuiAbuseFixture::check(const QString &after)
{
    Document *doc = m_window->document();
    QVERIFY2(m_recorder->problem().isEmpty(), qPrintable(m_recorder->problem()));

    // Responsive: a posted timer fires within a bounded number of event loop passes, and the
    // result of a valid session arrives within a bounded wait.
    bool fired = false;
    QTimer::singleShot(0, m_window, [&fired] { fired = true; });
    for (int i = 0; i < 1000 && !fired; ++i)
        QCoreApplication::processEvents();
    QVERIFY2(fired, qPrintable(QStringLiteral("the event loop stalled after %1").arg(after)));
    const auto current = [doc] { return doc->error() || &doc->resultSession() == &doc->session(); };
    QVERIFY2(QTest::qWaitFor(current, 20000),
        qPrintable(QStringLiteral("no result 20 s after %1").arg(after)));

    // Valid, or saying why not.
    MessageBar *bar = m_window->errorBar();
    if (const auto &error = doc->error()) {
        QVERIFY2(bar->isVisible() && !bar->text().isEmpty(),
            qPrintable(QStringLiteral("invalid (%1) without a message after %2")
                           .arg(error->toString(), after)));
        if (!error->path.isEmpty())
            QVERIFY2(bar->text().contains(error->path),
                qPrintable(QStringLiteral("the message “%1” does not name %2 after %3")
                               .arg(bar->text(), error->path, after)));
    } else {
        QVERIFY2(!bar->isVisible(),
            qPrintable(QStringLiteral("a message for a valid session after %1").arg(after)));
    }

    // The views show what the core computes for the session of the result on show.
    HeatmapPanel *panel = m_window->heatmapPanel();
    if (!doc->hasResult())
        return;
    const Session &shown = doc->resultSession();
    QVERIFY2(!validateSession(shown), qPrintable(after));
    const AttentionResult expected = computeSession(shown);
    QCOMPARE(panel->largePlot()->isDimmed(), doc->error().has_value());
    const int heads = int(expected.heads.size());
    const int view = panel->selectedView();
    QVERIFY(view >= -1 && view < heads);
    const Eigen::MatrixXd &weights
        = view < 0 ? expected.meanWeights : expected.heads[size_t(view)].weights;
    const HeatmapData &large = panel->largePlot()->data();
    QVERIFY2(large.values == weights,
        qPrintable(QStringLiteral("the large heatmap differs from the core after %1").arg(after)));
    QCOMPARE(large.rowLabels, shown.querySequence().tokens);
    QCOMPARE(large.columnLabels, shown.keyValueSequence().tokens);
    if (weights.size() <= 4096) {
        for (int r = 0; r < weights.rows(); ++r) {
            for (int c = 0; c < weights.cols(); ++c) {
                const double drawn
                    = MatrixPlotAdapter::cellValue(panel->largePlot()->colorMapPlottable(), r, c);
                if (large.isVisible(r, c))
                    QVERIFY2(drawn == weights(r, c),
                        qPrintable(QStringLiteral("cell %1,%2 drawn as %3 after %4")
                                       .arg(r)
                                       .arg(c)
                                       .arg(drawn)
                                       .arg(after)));
                else
                    QVERIFY(std::isnan(drawn));
            }
        }
    }
    const QList<HeatmapPlot *> tiles = panel->smallMultiples();
    QCOMPARE(tiles.size(), heads > 1 ? heads + 1 : 0);
    for (int i = 0; i < tiles.size(); ++i) {
        const Eigen::MatrixXd &w
            = i == 0 ? expected.meanWeights : expected.heads[size_t(i - 1)].weights;
        QVERIFY2(tiles[i]->data().values == w,
            qPrintable(QStringLiteral("small multiple %1 differs after %2").arg(i).arg(after)));
    }

    // The controls show the session being edited.
    const Session &s = doc->session();
    AttentionPanel *attention = m_window->attentionPanel();
    QCOMPARE(attention->headsSpin()->value(), s.attention.config.heads);
    QCOMPARE(attention->modelDimSpin()->value(), s.attention.config.dModel);
    QCOMPARE(attention->causalCheck()->isChecked(), s.attention.config.causal);
    for (const bool source : { true, false }) {
        SequencePanel *seq = m_window->sequencePanel(source);
        const SequenceData &data = source ? s.source : s.target;
        QCOMPARE(seq->widthSpin()->value(), data.width());
        QCOMPARE(seq->tableModel()->rowCount(), data.length());
        QCOMPARE(seq->tableModel()->columnCount(), data.width());
        QCOMPARE(seq->paddingList()->count(), data.length());
    }
}

void GuiAbuseFixture::walkHistory(const QString &after)
{
    Document *doc = m_window->document();
    QUndoStack *stack = doc->undoStack();
    doc->finishEditRun();
    const Session top = doc->session();
    const int topIndex = stack->index();
    step(true, topIndex, false);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(stack->index(), 0);
    QVERIFY2(doc->session() == m_recorder->bottom(), qPrintable(after));
    if (m_recorder->dropped() == 0)
        QVERIFY2(doc->session() == m_initial,
            qPrintable(QStringLiteral("undo did not reach the first session at %1").arg(after)));
    check(QStringLiteral("undoing everything at %1").arg(after));
    if (QTest::currentTestFailed())
        return;
    step(false, stack->count(), false);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(stack->index(), stack->count());
    if (topIndex == stack->count())
        QVERIFY2(doc->session() == top,
            qPrintable(QStringLiteral("redo did not reach the last session at %1").arg(after)));
    check(QStringLiteral("redoing everything at %1").arg(after));
    if (QTest::currentTestFailed())
        return;
    // Back where the user was (with redo steps ahead of them, if they had undone).
    step(true, stack->count() - topIndex, false);
    QVERIFY(doc->session() == top);
}

} // namespace ae::test
