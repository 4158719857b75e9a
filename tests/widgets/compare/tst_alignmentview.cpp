// SPDX-License-Identifier: GPL-3.0-or-later
// The alignment view in the heatmap panel: chosen with the Heatmap/Lines switch, it shows the
// large view's weights as lines above the threshold slider's value, and hovering a token keeps
// only that token's lines.

#include "compare/alignmentview.h"
#include "document/document.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "testsupport.h"
#include "testsupportattention.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLocale>
#include <QSlider>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

} // namespace

class TestAlignmentView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void switchShowsLinesOfTheLargeView();
    void sliderSetsTheThreshold_data();
    void sliderSetsTheThreshold();
    void sliderHasAUsableRangeAndASpinBox_data();
    void sliderHasAUsableRangeAndASpinBox();
    void linesAreTitledLikeTheHeatmap();
    void hoveringATokenIsolatesItsLines();
    void followsTheSelectedHead();

private:
    Document *m_document = nullptr;
    HeatmapPanel *m_panel = nullptr;
};

void TestAlignmentView::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_alignmentview"));
}

void TestAlignmentView::init()
{
    m_document = new Document;
    m_panel = new HeatmapPanel(m_document);
    m_panel->resize(1000, 700);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
    auto *display = m_panel->findChild<QComboBox *>(QStringLiteral("displayCombo"));
    QVERIFY(T::chooseComboData(display, int(HeatmapPanel::Display::Lines)));
    QCOMPARE(m_panel->display(), HeatmapPanel::Display::Lines);
    QVERIFY(m_panel->alignmentView()->isVisible());
    QVERIFY(!m_panel->largePlot()->isVisible());
}

void TestAlignmentView::cleanup()
{
    delete m_panel;
    delete m_document;
}

void TestAlignmentView::switchShowsLinesOfTheLargeView()
{
    const HeatmapData &data = m_panel->alignmentView()->data();
    QVERIFY(test::maxAbsDifference(data.values, m_document->result().meanWeights) < 1e-15);
    const Figure f = m_panel->alignmentView()->currentFigure();
    QCOMPARE(f.count(QStringLiteral("query-token")), int(data.values.rows()));
    QCOMPARE(f.count(QStringLiteral("key-token")), int(data.values.cols()));
    QCOMPARE(qint64(f.count(QStringLiteral("link"))),
        AlignmentFigure::lineCount(data, m_panel->alignmentThreshold()));
    // And back.
    auto *display = m_panel->findChild<QComboBox *>(QStringLiteral("displayCombo"));
    QVERIFY(T::chooseComboData(display, int(HeatmapPanel::Display::Heatmap)));
    QVERIFY(m_panel->largePlot()->isVisible());
    QVERIFY(!m_panel->alignmentView()->isVisible());
}

void TestAlignmentView::sliderSetsTheThreshold_data()
{
    QTest::addColumn<int>("hundredths");
    QTest::newRow("0") << 0;
    QTest::newRow("0.25") << 25;
    QTest::newRow("0.40") << 40;
    QTest::newRow("0.50, the slider's end") << 50;
}

void TestAlignmentView::sliderSetsTheThreshold()
{
    QFETCH(int, hundredths);
    auto *slider = m_panel->findChild<QSlider *>(QStringLiteral("thresholdSlider"));
    QVERIFY(slider && slider->isVisible());
    slider->setValue(hundredths);
    QCOMPARE(m_panel->alignmentView()->threshold(), hundredths / 100.0);
    // Independently: pairs with weight at or above the threshold.
    const Eigen::MatrixXd &w = m_document->result().meanWeights;
    int expected = 0;
    for (int r = 0; r < w.rows(); ++r) {
        for (int c = 0; c < w.cols(); ++c)
            expected += w(r, c) > 0.0 && w(r, c) >= hundredths / 100.0 ? 1 : 0;
    }
    QCOMPARE(m_panel->alignmentView()->currentFigure().count(QStringLiteral("link")), expected);
}

void TestAlignmentView::sliderHasAUsableRangeAndASpinBox_data()
{
    QTest::addColumn<double>("typed");
    QTest::addColumn<int>("sliderAt");
    QTest::newRow("0.07") << 0.07 << 7;
    QTest::newRow("0.5") << 0.5 << 50;
    QTest::newRow("0.75, past the slider's end") << 0.75 << 50;
    QTest::newRow("1") << 1.0 << 50;
}

void TestAlignmentView::sliderHasAUsableRangeAndASpinBox()
{
    QFETCH(double, typed);
    QFETCH(int, sliderAt);
    QSlider *slider = m_panel->thresholdSlider();
    QDoubleSpinBox *spin = m_panel->thresholdSpin();
    QVERIFY(spin->isVisible());
    // A pixel of drag moves the threshold by at most 0.005: 0.05 cannot jump to 0.61.
    const double perPixel = (slider->maximum() - slider->minimum()) / 100.0 / slider->width();
    QVERIFY2(perPixel <= 0.0035, qPrintable(QString::number(perPixel)));
    QCOMPARE(slider->maximum(), 50);
    spin->clear();
    QTest::keyClicks(spin, QLocale().toString(typed, 'f', 2));
    QTest::keyClick(spin, Qt::Key_Enter);
    QCOMPARE(m_panel->alignmentThreshold(), typed);
    QCOMPARE(m_panel->alignmentView()->threshold(), typed);
    QCOMPARE(slider->value(), sliderAt);
    // Dragging the slider writes the spin box.
    slider->setValue(12);
    QCOMPARE(spin->value(), 0.12);
    QCOMPARE(m_panel->alignmentView()->threshold(), 0.12);
}

void TestAlignmentView::linesAreTitledLikeTheHeatmap()
{
    for (int view : { -1, 1 }) {
        m_panel->setSelectedView(view);
        const Figure f = m_panel->alignmentView()->currentFigure();
        QCOMPARE(f.count(QStringLiteral("title")), 1);
        const auto title = std::find_if(f.items.begin(), f.items.end(),
            [](const Figure::Item &item) { return item.role == QLatin1String("title"); });
        const QString expected = AlignmentFigure::defaultTitle(m_panel->alignmentView()->data());
        QCOMPARE(title->text, expected);
        // The heatmap's own title is inside the lines' title.
        QVERIFY(expected.contains(m_panel->largePlot()->data().title));
    }
}

void TestAlignmentView::hoveringATokenIsolatesItsLines()
{
    m_panel->setAlignmentThreshold(0.0);
    AlignmentView *view = m_panel->alignmentView();
    FigureOptions options;
    options.size = view->size();
    options.includeTitle = true;
    const AlignmentFigure::Layout l = AlignmentFigure::layout(view->data(), options);
    QTest::mouseMove(view, l.queryRects[1].center().toPoint());
    QTRY_COMPARE(view->focusQuery(), 1);
    QCOMPARE(view->currentFigure().count(QStringLiteral("link")), int(view->data().values.cols()));
    QTest::mouseMove(view, l.keyRects[2].center().toPoint());
    QTRY_COMPARE(view->focusKey(), 2);
    QCOMPARE(view->focusQuery(), -1);
    QCOMPARE(view->currentFigure().count(QStringLiteral("link")), int(view->data().values.rows()));
}

void TestAlignmentView::followsTheSelectedHead()
{
    m_panel->setSelectedView(1);
    QVERIFY(test::maxAbsDifference(
                m_panel->alignmentView()->data().values, m_document->result().heads[1].weights)
        < 1e-15);
}

QTEST_MAIN(TestAlignmentView)
#include "tst_alignmentview.moc"
