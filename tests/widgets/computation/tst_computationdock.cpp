// SPDX-License-Identifier: GPL-3.0-or-later
// The computation view in the window: stepping with buttons, arrow keys and Page Up / Page
// Down, the matrices of every step against the core, reveal, and the heatmap's state.

#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/mathguidedialog.h"
#include "computation/matrixtablewidget.h"
#include "computation/queryrowview.h"
#include "document/document.h"
#include "export/matrixclipboard.h"
#include "heatmap/heatmapcellinfo.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "plots/matrixplotadapter.h"
#include "session/embeddingtablemodel.h"
#include "session/sequencepanel.h"
#include "session/sessionjson.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/mainwindow.h"

#include <QClipboard>
#include <QComboBox>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHeaderView>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

using namespace ae;

namespace {

using T = AttentionTestSupport;

Session loadCase(const QString &name)
{
    const SessionLoadResult loaded = loadSessionFile(
        test::referenceCasesDir() + QLatin1Char('/') + name + QStringLiteral(".session.json"));
    return loaded.ok() ? loaded.session : Session();
}

} // namespace

/// Tests ComputationDock inside the main window.
class TestComputationDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void stepsWithKeys_data();
    void stepsWithKeys();
    void buttonsStepAndStopAtTheEnds();
    void matricesEqualTheCore_data();
    void matricesEqualTheCore();
    void decimalsApplyToEveryCell();
    void tooltipsShowTheChosenDecimals();
    void heatmapShowsScoresBeforeSoftmaxAndWeightsAfter();
    void revealHidesNumbersUntilTheNextClick();
    void headFollowsTheHeatmap();
    void mathGuideLinksToSteps();
    void everyMatrixCopiesInEveryFormat_data();
    void everyMatrixCopiesInEveryFormat();
    void openingASessionStartsFromTheWeights_data();
    void openingASessionStartsFromTheWeights();
    void longTokensAreElidedWithTheWholeTokenInTheTooltip();
    void oneQueryRowWhole_data();
    void oneQueryRowWhole();
    void oneQueryRowExports_data();
    void oneQueryRowExports();

private:
    void loadSession(const QString &caseName);

    MainWindow *m_window = nullptr;
    ComputationDock *m_dock = nullptr;
};

void TestComputationDock::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_computationdock"));
}

void TestComputationDock::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1280, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_dock = m_window->classroom()->computation();
    m_dock->show();
    loadSession(QStringLiteral("seed-cross-2heads"));
}

void TestComputationDock::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestComputationDock::loadSession(const QString &caseName)
{
    const Session s = loadCase(caseName);
    QVERIFY(s.source.length() > 0);
    m_window->document()->resetSession(s, QString());
    QTRY_VERIFY(m_window->document()->hasResult() && !m_window->document()->error()
        && test::compareSessions(m_window->document()->resultSession(), s).isEmpty());
}

void TestComputationDock::stepsWithKeys_data()
{
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("expected");
    QTest::newRow("Page Down goes on") << 2 << int(Qt::Key_PageDown) << 3;
    QTest::newRow("Right goes on") << 2 << int(Qt::Key_Right) << 3;
    QTest::newRow("Space goes on") << 0 << int(Qt::Key_Space) << 1;
    QTest::newRow("Page Up goes back") << 2 << int(Qt::Key_PageUp) << 1;
    QTest::newRow("Left goes back") << 2 << int(Qt::Key_Left) << 1;
    QTest::newRow("Page Up stops at the first") << 0 << int(Qt::Key_PageUp) << 0;
    QTest::newRow("Page Down stops at the last") << 8 << int(Qt::Key_PageDown) << 8;
}

void TestComputationDock::stepsWithKeys()
{
    QFETCH(int, start);
    QFETCH(int, key);
    QFETCH(int, expected);
    m_dock->setStep(start);
    QCOMPARE(m_dock->step(), start);
    QTest::keyClick(m_dock->stepList(), Qt::Key(key));
    QCOMPARE(m_dock->step(), expected);
    QCOMPARE(m_dock->stepList()->currentRow(), expected);
    const ComputationStep step = ComputationSteps::all()[static_cast<size_t>(expected)];
    QCOMPARE(m_dock->formulaText(), ComputationSteps::formula(step));
}

void TestComputationDock::buttonsStepAndStopAtTheEnds()
{
    auto *back = m_dock->findChild<QPushButton *>(QStringLiteral("computationBackButton"));
    auto *forward = m_dock->findChild<QPushButton *>(QStringLiteral("computationForwardButton"));
    QVERIFY(back && forward);
    m_dock->setStep(0);
    QVERIFY(!back->isEnabled());
    for (int i = 1; i < ComputationSteps::count(); ++i) {
        QTest::mouseClick(forward, Qt::LeftButton);
        QCOMPARE(m_dock->step(), i);
    }
    QVERIFY(!forward->isEnabled());
    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(m_dock->step(), ComputationSteps::count() - 2);
}

