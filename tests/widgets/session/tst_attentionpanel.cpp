// SPDX-License-Identifier: GPL-3.0-or-later
// The attention dock, driven as a user does: heads and d_model, the four wirings, the causal
// mask, the scale, and the projections with their editor. Expected numbers by hand.

#include "document/document.h"
#include "session/attentionpanel.h"
#include "session/projectioneditor.h"
#include "session/projectionmatrixmodel.h"
#include "session/temperaturecontrol.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/messagebar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <cmath>

using namespace ae;

namespace {

using T = AttentionTestSupport;

Eigen::MatrixXd exampleSource()
{
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    return x;
}

Eigen::MatrixXd exampleTarget()
{
    return exampleSource().topRows(2);
}

int roles(SequenceRole q, SequenceRole kv)
{
    return (q == SequenceRole::Target ? 2 : 0) + (kv == SequenceRole::Target ? 1 : 0);
}

} // namespace

Q_DECLARE_METATYPE(ae::SequenceRole)

class TestAttentionPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void headsRecompute_data();
    void headsRecompute();
    void headsThatDoNotDivideAreShownNotChanged();
    void modelDimChangesDk();
    void namedWiringsSetBothHalves_data();
    void namedWiringsSetBothHalves();
    void halvesSelectTheNamedWiring();
    void causalMask();
    void scaleNone();
    void customScaleStartsFromTheDivisorInUse();
    void badDivisorIsReportedInline_data();
    void badDivisorIsReportedInline();
    void temperatureSliderRange_data();
    void temperatureSliderRange();
    void temperatureDragIsOneUndoStep();
    void temperatureSweepEndsWhereItStarted_data();
    void temperatureSweepEndsWhereItStarted();
    void divisorFieldShowsTheDivisorWhole();
    void randomProjectionsSeed();
    void explicitProjectionsOpenTheEditorPrefilled();
    void editingAProjectionWeightRecomputes();
    void undoAndRedoFollowThePanel();
    void groupsWrapWhenNarrow();
    void controlsStayTogetherAtTheTop_data();
    void controlsStayTogetherAtTheTop();

private:
    Document *m_document = nullptr;
    AttentionPanel *m_panel = nullptr;
};

void TestAttentionPanel::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_attentionpanel"));
}

void TestAttentionPanel::init()
{
    m_document = new Document;
    m_panel = new AttentionPanel(m_document);
    m_panel->resize(1000, 120);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
}

void TestAttentionPanel::cleanup()
{
    delete m_panel;
    delete m_document;
}

void TestAttentionPanel::headsRecompute_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("dk");
    QTest::newRow("one head") << 1 << QStringLiteral("d_k = 4");
    QTest::newRow("four heads") << 4 << QStringLiteral("d_k = 1");
}

void TestAttentionPanel::headsRecompute()
{
    QFETCH(int, heads);
    QFETCH(QString, dk);
    T::typeIntoSpinBox(m_panel->headsSpin(), heads);
    QCOMPARE(m_document->session().attention.config.heads, heads);
    QCOMPARE(static_cast<int>(m_document->result().heads.size()), heads);
    QCOMPARE(m_panel->dkLabel()->text(), dk);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleTarget(), exampleSource(), heads, false))
        < 1e-12);
    QCOMPARE(m_document->result().dK, 4 / heads);
}

void TestAttentionPanel::headsThatDoNotDivideAreShownNotChanged()
{
    const Eigen::MatrixXd before = m_document->result().meanWeights;
    T::typeIntoSpinBox(m_panel->headsSpin(), 3);
    QCOMPARE(m_panel->headsSpin()->value(), 3);
    QCOMPARE(m_document->session().attention.config.heads, 3);
    QVERIFY(m_document->error());
    QCOMPARE(m_document->error()->path, QStringLiteral("attention.heads"));
    QVERIFY(m_panel->dkLabel()->text().contains(QStringLiteral("not whole")));
    QVERIFY(m_panel->headsSpin()->property("ae_invalid").toBool());
    QVERIFY(m_panel->headsSpin()->toolTip().contains(QStringLiteral("does not divide")));
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, before) == 0.0);
    T::typeIntoSpinBox(m_panel->headsSpin(), 2);
    QVERIFY(!m_document->error());
    QVERIFY(!m_panel->headsSpin()->property("ae_invalid").toBool());
}

