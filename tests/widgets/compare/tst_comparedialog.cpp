// SPDX-License-Identifier: GPL-3.0-or-later
// View ▸ Compare…: two configurations side by side from one action, their difference equal to
// A - B worked out by hand, one figure exported with both heatmaps and the difference.

#include "compare/comparedialog.h"
#include "document/document.h"
#include "heatmap/heatmapdata.h"
#include "session/attentionpanel.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "testsupportexport.h"
#include "testsupportsvg.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;
using X = ExportTestSupport;

} // namespace

class TestCompareDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void oneActionOpensScaledVsUnscaled();
    void everyKindGivesAMinusB_data();
    void everyKindGivesAMinusB();
    void exportsOneFigureWithThreePanels_data();
    void exportsOneFigureWithThreePanels();
    void explainsWhatCannotBeCompared();

private:
    MainWindow *m_window = nullptr;
    CompareDialog *m_dialog = nullptr;
    QTemporaryDir m_dir;
};

void TestCompareDialog::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_comparedialog"));
    QVERIFY(m_dir.isValid());
}

void TestCompareDialog::init()
{
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    auto *compare = m_window->findChild<QAction *>(QStringLiteral("compareAction"));
    QVERIFY(compare);
    compare->trigger();
    m_dialog = m_window->compareDialog();
    QVERIFY(m_dialog);
    QVERIFY(QTest::qWaitForWindowExposed(m_dialog));
}

void TestCompareDialog::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestCompareDialog::oneActionOpensScaledVsUnscaled()
{
    QCOMPARE(m_dialog->spec().kind, CompareKind::Scaling);
    QVERIFY(m_dialog->comparison());
    const Session &s = m_window->document()->session();
    const Eigen::MatrixXd a = T::meanWeights(s.target.embeddings, s.source.embeddings, 2, false);
    const Eigen::MatrixXd b
        = T::meanWeights(s.target.embeddings, s.source.embeddings, 2, false, {}, 1.0);
    QVERIFY(test::maxAbsDifference(m_dialog->comparison()->weightsA, a) < 1e-12);
    QVERIFY(test::maxAbsDifference(m_dialog->comparison()->difference, a - b) < 1e-12);
    // The document is not touched: B is a copy.
    QCOMPARE(m_window->document()->session().attention.config.scale.mode, ScaleMode::SqrtDk);
    QVERIFY(!m_window->document()->isModified());
}

void TestCompareDialog::everyKindGivesAMinusB_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("scaled vs unscaled") << int(CompareKind::Scaling);
    QTest::newRow("(Y, X) vs (X, Y)") << int(CompareKind::CrossDirection);
    QTest::newRow("head 1 vs head 2") << int(CompareKind::Heads);
    QTest::newRow("causal vs not") << int(CompareKind::Causal);
}

void TestCompareDialog::everyKindGivesAMinusB()
{
    QFETCH(int, kind);
    auto *combo = m_dialog->findChild<QComboBox *>(QStringLiteral("compareKindCombo"));
    QVERIFY(T::chooseComboData(combo, kind));
    QCOMPARE(int(m_dialog->spec().kind), kind);
    QVERIFY(m_dialog->comparison());
    const Session &s = m_window->document()->session();
    const Eigen::MatrixXd &y = s.target.embeddings;
    const Eigen::MatrixXd &x = s.source.embeddings;
    const double rootDk = std::sqrt(2.0);
    Eigen::MatrixXd a = T::meanWeights(y, x, 2, false);
    Eigen::MatrixXd b;
    switch (CompareKind(kind)) {
    case CompareKind::Scaling:
        b = T::meanWeights(y, x, 2, false, {}, 1.0);
        break;
    case CompareKind::CrossDirection:
        b = T::meanWeights(x, y, 2, false).transpose();
        break;
    case CompareKind::Heads:
        a = T::headWeights(y, x, 0, 2, rootDk, false);
        b = T::headWeights(y, x, 1, 2, rootDk, false);
        break;
    case CompareKind::Causal:
        // The session has no causal mask; the causal map is A all the same.
        b = a;
        a = T::meanWeights(y, x, 2, true);
        break;
    }
    QVERIFY(test::maxAbsDifference(m_dialog->comparison()->difference, a - b) < 1e-12);
}

void TestCompareDialog::exportsOneFigureWithThreePanels_data()
{
    QTest::addColumn<QString>("extension");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestCompareDialog::exportsOneFigureWithThreePanels()
{
    QFETCH(QString, extension);
    const QString file = m_dir.filePath(QStringLiteral("compare.") + extension);
    QVERIFY(m_dialog->exportTo(file));
    const QByteArray bytes = X::readFile(file);
    QVERIFY(!bytes.isEmpty());
    const int cells = 2 * 4; // queries x keys of the opening example
    if (extension == QLatin1String("svg")) {
        const SvgSummary svg = SvgSummary::read(bytes);
        QVERIFY2(svg.wellFormed, qPrintable(svg.error));
        QCOMPARE(svg.cellRects, 3 * cells); // A, B and the difference
        QVERIFY(svg.texts.contains(QStringLiteral("A − B")));
    } else if (extension == QLatin1String("png")) {
        QVERIFY(bytes.startsWith("\x89PNG"));
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
    }
}

void TestCompareDialog::explainsWhatCannotBeCompared()
{
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 1);
    auto *combo = m_dialog->findChild<QComboBox *>(QStringLiteral("compareKindCombo"));
    QVERIFY(T::chooseComboData(combo, int(CompareKind::Heads)));
    QVERIFY(!m_dialog->comparison());
    QVERIFY(m_dialog->problemText().contains(QStringLiteral("two heads")));
    QVERIFY(!m_dialog->exportTo(m_dir.filePath(QStringLiteral("none.svg"))));
}

QTEST_MAIN(TestCompareDialog)
#include "tst_comparedialog.moc"