void TestComputationDock::matricesEqualTheCore_data()
{
    QTest::addColumn<QString>("caseName");
    for (const char *name : { "seed-cross-2heads", "decoder-causal", "padding", "kdim-differs" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestComputationDock::matricesEqualTheCore()
{
    QFETCH(QString, caseName);
    loadSession(caseName);
    const AttentionResult &r = m_window->document()->result();
    const int heads = static_cast<int>(r.heads.size());
    m_dock->setHead(heads - 1);
    QCOMPARE(m_dock->head(), heads - 1);
    const HeadResult &head = r.heads.back();
    const int dK = r.dK;
    m_dock->setStep(0);
    const auto tables = m_dock->matrixWidgets();
    QCOMPARE(tables.size(), 3);
    QCOMPARE(tables[0]->matrix().values, Eigen::MatrixXd(r.q.middleCols((heads - 1) * dK, dK)));
    QCOMPARE(tables[1]->matrix().values, Eigen::MatrixXd(r.k.middleCols((heads - 1) * dK, dK)));
    QCOMPARE(tables[2]->matrix().values, Eigen::MatrixXd(r.v.middleCols((heads - 1) * dK, dK)));
    QVERIFY(tables[0]->titleText().contains(QStringLiteral("%1 × %2").arg(r.q.rows()).arg(dK)));
    const std::pair<ComputationStep, Eigen::MatrixXd> expected[] = {
        { ComputationStep::Scores, r.dotProducts(heads - 1) },
        { ComputationStep::Scaled, r.scores(heads - 1) },
        { ComputationStep::Masked, r.scores(heads - 1) },
        { ComputationStep::Softmax, head.weights },
        { ComputationStep::HeadOutput, head.output },
        { ComputationStep::Concat, r.concat },
        { ComputationStep::Output, r.output },
    };
    for (const auto &[step, values] : expected) {
        m_dock->setStep(static_cast<int>(step));
        QCOMPARE(m_dock->currentStep(), step);
        QCOMPARE(m_dock->matrixWidgets().front()->matrix().values, values);
    }
    // The masked step writes −∞ exactly where the mask hides a key.
    m_dock->setStep(static_cast<int>(ComputationStep::Masked));
    MatrixTableWidget *masked = m_dock->matrixWidgets().front();
    for (int i = 0; i < r.visible.rows(); ++i) {
        for (int j = 0; j < r.visible.cols(); ++j)
            QCOMPARE(masked->cellText(i, j) == QStringLiteral("−∞"), !r.visible(i, j));
    }
}

void TestComputationDock::decimalsApplyToEveryCell()
{
    m_dock->setStep(static_cast<int>(ComputationStep::Softmax));
    const double w = m_window->document()->result().heads[0].weights(1, 2);
    for (int decimals : { 2, 6 }) {
        m_dock->decimalsBox()->setValue(decimals);
        QCOMPARE(m_dock->decimals(), decimals);
        QCOMPARE(
            m_dock->matrixWidgets().front()->cellText(1, 2), QString::number(w, 'f', decimals));
    }
}

void TestComputationDock::tooltipsShowTheChosenDecimals()
{
    // Hashed vectors with positions: entries with many digits everywhere.
    Document *document = m_window->document();
    document->setEmbeddingRecipe(SequenceRole::Source, { EmbeddingMode::Hashed, 3, true });
    QTRY_VERIFY(document->hasResult() && !document->isResultStale());
    m_dock->setStep(static_cast<int>(ComputationStep::Softmax));
    static const QRegularExpression longNumber(QStringLiteral("\\d\\.\\d{5,}"));
    HeatmapPanel *panel = m_window->heatmapPanel();
    panel->setSelectedView(0);
    m_dock->setStep(static_cast<int>(ComputationStep::Softmax));
    const double w = document->result().heads[0].weights(1, 2);
    const double score = document->result().scores(0)(1, 2);
    for (int decimals : { 2, 5 }) {
        m_dock->decimalsBox()->setValue(decimals);
        // The heatmap's hover: the weight and the score as the computation shows them.
        const QString tip = panel->largePlot()->cellToolTip(1, 2);
        QVERIFY2(tip.contains(QString::number(w, 'f', decimals))
                && tip.contains(QString::number(score, 'f', decimals)),
            qPrintable(tip));
        QVERIFY2(!tip.contains(QString::number(w, 'f', decimals + 1)), qPrintable(tip));
        // The computation's cells: their tooltip names the cell with the number as shown.
        const QTableWidget *table = m_dock->matrixWidgets().front()->table();
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 0; c < table->columnCount(); ++c) {
                const QString cellTip = table->item(r, c)->toolTip();
                QVERIFY2(cellTip.endsWith(table->item(r, c)->text()), qPrintable(cellTip));
            }
        }
    }
    // No tooltip of the sequence table shows a double's seventeen digits either.
    const QAbstractItemModel *model = m_window->sequencePanel(true)->tableModel();
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QString tip = model->index(r, c).data(Qt::ToolTipRole).toString();
            QVERIFY2(!tip.contains(longNumber), qPrintable(tip));
        }
    }
}