void TestAttentionPanel::modelDimChangesDk()
{
    // Random projections map any width to any d_model.
    QVERIFY(
        T::chooseComboData(m_panel->projectionCombo(), static_cast<int>(ProjectionMode::Random)));
    T::typeIntoSpinBox(m_panel->modelDimSpin(), 8);
    QCOMPARE(m_document->session().attention.config.dModel, 8);
    QCOMPARE(m_panel->dkLabel()->text(), QStringLiteral("d_k = 4"));
    QVERIFY(!m_document->error());
    QCOMPARE(m_document->result().q.cols(), 8);
}

void TestAttentionPanel::namedWiringsSetBothHalves_data()
{
    QTest::addColumn<SequenceRole>("query");
    QTest::addColumn<SequenceRole>("keyValue");
    QTest::addColumn<QString>("name");
    QTest::newRow("encoder self-attention") << SequenceRole::Source << SequenceRole::Source
                                            << QStringLiteral("Encoder self-attention (X, X)");
    QTest::newRow("reverse cross-attention") << SequenceRole::Source << SequenceRole::Target
                                             << QStringLiteral("Reverse cross-attention (X, Y)");
    QTest::newRow("standard cross-attention") << SequenceRole::Target << SequenceRole::Source
                                              << QStringLiteral("Standard cross-attention (Y, X)");
    QTest::newRow("decoder self-attention") << SequenceRole::Target << SequenceRole::Target
                                            << QStringLiteral("Decoder self-attention (Y, Y)");
}

void TestAttentionPanel::namedWiringsSetBothHalves()
{
    QFETCH(SequenceRole, query);
    QFETCH(SequenceRole, keyValue);
    QFETCH(QString, name);
    if (query == SequenceRole::Target && keyValue == SequenceRole::Source) {
        // Already the example's wiring: go elsewhere first, so that choosing it is a change.
        QVERIFY(T::chooseComboData(
            m_panel->wiringCombo(), roles(SequenceRole::Source, SequenceRole::Source)));
    }
    QVERIFY(T::chooseComboData(m_panel->wiringCombo(), roles(query, keyValue)));
    QCOMPARE(m_panel->wiringCombo()->currentText(), name);
    QCOMPARE(m_document->session().attention.queryFrom, query);
    QCOMPARE(m_document->session().attention.keyValueFrom, keyValue);
    QCOMPARE(m_panel->queryCombo()->currentData().toInt(), static_cast<int>(query));
    QCOMPARE(m_panel->keyValueCombo()->currentData().toInt(), static_cast<int>(keyValue));
    const Eigen::MatrixXd xq = query == SequenceRole::Source ? exampleSource() : exampleTarget();
    const Eigen::MatrixXd xkv
        = keyValue == SequenceRole::Source ? exampleSource() : exampleTarget();
    QVERIFY(
        test::maxAbsDifference(m_document->result().meanWeights, T::meanWeights(xq, xkv, 2, false))
        < 1e-12);
}

void TestAttentionPanel::halvesSelectTheNamedWiring()
{
    QVERIFY(T::chooseComboData(m_panel->queryCombo(), static_cast<int>(SequenceRole::Source)));
    QCOMPARE(
        m_panel->wiringCombo()->currentText(), QStringLiteral("Encoder self-attention (X, X)"));
    QVERIFY(T::chooseComboData(m_panel->keyValueCombo(), static_cast<int>(SequenceRole::Target)));
    QCOMPARE(
        m_panel->wiringCombo()->currentText(), QStringLiteral("Reverse cross-attention (X, Y)"));
    QCOMPARE(m_document->result().meanWeights.rows(), 4);
    QCOMPARE(m_document->result().meanWeights.cols(), 2);
}

