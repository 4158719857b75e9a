// SPDX-License-Identifier: GPL-3.0-or-later
// The picture a revealed lesson step shows on the students' pages: the heatmap (or the
// alignment lines) of the step's own session as its view shows it, one cell per query and
// key, for a step that trains too (its session's heatmap, never its curves), as a PNG of the
// figure's size; nothing for a step that is not there.

#include "classroom/lessonrevealimages.h"
#include "export/painterfigurerenderer.h"
#include "testsupportlesson.h"

#include <QImage>
#include <QtTest>

using namespace ae;

/// Tests LessonRevealImages.
class TestLessonRevealImages : public QObject
{
    Q_OBJECT

private slots:
    void picture_data();
    void picture();
    void noSuchStep();
};

void TestLessonRevealImages::picture_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("step"); // from 0
    QTest::addColumn<QString>("role"); // what the figure draws one of per query and key
    // The steps' views, as the lesson files say: the mean, one head, the lines, a training step.
    QTest::newRow("mean") << QStringLiteral("cross-attention") << 2 << QStringLiteral("cell");
    QTest::newRow("one head") << QStringLiteral("multi-head-by-hand") << 1
                              << QStringLiteral("cell");
    QTest::newRow("lines") << QStringLiteral("qkv-wirings") << 6 << QStringLiteral("link");
    QTest::newRow("a step that trains")
        << QStringLiteral("why-sqrt-dk") << 7 << QStringLiteral("cell");
}

void TestLessonRevealImages::picture()
{
    QFETCH(QString, lesson);
    QFETCH(int, step);
    QFETCH(QString, role);
    const ResolvedLesson resolved = test::builtin(lesson);
    const ResolvedLessonStep &s = resolved.steps.at(static_cast<size_t>(step));
    const qsizetype queries = s.session.querySequence().tokens.size();
    const qsizetype keys = s.session.keyValueSequence().tokens.size();
    QVERIFY(queries > 0 && keys > 0);

    const Figure figure = LessonRevealImages::revealFigure(s);
    if (role == u"cell") {
        QCOMPARE(figure.count(role), int(queries * keys));
    } else {
        // A line for each weight above the view's threshold: some, at most one per cell.
        QVERIFY(figure.count(role) > 0);
        QVERIFY(figure.count(role) <= int(queries * keys));
    }
    QCOMPARE(figure.count(QStringLiteral("cell")) == 0, role != u"cell");

    LessonRevealImages images([&resolved]() -> const ResolvedLesson * { return &resolved; });
    const QByteArray png = images.revealPng(step);
    QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
    const QImage image = QImage::fromData(png, "PNG");
    QCOMPARE(image.size(), PainterFigureRenderer::pngPixelSize(figure, 96));
    QVERIFY(double(image.width()) * image.height() <= LessonRevealImages::maxPixels);
}

void TestLessonRevealImages::noSuchStep()
{
    const ResolvedLesson resolved = test::builtin(QStringLiteral("cross-attention"));
    LessonRevealImages images([&resolved]() -> const ResolvedLesson * { return &resolved; });
    QVERIFY(images.revealPng(-1).isEmpty());
    QVERIFY(images.revealPng(static_cast<int>(resolved.steps.size())).isEmpty());
    LessonRevealImages none([]() -> const ResolvedLesson * { return nullptr; });
    QVERIFY(none.revealPng(0).isEmpty());
    const ResolvedLesson empty;
    LessonRevealImages emptyLesson([&empty]() -> const ResolvedLesson * { return &empty; });
    QVERIFY(emptyLesson.revealPng(0).isEmpty());
}

QTEST_MAIN(TestLessonRevealImages)
#include "tst_lessonrevealimages.moc"