void TestComputationDock::heatmapShowsScoresBeforeSoftmaxAndWeightsAfter()
{
    HeatmapPanel *panel = m_window->heatmapPanel();
    m_dock->setHead(1);
    m_dock->setStep(static_cast<int>(ComputationStep::Scaled));
    QCOMPARE(panel->selectedView(), 1);
    QVERIFY(panel->showsStepState());
    const AttentionResult &r = m_window->document()->result();
    QCOMPARE(panel->largePlot()->data().values, r.scores(1));
    m_dock->setStep(static_cast<int>(ComputationStep::Scores));
    QCOMPARE(panel->largePlot()->data().values, r.dotProducts(1));
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown); // Scaled
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown); // Masked
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown); // Softmax
    QVERIFY(!panel->showsStepState());
    QCOMPARE(panel->largePlot()->data().values, r.heads[1].weights);
    // Hiding the view gives the heatmap back its weights.
    m_dock->setStep(static_cast<int>(ComputationStep::Scaled));
    QVERIFY(panel->showsStepState());
    m_dock->hide();
    QTRY_VERIFY(!panel->showsStepState());
}

void TestComputationDock::revealHidesNumbersUntilTheNextClick()
{
    m_dock->setRevealMode(true);
    m_dock->setStep(static_cast<int>(ComputationStep::Scaled));
    QVERIFY(m_dock->numbersShown());
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown);
    QCOMPARE(m_dock->currentStep(), ComputationStep::Masked);
    QVERIFY(!m_dock->numbersShown());
    QCOMPARE(m_dock->matrixWidgets().front()->cellText(0, 0), QStringLiteral("?"));
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown);
    QCOMPARE(m_dock->currentStep(), ComputationStep::Masked);
    QVERIFY(m_dock->numbersShown());
    QCOMPARE(m_dock->matrixWidgets().front()->cellText(0, 0),
        QString::number(m_window->document()->result().scores(0)(0, 0), 'f', 4));
    m_dock->setRevealMode(false);
    QTest::keyClick(m_dock->stepList(), Qt::Key_PageDown);
    QCOMPARE(m_dock->currentStep(), ComputationStep::Softmax);
    QVERIFY(m_dock->numbersShown());
}

void TestComputationDock::headFollowsTheHeatmap()
{
    m_window->heatmapPanel()->setSelectedView(1);
    QCOMPARE(m_dock->head(), 1);
    m_window->heatmapPanel()->setSelectedView(-1);
    QCOMPARE(m_dock->head(), 1); // the mean has no single computation; the head stays
    QVERIFY(!m_window->heatmapPanel()->showsStepState());
}

void TestComputationDock::mathGuideLinksToSteps()
{
    MathGuideDialog *guide = m_window->classroom()->mathGuide();
    const QString html = MathGuideDialog::html();
    for (ComputationStep step : ComputationSteps::all())
        QVERIFY(html.contains(ComputationSteps::formulaHtml(step)));
    m_dock->hide();
    emit guide->browser()->anchorClicked(QUrl(QStringLiteral("step:4")));
    QCOMPARE(m_dock->step(), 4);
    QVERIFY(m_dock->isVisible());
}

void TestComputationDock::everyMatrixCopiesInEveryFormat_data()
{
    QTest::addColumn<int>("step");
    QTest::newRow("split") << int(ComputationStep::Split);
    QTest::newRow("masked") << int(ComputationStep::Masked);
    QTest::newRow("output projection") << int(ComputationStep::OutputProjection);
}