void TestAttentionPanel::causalMask()
{
    T::toggleCheckBox(m_panel->causalCheck());
    QVERIFY(m_document->session().attention.config.causal);
    const Eigen::MatrixXd &w = m_document->result().meanWeights;
    // Top-left aligned: query 0 sees key 0 only, query 1 keys 0 and 1.
    QCOMPARE(w(0, 0), 1.0);
    QCOMPARE(w(0, 1), 0.0);
    QCOMPARE(w(1, 2), 0.0);
    QVERIFY(!m_document->result().visible(1, 2));
    QVERIFY(test::maxAbsDifference(w, T::meanWeights(exampleTarget(), exampleSource(), 2, true))
        < 1e-12);
    T::toggleCheckBox(m_panel->causalCheck());
    QVERIFY(!m_document->session().attention.config.causal);
}

void TestAttentionPanel::scaleNone()
{
    QVERIFY(T::chooseComboData(m_panel->scaleCombo(), static_cast<int>(ScaleMode::None)));
    QCOMPARE(m_document->result().scale, 1.0);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleTarget(), exampleSource(), 2, false, {}, 1.0))
        < 1e-12);
    QVERIFY(!m_panel->divisorEdit()->isEnabled());
}

void TestAttentionPanel::customScaleStartsFromTheDivisorInUse()
{
    const Eigen::MatrixXd before = m_document->result().meanWeights;
    QVERIFY(T::chooseComboData(m_panel->scaleCombo(), static_cast<int>(ScaleMode::Custom)));
    QVERIFY(m_panel->divisorEdit()->isEnabled());
    QCOMPARE(m_document->session().attention.config.scale.divisor, std::sqrt(2.0));
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, before) < 1e-15);
    QLineEdit *edit = m_panel->divisorEdit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("8"));
    QCOMPARE(m_document->result().scale, 8.0);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleTarget(), exampleSource(), 2, false, {}, 8.0))
        < 1e-12);
}

void TestAttentionPanel::temperatureSliderRange_data()
{
    QTest::addColumn<int>("dk");
    QTest::newRow("d_k 1") << 1;
    QTest::newRow("d_k 2") << 2;
    QTest::newRow("d_k 64") << 64;
    QTest::newRow("d_k 512") << 512;
}

void TestAttentionPanel::temperatureSliderRange()
{
    QFETCH(int, dk);
    const double root = std::sqrt(double(dk));
    // Log scale from sqrt(d_k) / 10 to 10 sqrt(d_k), sqrt(d_k) in the middle.
    QVERIFY(std::abs(TemperatureControl::divisorAt(0, dk) - root / 10) < 1e-12 * root);
    QVERIFY(std::abs(TemperatureControl::divisorAt(TemperatureControl::steps, dk) - root * 10)
        < 1e-12 * root);
    QVERIFY(std::abs(TemperatureControl::divisorAt(TemperatureControl::steps / 2, dk) - root)
        < 1e-12 * root);
    // Equal steps multiply the divisor by equal factors.
    const double f1
        = TemperatureControl::divisorAt(300, dk) / TemperatureControl::divisorAt(200, dk);
    const double f2
        = TemperatureControl::divisorAt(800, dk) / TemperatureControl::divisorAt(700, dk);
    QVERIFY(std::abs(f1 - f2) < 1e-12);
    QVERIFY(std::abs(f1 - std::pow(10.0, 0.2)) < 1e-12);
    for (const int position : { 0, 137, 500, 999, 1000 })
        QCOMPARE(TemperatureControl::positionOf(TemperatureControl::divisorAt(position, dk), dk),
            position);
    // Beyond the ends it stays at the ends.
    QCOMPARE(TemperatureControl::positionOf(root * 1000, dk), TemperatureControl::steps);
    QCOMPARE(TemperatureControl::positionOf(root / 1000, dk), 0);
}

