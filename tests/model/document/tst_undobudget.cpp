// SPDX-License-Identifier: GPL-3.0-or-later
// The undo history's memory budget: what a snapshot costs, dropping the oldest steps at the
// size limits, undo and redo over the kept ones, and the saved state across the drop.
#include "attention/embeddings.h"
#include "document/document.h"
#include "document/undobudget.h"
#include "session/sessionlimits.h"
#include "testsupportattention.h"

#include <QSignalSpy>
#include <QTest>
#include <deque>
#include <optional>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// Edits made in the suites that drop steps (more than the budget holds at the limits).
constexpr int editCount = 12;

/// A session as large as the limits allow: 512 tokens of width 1024 on both sides, d_model
/// 1024 with explicit 1024 x 1024 projections. Three heads do not divide d_model, so the
/// document reports an error instead of computing: the history is the same either way, and
/// the suite does not wait for forward passes of this size.
Session limitSession()
{
    Session s;
    s.title = QStringLiteral("At the limits");
    QStringList tokens;
    for (int i = 0; i < limits::maxTokens; ++i)
        tokens << QStringLiteral("t%1").arg(i);
    std::uint64_t seed = 11;
    for (SequenceData *seq : { &s.source, &s.target }) {
        seq->tokens = tokens;
        seq->recipe = EmbeddingRecipe { EmbeddingMode::Hashed, seed, false };
        seq->embeddings = hashedEmbeddings(tokens, limits::maxEmbeddingWidth, seed++);
    }
    const int d = limits::maxModelDim;
    s.attention.config.dModel = d;
    s.attention.config.heads = 3;
    Projections &p = s.attention.projections;
    p.mode = ProjectionMode::Explicit;
    p.wq = Eigen::MatrixXd::Identity(d, d);
    p.wk = 0.5 * Eigen::MatrixXd::Identity(d, d);
    p.wv = Eigen::MatrixXd::Constant(d, d, 0.25);
    p.wo = Eigen::MatrixXd::Constant(d, d, -0.125);
    p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Zero(d);
    return s;
}

/// Heap bytes of the limit session's numbers, worked out from the limits alone.
std::size_t limitMatrixBytes()
{
    const std::size_t embeddings = std::size_t(limits::maxTokens) * limits::maxEmbeddingWidth;
    const std::size_t d = limits::maxModelDim;
    return (2 * embeddings + 4 * d * d + 4 * d) * sizeof(double);
}

/// The @p i-th edit of a run: a distinct cell each time, so no two edits merge.
void edit(Document &doc, int i)
{
    doc.setEmbeddingCell(SequenceRole::Source, i, i, 1000.0 + i);
}

} // namespace

class TestUndoBudget : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void snapshotBytesCountTheNumbers_data();
    void snapshotBytesCountTheNumbers();
    void editsAtTheLimitsStayUnderTheBudget();
    void undoAndRedoWalkEveryKeptStep();
    void savedStateAcrossTheDrop_data();
    void savedStateAcrossTheDrop();
    void dropAnnouncesOnlyTheNewIndex();
    void typingKeepsMergingAfterADrop();
    void smallSessionsKeepEveryStep();

private:
    Session m_limit;
    /// sessionSnapshotBytes() of m_limit and of every session edited from it.
    std::size_t m_snapshotBytes = 0;
    /// How many steps fit in the budget at the limits (one snapshot more than steps).
    int m_keptSteps = 0;
};

void TestUndoBudget::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_undobudget"));
    m_limit = limitSession();
    m_snapshotBytes = sessionSnapshotBytes(m_limit);
    m_keptSteps = static_cast<int>(undoHistoryBudgetBytes / m_snapshotBytes) - 1;
    // The suite only means something when the budget holds some steps but fewer than it makes.
    QVERIFY(m_keptSteps >= 2);
    QVERIFY(m_keptSteps < editCount);
}

void TestUndoBudget::snapshotBytesCountTheNumbers_data()
{
    QTest::addColumn<bool>("atLimits");
    QTest::addColumn<qulonglong>("numberBytes");
    QTest::addColumn<int>("tokenCount");

    QTest::newRow("limits") << true << qulonglong(limitMatrixBytes()) << 2 * limits::maxTokens;
    QTest::newRow("two and one tokens") << false << qulonglong(9 * sizeof(double)) << 3;
}