void TestComputationDock::everyMatrixCopiesInEveryFormat()
{
    QFETCH(int, step);
    m_dock->setStep(step);
    const std::vector<MatrixClipboard::Format> formats = MatrixClipboard::formats();
    for (MatrixTableWidget *table : m_dock->matrixWidgets()) {
        auto *button = table->findChild<QToolButton *>();
        QVERIFY(button && button->menu());
        const QList<QAction *> actions = button->menu()->actions();
        QCOMPARE(actions.size(), static_cast<int>(formats.size()));
        for (int i = 0; i < actions.size(); ++i) {
            QGuiApplication::clipboard()->clear();
            actions[i]->trigger();
            QCOMPARE(QGuiApplication::clipboard()->text(),
                MatrixClipboard::format(std::vector<LabelledMatrix> { table->matrix() },
                    formats[static_cast<size_t>(i)]));
        }
    }
}

void TestComputationDock::openingASessionStartsFromTheWeights_data()
{
    QTest::addColumn<bool>("modified");
    QTest::newRow("unchanged session") << false;
    QTest::newRow("changed session (the example is one undo step)") << true;
}

void TestComputationDock::openingASessionStartsFromTheWeights()
{
    QFETCH(bool, modified);
    Document *document = m_window->document();
    m_dock->setStep(int(ComputationStep::Scaled));
    QVERIFY(m_window->heatmapPanel()->showsStepState());
    if (modified) {
        document->setCausal(!document->session().attention.config.causal);
        QVERIFY(document->isModified());
    }
    QVERIFY(m_window->openExample(QStringLiteral(":/examples/standard-cross.json")));
    QTRY_VERIFY(document->hasResult() && document->resultSession().source.length() == 2);
    QCOMPARE(m_dock->currentStep(), ComputationStep::Softmax);
    QVERIFY(!m_window->heatmapPanel()->showsStepState());
    // The large heatmap holds the weights: each visible row sums to 1.
    const HeatmapData &shown = m_window->heatmapPanel()->largePlot()->data();
    for (int r = 0; r < shown.rows(); ++r)
        QVERIFY(std::abs(shown.values.row(r).sum() - 1.0) < 1e-12);
    // A session file does the same.
    m_dock->setStep(int(ComputationStep::Scores));
    QVERIFY(m_window->heatmapPanel()->showsStepState());
    loadSession(QStringLiteral("seed-cross-2heads"));
    QCOMPARE(m_dock->currentStep(), ComputationStep::Softmax);
    QVERIFY(!m_window->heatmapPanel()->showsStepState());
}

void TestComputationDock::longTokensAreElidedWithTheWholeTokenInTheTooltip()
{
    const QString token
        = QStringLiteral("supercalifragilisticexpialidocious_antidisestablishmentarianism");
    Document *document = m_window->document();
    QStringList tokens = document->session().source.tokens;
    tokens[0] = token;
    document->setTokens(SequenceRole::Source, tokens);
    QTRY_VERIFY(document->hasResult() && document->resultSession().source.tokens[0] == token);
    // A₁'s columns are the source tokens (the keys).
    m_dock->setStep(int(ComputationStep::Softmax));
    QTableWidget *table = m_dock->matrixWidgets().first()->table();
    const QTableWidgetItem *header = table->horizontalHeaderItem(0);
    QVERIFY(header);
    QVERIFY(header->text().size() <= MatrixPlotAdapter::maxLabelChars);
    QVERIFY(header->text().endsWith(QChar(0x2026)));
    QVERIFY(token.startsWith(header->text().chopped(1)));
    QCOMPARE(header->toolTip(), token);
    // The numbers stay in sight: the column is far narrower than the whole token would make it.
    const int whole = QFontMetrics(table->horizontalHeader()->font()).horizontalAdvance(token);
    QVERIFY2(table->columnWidth(0) < whole / 2,
        qPrintable(QStringLiteral("%1 vs %2").arg(table->columnWidth(0)).arg(whole)));
    // The embedding table's row headers elide the same way, the tooltip naming the token.
    EmbeddingTableModel model(document, SequenceRole::Source);
    const QString shown = model.headerData(0, Qt::Vertical, Qt::DisplayRole).toString();
    QCOMPARE(shown, MatrixPlotAdapter::elided(token, MatrixPlotAdapter::maxLabelChars));
    QVERIFY(model.headerData(0, Qt::Vertical, Qt::ToolTipRole).toString().contains(token));
}

void TestComputationDock::oneQueryRowWhole_data()
{
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("query");
    QTest::newRow("head 1, query 1") << 0 << 0;
    QTest::newRow("head 2, last query") << 1 << -1;
}