void TestAttentionPanel::temperatureDragIsOneUndoStep()
{
    // The example: d_model 4, 2 heads, d_k 2, divided by sqrt(2).
    TemperatureControl *control = m_panel->temperatureControl();
    QSlider *slider = control->slider();
    QCOMPARE(control->dk(), 2);
    QCOMPARE(slider->value(), TemperatureControl::steps / 2);
    const int before = m_document->undoStack()->count();
    const Eigen::MatrixXd sharp0 = m_document->result().meanWeights;
    // A drag: press, move through several positions (each re-colours at once), release.
    slider->setSliderDown(true);
    for (const int position : { 450, 300, 120, 60 }) {
        slider->setValue(position);
        const double divisor = TemperatureControl::divisorAt(position, 2);
        QCOMPARE(m_document->session().attention.config.scale.mode, ScaleMode::Custom);
        QCOMPARE(m_document->session().attention.config.scale.divisor, divisor);
        QCOMPARE(m_document->result().scale, divisor);
        QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                    T::meanWeights(exampleTarget(), exampleSource(), 2, false, {}, divisor))
            < 1e-12);
    }
    slider->setSliderDown(false);
    QCOMPARE(m_document->undoStack()->count(), before + 1);
    // A second drag is a second step.
    slider->setSliderDown(true);
    slider->setValue(900);
    slider->setValue(950);
    slider->setSliderDown(false);
    QCOMPARE(m_document->undoStack()->count(), before + 2);
    m_document->undoStack()->undo();
    QCOMPARE(
        m_document->session().attention.config.scale.divisor, TemperatureControl::divisorAt(60, 2));
    QCOMPARE(slider->value(), 60); // the slider follows the undo
    m_document->undoStack()->undo();
    QCOMPARE(m_document->session().attention.config.scale.mode, ScaleMode::SqrtDk);
    QCOMPARE(slider->value(), TemperatureControl::steps / 2);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, sharp0) < 1e-15);
    // The scale box says "custom" while the slider is off sqrt(d_k), and the field shows it.
    m_document->undoStack()->redo();
    QCOMPARE(m_panel->scaleCombo()->currentData().toInt(), static_cast<int>(ScaleMode::Custom));
}

void TestAttentionPanel::temperatureSweepEndsWhereItStarted_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<double>("divisor");
    QTest::newRow("sqrt(d_k)") << static_cast<int>(ScaleMode::SqrtDk) << std::sqrt(2.0);
    QTest::newRow("custom 2") << static_cast<int>(ScaleMode::Custom) << 2.0;
}

void TestAttentionPanel::temperatureSweepEndsWhereItStarted()
{
    QFETCH(int, mode);
    QFETCH(double, divisor);
    m_document->setScale(ScaleSpec { static_cast<ScaleMode>(mode), divisor });
    m_document->finishEditRun();
    TemperatureControl *control = m_panel->temperatureControl();
    const int start = control->slider()->value();
    QCOMPARE(start, TemperatureControl::positionOf(divisor, 2));
    const int before = m_document->undoStack()->count();
    int lowest = start;
    int highest = start;
    connect(control->slider(), &QSlider::valueChanged, this, [&](int value) {
        lowest = std::min(lowest, value);
        highest = std::max(highest, value);
    });
    QTest::mouseClick(control->sweepButton(), Qt::LeftButton);
    QVERIFY(control->isSweeping());
    QTRY_VERIFY_WITH_TIMEOUT(!control->isSweeping(), TemperatureControl::sweepMs * 6);
    // It went through the whole range, sharpest to flattest, and came back.
    QCOMPARE(lowest, 0);
    QCOMPARE(highest, TemperatureControl::steps);
    QCOMPARE(control->slider()->value(), start);
    QCOMPARE(static_cast<int>(m_document->session().attention.config.scale.mode), mode);
    QCOMPARE(m_document->session().attention.config.scale.divisor, divisor);
    QCOMPARE(m_document->undoStack()->count(), before); // nothing changed, nothing to undo
    QVERIFY(!control->sweepButton()->isChecked());
    // A second click while sweeping stops it where it is: one undo step.
    QTest::mouseClick(control->sweepButton(), Qt::LeftButton);
    QVERIFY(control->isSweeping());
    QTRY_VERIFY(control->slider()->value() != start);
    QTest::mouseClick(control->sweepButton(), Qt::LeftButton);
    QVERIFY(!control->isSweeping());
    const int stoppedAt = control->slider()->value();
    QCOMPARE(m_document->undoStack()->count(), before + 1);
    QCOMPARE(m_document->session().attention.config.scale.divisor,
        TemperatureControl::divisorAt(stoppedAt, 2));
}

