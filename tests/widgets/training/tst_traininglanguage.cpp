// SPDX-License-Identifier: GPL-3.0-or-later
// The Training window after a language switch: runs started in one language are named in the
// new one everywhere they are named (the heatmaps' titles, the curves' legends, the status line,
// the Translate tab's run chooser), and after the switch back in the first one again.

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "testsupportattention.h"
#include "training/trainingattentionpanel.h"
#include "training/trainingcurveplot.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"
#include "training/trainingtranslatepanel.h"

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>

using namespace ae;

class TestTrainingLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void runNamesFollowTheLanguage_data();
    void runNamesFollowTheLanguage();
};

void TestTrainingLanguage::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_traininglanguage"));
}

void TestTrainingLanguage::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestTrainingLanguage::runNamesFollowTheLanguage_data()
{
    // The language the runs start in, the one switched to, and how each names the runs
    // (Qt Linguist's Chinese for "scaled (÷√d_k)" and "unscaled").
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<QString>("scaledInSecond");
    QTest::addColumn<QString>("unscaledInSecond");
    QTest::newRow("English, then Chinese")
        << QStringLiteral("en") << QStringLiteral("zh_CN") << QStringLiteral("缩放（÷√d_k）")
        << QStringLiteral("不缩放");
    QTest::newRow("Chinese, then English")
        << QStringLiteral("zh_CN") << QStringLiteral("en") << QStringLiteral("scaled (÷√d_k)")
        << QStringLiteral("unscaled");
}

void TestTrainingLanguage::runNamesFollowTheLanguage()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(QString, scaledInSecond);
    QFETCH(QString, unscaledInSecond);
    QVERIFY(LanguageManager::apply(first) || first == QLatin1String("en"));
    Document document;
    TrainingDock dock(&document);
    dock.resize(1200, 800);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    TrainingSettingsForm *f = dock.settings();
    f->lengthBox()->setValue(4);
    f->vocabBox()->setValue(6);
    f->modelDimBox()->setValue(16);
    f->headsBox()->setValue(2);
    f->batchBox()->setValue(8);
    f->stepsBox()->setValue(12);
    TrainingRunner *runner = dock.runner();
    QCOMPARE(runner->state(), TrainingRunner::State::Paused);
    // The lab's default pair: run A scaled by √d_k, run B unscaled.
    QCOMPARE(runner->configs()[0].scale.mode, ScaleMode::SqrtDk);
    QCOMPARE(runner->configs()[1].scale.mode, ScaleMode::None);
    runner->play();
    QTRY_COMPARE_WITH_TIMEOUT(runner->state(), TrainingRunner::State::Finished, 60000);

    QVERIFY(LanguageManager::apply(second) || second == QLatin1String("en"));
    const std::array<QString, 2> names { scaledInSecond, unscaledInSecond };
    for (int run = 0; run < 2; ++run) {
        const QString name = names[size_t(run)];
        const QString title = dock.attention()->heatmap(run)->data().title;
        QVERIFY2(title.contains(name), qPrintable(title));
        const QString legend = dock.curvePlot(0)->graph(run, 0)->name();
        QVERIFY2(legend.contains(name), qPrintable(legend));
        const QString chooser = dock.translator()->runBox()->itemText(run);
        QVERIFY2(chooser.contains(name), qPrintable(chooser));
        QVERIFY2(dock.statusLabel()->text().contains(name), qPrintable(dock.statusLabel()->text()));
    }
}

QTEST_MAIN(TestTrainingLanguage)
#include "tst_traininglanguage.moc"