void TestComputationDock::oneQueryRowWhole()
{
    QFETCH(int, head);
    QFETCH(int, query);
    const Document *document = m_window->document();
    const AttentionResult &r = document->result();
    const int lq = int(r.q.rows());
    if (query < 0)
        query = lq - 1;
    m_dock->setHead(head);
    m_dock->setRowMode(true);
    QVERIFY(m_dock->isRowMode());
    QVERIFY(!m_window->heatmapPanel()->showsStepState());
    QueryRowView *view = m_dock->rowView();
    QVERIFY(view->isVisible());
    QCOMPARE(view->queryBox()->count(), lq);
    view->queryBox()->setCurrentIndex(query);
    emit view->queryBox()->activated(query);
    QCOMPARE(view->query(), query);
    QCOMPARE(view->head(), head);

    // Independently: q·k from the head's columns of Q and K, the score, the softmax, o.
    const int dK = r.dK;
    const Eigen::MatrixXd qh = r.q.middleCols(head * dK, dK);
    const Eigen::MatrixXd kh = r.k.middleCols(head * dK, dK);
    const Eigen::MatrixXd vh = r.v.middleCols(head * dK, dK);
    const QueryRowParts &parts = view->parts();
    const int lk = int(kh.rows());
    QCOMPARE(parts.keys.values.rows(), lk);
    std::vector<long double> e(static_cast<size_t>(lk), 0.0L);
    long double top = -1e300L;
    for (int j = 0; j < lk; ++j) {
        long double dot = 0.0L;
        for (int m = 0; m < dK; ++m)
            dot += (long double)qh(query, m) * kh(j, m);
        QVERIFY(std::abs(parts.keys.values(j, 0) - double(dot)) < 1e-12);
        const long double score = dot / std::sqrt((long double)dK);
        QVERIFY(std::abs(parts.keys.values(j, 1) - double(score)) < 1e-12);
        e[size_t(j)] = score;
        top = std::max(top, score);
    }
    long double sum = 0.0L;
    for (long double &x : e) {
        x = std::exp(x - top);
        sum += x;
    }
    Eigen::VectorXd o = Eigen::VectorXd::Zero(dK);
    for (int j = 0; j < lk; ++j) {
        const double w = double(e[size_t(j)] / sum);
        QVERIFY(std::abs(parts.keys.values(j, 2) - w) < 1e-12);
        o += w * vh.row(j).transpose();
    }
    QCOMPARE(parts.values.values.rows(), lk);
    QVERIFY(test::maxAbsDifference(parts.values.values, vh) == 0.0);
    QCOMPARE(parts.output.values.cols(), dK);
    QVERIFY(test::maxAbsDifference(parts.output.values, o.transpose()) < 1e-12);
    // The three tables side by side show them at the chosen decimals.
    m_dock->setDecimals(3);
    const QList<MatrixTableWidget *> tables = view->tables();
    QCOMPARE(tables[0]->cellText(0, 2), HeatmapCellInfo::cellLabel(parts.keys.values(0, 2), 3));
    QCOMPARE(tables[2]->cellText(0, 0), HeatmapCellInfo::cellLabel(parts.output.values(0, 0), 3));
    QVERIFY(tables[0]->y() == tables[1]->y() && tables[1]->x() > tables[0]->x()
        && tables[2]->x() > tables[1]->x());
    m_dock->setRowMode(false);
    QVERIFY(!view->isVisible());
}

void TestComputationDock::oneQueryRowExports_data()
{
    QTest::addColumn<QString>("extension");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestComputationDock::oneQueryRowExports()
{
    QFETCH(QString, extension);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    m_dock->setRowMode(true);
    QueryRowView *view = m_dock->rowView();
    const QString file = dir.filePath(QStringLiteral("row.") + extension);
    QVERIFY2(view->exportTo(file), qPrintable(view->messageText()));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    QVERIFY(bytes.size() > 100);
    const QueryRowParts &parts = view->parts();
    const Figure figure = view->figure();
    // One number per key and column, per value cell, per output cell.
    const int lk = int(parts.keys.values.rows());
    const int dK = int(parts.values.values.cols());
    QCOMPARE(figure.count(QStringLiteral("value")), 3 * lk + lk * dK + dK);
    if (extension == QLatin1String("svg")) {
        QVERIFY(bytes.contains(HeatmapCellInfo::cellLabel(parts.output.values(0, 0), 4).toUtf8()));
        QVERIFY(bytes.contains(QByteArrayLiteral("softmax")));
    } else if (extension == QLatin1String("png")) {
        QVERIFY(bytes.startsWith(QByteArrayLiteral("\x89PNG")));
    } else {
        QVERIFY(bytes.startsWith(QByteArrayLiteral("%PDF")));
    }
}

QTEST_MAIN(TestComputationDock)
#include "tst_computationdock.moc"