void TestAttentionPanel::divisorFieldShowsTheDivisorWhole()
{
    // The far left of the slider: sqrt(2) / 10 = 0.1414213562373095...
    m_panel->temperatureControl()->slider()->setValue(0);
    QCOMPARE(m_document->session().attention.config.scale.mode, ScaleMode::Custom);
    QLineEdit *edit = m_panel->divisorEdit();
    QCOMPARE(edit->text(), QStringLiteral("0.141"));
    // Shown from its start, and wide enough for the whole of it.
    QCOMPARE(edit->cursorPosition(), 0);
    QVERIFY2(edit->width() >= edit->fontMetrics().horizontalAdvance(QStringLiteral("-9999.999")),
        qPrintable(QString::number(edit->width())));
    // No tooltip of the scale shows a double's seventeen digits.
    static const QRegularExpression longNumber(QStringLiteral("\\d\\.\\d{5,}"));
    for (QWidget *w : { static_cast<QWidget *>(edit),
             static_cast<QWidget *>(m_panel->temperatureControl()->slider()) })
        QVERIFY2(!w->toolTip().contains(longNumber), qPrintable(w->toolTip()));
}

void TestAttentionPanel::badDivisorIsReportedInline_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<bool>("documentError");
    QTest::addColumn<double>("divisorAfter");
    // Typing is live: "2,5" applies 2 at its first keystroke, then stops at the comma.
    QTest::newRow("letters") << QStringLiteral("abc") << QStringLiteral("“abc” is not a number")
                             << false << std::sqrt(2.0);
    QTest::newRow("decimal comma")
        << QStringLiteral("2,5") << QStringLiteral("“2,5”") << false << 2.0;
    // Numbers outside the divisor limits are refused at the field, as a file with them is.
    QTest::newRow("zero") << QStringLiteral("0") << QStringLiteral("0 is outside the allowed range")
                          << false << std::sqrt(2.0);
    QTest::newRow("negative") << QStringLiteral("-2")
                              << QStringLiteral("-2 is outside the allowed range") << false
                              << std::sqrt(2.0);
}

void TestAttentionPanel::badDivisorIsReportedInline()
{
    QFETCH(QString, typed);
    QFETCH(QString, mentions);
    QFETCH(bool, documentError);
    QFETCH(double, divisorAfter);
    QVERIFY(T::chooseComboData(m_panel->scaleCombo(), static_cast<int>(ScaleMode::Custom)));
    QCOMPARE(m_document->session().attention.config.scale.divisor, std::sqrt(2.0));
    QLineEdit *edit = m_panel->divisorEdit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, typed);
    QVERIFY(edit->property("ae_invalid").toBool());
    QCOMPARE(m_document->session().attention.config.scale.divisor, divisorAfter);
    if (documentError) {
        // A number the core refuses: the document says which field and why, and the last
        // valid picture stays.
        QVERIFY(m_document->error());
        QCOMPARE(m_document->error()->path, QStringLiteral("attention.scale"));
        QVERIFY(m_document->isResultStale());
        QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                    T::referenceMatrix(
                        QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights")))
            < 1e-12);
    } else {
        // Not a number at all: the panel says so; the session keeps the last number typed.
        QVERIFY(!m_document->error());
        QVERIFY(m_panel->messageBar()->isVisible());
        QVERIFY2(m_panel->messageBar()->text().contains(mentions),
            qPrintable(m_panel->messageBar()->text()));
        QVERIFY(m_panel->messageBar()->text().startsWith(QStringLiteral("Scale divisor")));
        QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                    T::meanWeights(exampleTarget(), exampleSource(), 2, false, {}, divisorAfter))
            < 1e-12);
    }
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("4"));
    QVERIFY(!m_document->error());
    QVERIFY(!m_panel->messageBar()->isVisible());
    QVERIFY(!edit->property("ae_invalid").toBool());
}

