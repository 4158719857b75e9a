// SPDX-License-Identifier: GPL-3.0-or-later
// The handout's answer page shows what a question asks about: the multi-head lesson's question
// on head 1's output is answered beside the output numbers, computed by the core here.

#include "attention/attentionresult.h"
#include "export/figure.h"
#include "heatmap/heatmapfigure.h"
#include "lesson/lessoncatalog.h"
#include "lesson/lessonhandout.h"
#include "session/sessioncompute.h"

#include <QtTest>

using namespace ae;

class TestLessonHandout : public QObject
{
    Q_OBJECT

private slots:
    void answerShowsTheNumbersAskedAbout_data();
    void answerShowsTheNumbersAskedAbout();
};

namespace {

/// The texts of @p figure's items whose roles contain @p role.
QStringList texts(const Figure &figure, const QString &role)
{
    QStringList out;
    for (const Figure::Item &item : figure.items)
        if (item.kind == Figure::Kind::Text && item.role.split(QLatin1Char(' ')).contains(role))
            out << item.text;
    return out;
}

} // namespace

void TestLessonHandout::answerShowsTheNumbersAskedAbout_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<QString>("computation");
    // Every built-in question step that opens the computation view at a head's output.
    for (const QString &name : LessonCatalog::builtinNames()) {
        const LessonLoadResult loaded = LessonCatalog::load(name);
        QVERIFY(loaded.lesson.steps.size() > 0);
        for (size_t i = 0; i < loaded.lesson.steps.size(); ++i) {
            const ResolvedLessonStep &step = loaded.lesson.steps[i];
            if (step.question && step.view.computationStep == QLatin1String("head_output"))
                QTest::addRow("%s step %d", qPrintable(name), int(i) + 1)
                    << name << QString::number(i);
        }
    }
}

void TestLessonHandout::answerShowsTheNumbersAskedAbout()
{
    QFETCH(QString, lesson);
    QFETCH(QString, computation);
    const LessonLoadResult loaded = LessonCatalog::load(lesson);
    const ResolvedLessonStep &step = loaded.lesson.steps[size_t(computation.toInt())];
    const AttentionResult result = computeSession(step.session);
    const int head = std::max(0, step.view.head);
    const Eigen::MatrixXd &output = result.heads[size_t(head)].output;
    const Figure figure = LessonHandout::answerFigure(step);
    // One cell per output number, each written in it (as the screen rounds it).
    const QStringList cells = texts(figure, QStringLiteral("value"));
    QCOMPARE(cells.size(), int(output.size()));
    for (Eigen::Index r = 0; r < output.rows(); ++r)
        for (Eigen::Index c = 0; c < output.cols(); ++c)
            QVERIFY2(cells.contains(HeatmapFigure::valueText(output(r, c), 3))
                    || cells.contains(HeatmapFigure::valueText(output(r, c), 2)),
                qPrintable(QStringLiteral("%1 not in %2")
                               .arg(output(r, c))
                               .arg(cells.join(QLatin1Char(' ')))));
    // The numbers are not weights: no row is framed as an alignment.
    QCOMPARE(figure.count(QStringLiteral("argmax")), 0);
}

QTEST_MAIN(TestLessonHandout)
#include "tst_lessonhandout.moc"