void TestUndoBudget::snapshotBytesCountTheNumbers()
{
    QFETCH(bool, atLimits);
    QFETCH(qulonglong, numberBytes);
    QFETCH(int, tokenCount);
    Session session;
    if (atLimits) {
        session = m_limit;
    } else {
        session.source.tokens = QStringList { QStringLiteral("a"), QStringLiteral("b") };
        session.source.embeddings = Eigen::MatrixXd::Zero(2, 3);
        session.target.tokens = QStringList { QStringLiteral("c") };
        session.target.embeddings = Eigen::MatrixXd::Zero(1, 3);
    }
    const std::size_t bytes = sessionSnapshotBytes(session);
    // Every number, and for every token at least its string header; the rest is small.
    const std::size_t floor = numberBytes + std::size_t(tokenCount) * sizeof(QString);
    QVERIFY2(bytes >= floor, qPrintable(QStringLiteral("%1 < %2").arg(bytes).arg(floor)));
    QVERIFY2(bytes <= floor + 64 * 1024, qPrintable(QStringLiteral("%1").arg(bytes)));
}

void TestUndoBudget::editsAtTheLimitsStayUnderTheBudget()
{
    Document doc;
    doc.resetSession(m_limit, QString());
    QVERIFY(doc.error().has_value());
    QCOMPARE(doc.undoHistoryBytes(), m_snapshotBytes);
    for (int i = 0; i < editCount; ++i) {
        edit(doc, i);
        const int steps = doc.undoStack()->count();
        // Until the budget is full every step stays; then the oldest go, one per edit.
        QCOMPARE(steps, std::min(i + 1, m_keptSteps));
        QCOMPARE(doc.undoStack()->index(), steps);
        // Neighbouring steps share their snapshots: one per step plus the first "before".
        QCOMPARE(doc.undoHistoryBytes(), std::size_t(steps + 1) * m_snapshotBytes);
        QVERIFY(doc.undoHistoryBytes() <= undoHistoryBudgetBytes);
        QVERIFY(doc.isModified());
    }
}

void TestUndoBudget::undoAndRedoWalkEveryKeptStep()
{
    Document doc;
    doc.resetSession(m_limit, QString());
    // The sessions the kept steps lead to, oldest first (state editCount - kept .. editCount).
    std::deque<Session> states { m_limit };
    for (int i = 0; i < editCount; ++i) {
        edit(doc, i);
        states.push_back(doc.session());
        if (static_cast<int>(states.size()) > m_keptSteps + 1)
            states.pop_front();
    }
    QCOMPARE(static_cast<int>(states.size()), m_keptSteps + 1);
    // The oldest reachable state still has the edits that were dropped from the history.
    QCOMPARE(states.front().source.embeddings(0, 0), 1000.0);

    QUndoStack *stack = doc.undoStack();
    for (int k = m_keptSteps - 1; k >= 0; --k) {
        QVERIFY(stack->canUndo());
        stack->undo();
        QCOMPARE(stack->index(), k);
        QVERIFY(doc.session() == states[static_cast<size_t>(k)]);
    }
    QVERIFY(!stack->canUndo());
    for (int k = 1; k <= m_keptSteps; ++k) {
        QVERIFY(stack->canRedo());
        stack->redo();
        QVERIFY(doc.session() == states[static_cast<size_t>(k)]);
    }
    QVERIFY(!stack->canRedo());

    // Undoing some steps and editing replaces the redo steps; the budget still holds.
    stack->undo();
    stack->undo();
    edit(doc, editCount);
    QCOMPARE(stack->count(), m_keptSteps - 1);
    QCOMPARE(doc.undoHistoryBytes(), std::size_t(m_keptSteps) * m_snapshotBytes);
    stack->undo();
    QVERIFY(doc.session() == states[static_cast<size_t>(m_keptSteps - 2)]);
}

void TestUndoBudget::savedStateAcrossTheDrop_data()
{
    QTest::addColumn<int>("savedAfter");
    QTest::addColumn<bool>("reachable");

    // Edits after the save: the saved state survives as long as the history still holds it.
    QTest::newRow("saved before the first edit, dropped") << 0 << false;
    QTest::newRow("saved after one edit, dropped") << 1 << false;
    QTest::newRow("saved state is the oldest kept") << editCount - m_keptSteps << true;
    QTest::newRow("saved two edits ago") << editCount - 2 << true;
    QTest::newRow("saved after the last edit") << editCount << true;
}