void TestAttentionPanel::randomProjectionsSeed()
{
    QVERIFY(!m_panel->projectionSeedSpin()->isEnabled());
    QVERIFY(
        T::chooseComboData(m_panel->projectionCombo(), static_cast<int>(ProjectionMode::Random)));
    QVERIFY(m_panel->projectionSeedSpin()->isEnabled());
    const Eigen::MatrixXd seed0 = m_document->result().meanWeights;
    T::typeIntoSpinBox(m_panel->projectionSeedSpin(), 7);
    QCOMPARE(m_document->session().attention.projections.seed, 7u);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, seed0) > 1e-6);
    // The same seed always gives the same weights.
    const Eigen::MatrixXd seed7 = m_document->result().meanWeights;
    T::typeIntoSpinBox(m_panel->projectionSeedSpin(), 8);
    T::typeIntoSpinBox(m_panel->projectionSeedSpin(), 7);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, seed7) == 0.0);
}

void TestAttentionPanel::explicitProjectionsOpenTheEditorPrefilled()
{
    QVERIFY(
        T::chooseComboData(m_panel->projectionCombo(), static_cast<int>(ProjectionMode::Random)));
    T::typeIntoSpinBox(m_panel->projectionSeedSpin(), 7);
    const Eigen::MatrixXd weights = m_document->result().meanWeights;
    const Eigen::MatrixXd output = m_document->result().output;
    QVERIFY(
        T::chooseComboData(m_panel->projectionCombo(), static_cast<int>(ProjectionMode::Explicit)));
    ProjectionEditor *editor = m_panel->projectionEditor();
    QVERIFY(editor);
    QVERIFY(editor->isVisible());
    QCOMPARE(m_document->session().attention.projections.mode, ProjectionMode::Explicit);
    // Switching changes no number: the editor starts from the random matrices of seed 7.
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, weights) < 1e-15);
    QVERIFY(test::maxAbsDifference(m_document->result().output, output) < 1e-15);
    const Eigen::MatrixXd &wq = m_document->session().attention.projections.wq;
    QVERIFY(test::maxAbsDifference(editor->model(ProjectionPart::Wq)->values(), wq) == 0.0);
    QVERIFY(!wq.isIdentity());
    QCOMPARE(editor->model(ProjectionPart::Bq)->values().cols(), 4);
}

void TestAttentionPanel::editingAProjectionWeightRecomputes()
{
    m_panel->editProjectionsButton()->click();
    ProjectionEditor *editor = m_panel->projectionEditor();
    QVERIFY(editor && editor->isVisible());
    // Identity projections are shown as identity matrices.
    QVERIFY(editor->model(ProjectionPart::Wq)->values().isIdentity());
    QTableView *view = editor->view(ProjectionPart::Wq);
    QVERIFY(T::typeIntoCell(view, view->model()->index(0, 0), QStringLiteral("2")));
    QCOMPARE(m_document->session().attention.projections.mode, ProjectionMode::Explicit);
    QCOMPARE(m_document->session().attention.projections.wq(0, 0), 2.0);
    QCOMPARE(m_panel->projectionCombo()->currentData().toInt(),
        static_cast<int>(ProjectionMode::Explicit));
    // Q = Y W_q doubles Q's first column; K = X.
    Eigen::MatrixXd q = exampleTarget();
    q.col(0) *= 2.0;
    QVERIFY(test::maxAbsDifference(
                m_document->result().meanWeights, T::meanWeights(q, exampleSource(), 2, false))
        < 1e-12);
    // A bias on K shifts every key.
    QTableView *bias = editor->view(ProjectionPart::Bk);
    QVERIFY(T::typeIntoCell(bias, bias->model()->index(0, 1), QStringLiteral("0.5")));
    Eigen::MatrixXd k = exampleSource();
    k.col(1).array() += 0.5;
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights, T::meanWeights(q, k, 2, false))
        < 1e-12);
    // Bad text is reported in the editor and changes nothing.
    QVERIFY(T::typeIntoCell(view, view->model()->index(1, 1), QStringLiteral("x")));
    QCOMPARE(m_document->session().attention.projections.wq(1, 1), 1.0);
}

