// SPDX-License-Identifier: GPL-3.0-or-later
// Edit ▸ Copy As: the menu copies the view the heatmap panel shows (the mean, or one head's
// weights and scores), and every matrix kind has its shape and labels.

#include "document/document.h"
#include "export/copyascontroller.h"
#include "export/matrixclipboard.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"

#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QTest>

using namespace ae;

namespace {

/// Parses TSV numbers (after the header row and the label column) back into a matrix.
Eigen::MatrixXd parseTsv(const QString &text)
{
    const QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    Eigen::MatrixXd m(lines.size() - 1, lines.at(1).split(QLatin1Char('\t')).size() - 1);
    for (int r = 1; r < lines.size(); ++r) {
        const QStringList fields = lines.at(r).split(QLatin1Char('\t'));
        for (int c = 1; c < fields.size(); ++c)
            m(r - 1, c - 1) = fields.at(c).toDouble();
    }
    return m;
}

} // namespace

class TestCopyAsController : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void copyAsMenuCopiesTheShownView();
    void everyMatrixHasItsShape();
};

void TestCopyAsController::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_copyascontroller"));
}

void TestCopyAsController::copyAsMenuCopiesTheShownView()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    int view = -1;
    CopyAsController controller(&document, [&view] { return view; });
    QMenu menu;
    controller.fillMenu(&menu);
    QCOMPARE(menu.actions().size(), 6); // weights, scores, Q, K, V, output

    // The mean, as TSV, read back: the reference numbers (PyTorch, float64).
    QAction *weightsTsv
        = menu.findChild<QAction *>(QStringLiteral("copyAs_%1_%2")
                                        .arg(int(CopyAsController::MatrixKind::Weights))
                                        .arg(int(MatrixClipboard::Format::Tsv)));
    QVERIFY(weightsTsv);
    weightsTsv->trigger();
    const QString text = QApplication::clipboard()->text();
    QVERIFY(text.startsWith(QStringLiteral("\t我\t爱\t深度\t学习\ni\t")));
    const Eigen::MatrixXd expected = AttentionTestSupport::referenceMatrix(
        QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights"));
    QVERIFY(test::maxAbsDifference(parseTsv(text), expected) < 1e-12);

    // Head 2 shown: its weights and scores.
    view = 1;
    QVERIFY(controller.copy(CopyAsController::MatrixKind::Weights, MatrixClipboard::Format::Tsv));
    QVERIFY(test::maxAbsDifference(parseTsv(QApplication::clipboard()->text()),
                AttentionTestSupport::referenceMatrix(
                    QStringLiteral("seed-cross-2heads"), QStringLiteral("heads[1].weights")))
        < 1e-12);
    QVERIFY(controller.copy(CopyAsController::MatrixKind::Scores, MatrixClipboard::Format::Tsv));
    QVERIFY(test::maxAbsDifference(parseTsv(QApplication::clipboard()->text()),
                AttentionTestSupport::referenceMatrix(
                    QStringLiteral("seed-cross-2heads"), QStringLiteral("heads[1].scores")))
        < 1e-12);
    QVERIFY(
        controller.menuText(CopyAsController::MatrixKind::Weights).contains(QLatin1String("2")));
    // With the mean shown, the scores of every head, one block each.
    view = -1;
    QCOMPARE(int(controller.matrices(CopyAsController::MatrixKind::Scores).size()), 2);
}

void TestCopyAsController::everyMatrixHasItsShape()
{
    Document document;
    document.resetSession(ExportTestSupport::specExample(), QString());
    CopyAsController controller(&document, [] { return -1; });
    using K = CopyAsController::MatrixKind;
    const struct
    {
        K kind;
        int rows, columns;
        QString firstRowLabel;
    } cases[] = { { K::Weights, 2, 4, QStringLiteral("i") },
        { K::Query, 2, 4, QStringLiteral("i") }, { K::Key, 4, 4, QStringLiteral("我") },
        { K::Value, 4, 4, QStringLiteral("我") }, { K::Output, 2, 4, QStringLiteral("i") } };
    for (const auto &c : cases) {
        const std::vector<LabelledMatrix> m = controller.matrices(c.kind);
        QCOMPARE(int(m.size()), 1);
        QCOMPARE(int(m.front().values.rows()), c.rows);
        QCOMPARE(int(m.front().values.cols()), c.columns);
        QCOMPARE(m.front().rowLabels.value(0), c.firstRowLabel);
    }
    // Identity projections: Q is the target's embeddings.
    QVERIFY(test::maxAbsDifference(controller.matrices(K::Query).front().values,
                ExportTestSupport::specExample().target.embeddings)
        < 1e-15);
}

QTEST_MAIN(TestCopyAsController)
#include "tst_copyascontroller.moc"