void TestUndoBudget::savedStateAcrossTheDrop()
{
    QFETCH(int, savedAfter);
    QFETCH(bool, reachable);
    Document doc;
    doc.resetSession(m_limit, QStringLiteral("limits.session.json"));
    std::optional<Session> saved;
    for (int i = 0; i <= editCount; ++i) {
        if (i == savedAfter) {
            doc.markSaved(QStringLiteral("limits.session.json"));
            saved = doc.session();
        }
        if (i < editCount)
            edit(doc, i);
    }
    QVERIFY(saved.has_value());
    QUndoStack *stack = doc.undoStack();
    QCOMPARE(doc.isModified(), savedAfter != editCount);

    // Walk back over every kept step: the document is unmodified exactly at the saved state.
    bool metSaved = false;
    for (;;) {
        const bool atSaved = doc.session() == *saved;
        QCOMPARE(doc.isModified(), !atSaved);
        metSaved = metSaved || atSaved;
        if (!stack->canUndo())
            break;
        stack->undo();
    }
    QCOMPARE(metSaved, reachable);
    QCOMPARE(stack->cleanIndex() >= 0, reachable);
}

void TestUndoBudget::dropAnnouncesOnlyTheNewIndex()
{
    Document doc;
    doc.resetSession(m_limit, QString());
    for (int i = 0; i < m_keptSteps; ++i)
        edit(doc, i);
    doc.markSaved(QStringLiteral("limits.session.json"));
    const QString undoText = doc.undoStack()->undoText();

    QSignalSpy modified(&doc, &Document::modifiedChanged);
    QSignalSpy index(doc.undoStack(), &QUndoStack::indexChanged);
    QSignalSpy canUndo(doc.undoStack(), &QUndoStack::canUndoChanged);
    QSignalSpy undoTexts(doc.undoStack(), &QUndoStack::undoTextChanged);
    edit(doc, m_keptSteps);
    QCOMPARE(doc.undoStack()->count(), m_keptSteps);
    // The edit leaves the saved state once; the drop after it does not touch it.
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.takeFirst().at(0).toBool(), true);
    QVERIFY(!canUndo.isEmpty() && !undoTexts.isEmpty());
    QCOMPARE(canUndo.last().at(0).toBool(), true);
    QCOMPARE(undoTexts.last().at(0).toString(), doc.undoStack()->undoText());
    QVERIFY(!index.isEmpty());
    QCOMPARE(index.last().at(0).toInt(), doc.undoStack()->index());
    QCOMPARE(doc.undoStack()->index(), m_keptSteps);

    // Back at the saved state, which the drop moved down by one.
    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.undoStack()->undoText(), undoText);
}

void TestUndoBudget::typingKeepsMergingAfterADrop()
{
    Document doc;
    doc.resetSession(m_limit, QString());
    for (int i = 0; i < editCount; ++i)
        edit(doc, i);
    const int steps = doc.undoStack()->count();
    const Session beforeTyping = [&doc] {
        doc.undoStack()->undo();
        Session s = doc.session();
        doc.undoStack()->redo();
        return s;
    }();
    // Still typing in the last cell: the value changes, the step stays one.
    doc.setEmbeddingCell(SequenceRole::Source, editCount - 1, editCount - 1, 7.0);
    QCOMPARE(doc.undoStack()->count(), steps);
    QCOMPARE(doc.session().source.embeddings(editCount - 1, editCount - 1), 7.0);
    doc.undoStack()->undo();
    QVERIFY(doc.session() == beforeTyping);
}

void TestUndoBudget::smallSessionsKeepEveryStep()
{
    Document doc;
    const Session first = doc.session();
    const int edits = 50;
    for (int i = 0; i < edits; ++i) {
        doc.setTitle(QStringLiteral("Title %1").arg(i));
        doc.finishEditRun();
    }
    QCOMPARE(doc.undoStack()->count(), edits);
    QVERIFY(doc.undoHistoryBytes() < undoHistoryBudgetBytes);
    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    QVERIFY(doc.session() == first);
}

QTEST_MAIN(TestUndoBudget)
#include "tst_undobudget.moc"