void TestAttentionPanel::undoAndRedoFollowThePanel()
{
    T::typeIntoSpinBox(m_panel->headsSpin(), 4);
    QVERIFY(T::chooseComboData(
        m_panel->wiringCombo(), roles(SequenceRole::Target, SequenceRole::Target)));
    T::toggleCheckBox(m_panel->causalCheck());
    QCOMPARE(m_document->undoStack()->count(), 3);
    m_document->undoStack()->undo();
    QVERIFY(!m_panel->causalCheck()->isChecked());
    m_document->undoStack()->undo();
    QCOMPARE(
        m_panel->wiringCombo()->currentText(), QStringLiteral("Standard cross-attention (Y, X)"));
    m_document->undoStack()->undo();
    QCOMPARE(m_panel->headsSpin()->value(), 2);
    QVERIFY(
        test::maxAbsDifference(m_document->result().meanWeights,
            T::referenceMatrix(QStringLiteral("seed-cross-2heads"), QStringLiteral("mean_weights")))
        < 1e-12);
    m_document->undoStack()->redo();
    m_document->undoStack()->redo();
    m_document->undoStack()->redo();
    QVERIFY(m_panel->causalCheck()->isChecked());
    QCOMPARE(m_panel->headsSpin()->value(), 4);
    QVERIFY(test::maxAbsDifference(m_document->result().meanWeights,
                T::meanWeights(exampleTarget(), exampleTarget(), 4, true))
        < 1e-12);
}

void TestAttentionPanel::groupsWrapWhenNarrow()
{
    m_panel->resize(1400, 120);
    QTRY_VERIFY(m_panel->groupsSideBySide());
    // Presentation fonts need more room than the panel has: two rows of two groups.
    m_panel->resize(700, 200);
    m_panel->setPresentationMode(true);
    QTRY_VERIFY(!m_panel->groupsSideBySide());
    QVERIFY(m_panel->headsSpin()->font().pointSizeF() > QFont().pointSizeF());
    m_panel->setPresentationMode(false);
    m_panel->resize(1400, 120);
    QTRY_VERIFY(m_panel->groupsSideBySide());
}

void TestAttentionPanel::controlsStayTogetherAtTheTop_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("columns");
    QTest::newRow("side by side") << 1400 << 4;
    QTest::newRow("two by two") << 560 << 2;
    QTest::newRow("one above another") << 330 << 1;
}

void TestAttentionPanel::controlsStayTogetherAtTheTop()
{
    QFETCH(int, width);
    QFETCH(int, columns);
    // Much taller than its controls need: a column of tabs, or the room a lesson's caption had.
    m_panel->resize(width, 800);
    QTRY_COMPARE(m_panel->groupColumns(), columns);
    QWidget *body = m_panel->widget();
    // From the first control (the wiring) to the bottom of the last (the projections' seed):
    // in the top third of at least 700 pixels, the rest of the height free below them.
    const int top = m_panel->wiringCombo()->mapTo(body, QPoint(0, 0)).y();
    QWidget *last = m_panel->projectionSeedSpin();
    const int bottom = last->mapTo(body, QPoint(0, last->height())).y();
    const QString where = QStringLiteral("controls from %1 to %2").arg(top).arg(bottom);
    QVERIFY2(body->height() >= 700 && top < 40 && bottom < body->height() / 3, qPrintable(where));
}

QTEST_MAIN(TestAttentionPanel)
#include "tst_attentionpanel.moc"
