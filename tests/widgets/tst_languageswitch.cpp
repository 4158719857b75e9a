// SPDX-License-Identifier: GPL-3.0-or-later
// Switching the language takes effect at once: strings read from live widgets change between
// English and Simplified Chinese without a restart, and sentences built from parts follow the
// language's punctuation.

#include "aboutdialog.h"
#include "attentionpanel.h"
#include "heatmappanel.h"
#include "heatmapplot.h"
#include "languagemanager.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "sequencepanel.h"
#include "sessionerrortext.h"
#include "testsupportattention.h"

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QTest>

using namespace ae;

namespace {

using T = AttentionTestSupport;

/// The text of the label whose buddy is @p buddy.
QString buddyText(QWidget *root, QWidget *buddy)
{
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (label->buddy() == buddy)
            return label->text();
    }
    return {};
}

} // namespace

class TestLanguageSwitch : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void liveWidgetsSpeakTheChosenLanguage_data();
    void liveWidgetsSpeakTheChosenLanguage();
    void chineseSentencesBuiltFromParts();
    void aboutNamesEveryLicence();

private:
    MainWindow *m_window = nullptr;
};

void TestLanguageSwitch::initTestCase()
{
    T::isolateSettings(QStringLiteral("tst_languageswitch"));
    LanguageManager::apply(QStringLiteral("en"));
    m_window = new MainWindow;
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestLanguageSwitch::cleanup()
{
    LanguageManager::apply(QStringLiteral("en"));
}

void TestLanguageSwitch::liveWidgetsSpeakTheChosenLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("fileMenu");
    QTest::addColumn<QString>("attentionTitle");
    QTest::addColumn<QString>("headsLabel");
    QTest::addColumn<QString>("sourceTitle");
    QTest::addColumn<QString>("linesItem");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)")
                             << QStringLiteral("注意力") << QStringLiteral("头数(&A)：")
                             << QStringLiteral("源序列 X（编码器端）") << QStringLiteral("连线");
    QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("&File")
                             << QStringLiteral("Attention") << QStringLiteral("He&ads:")
                             << QStringLiteral("Source X (encoder side)")
                             << QStringLiteral("Lines");
}

void TestLanguageSwitch::liveWidgetsSpeakTheChosenLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, fileMenu);
    QFETCH(QString, attentionTitle);
    QFETCH(QString, headsLabel);
    QFETCH(QString, sourceTitle);
    QFETCH(QString, linesItem);
    // From the other language, so that every string has to change.
    m_window->setLanguage(
        language == QLatin1String("en") ? QStringLiteral("zh_CN") : QStringLiteral("en"));
    m_window->setLanguage(language);
    QCOMPARE(LanguageManager::currentChoice(), language);
    QCOMPARE(m_window->fileMenu()->title(), fileMenu);
    QCOMPARE(m_window->attentionPanel()->windowTitle(), attentionTitle);
    QCOMPARE(
        buddyText(m_window->attentionPanel(), m_window->attentionPanel()->headsSpin()), headsLabel);
    QCOMPARE(m_window->sequencePanel(true)->windowTitle(), sourceTitle);
    auto *display
        = m_window->heatmapPanel()->findChild<QComboBox *>(QStringLiteral("displayCombo"));
    QVERIFY(display);
    QCOMPARE(display->itemText(1), linesItem);
    // The heatmap's own title is made again in the new language.
    QCOMPARE(m_window->heatmapPanel()->largePlot()->data().title,
        language == QLatin1String("en") ? QStringLiteral("Mean of 2 heads")
                                        : QStringLiteral("%1 个头的平均").arg(2));
}

void TestLanguageSwitch::chineseSentencesBuiltFromParts()
{
    m_window->setLanguage(QStringLiteral("zh_CN"));
    const QStringList heads { QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("4") };
    QCOMPARE(SessionErrorText::orList(heads), QStringLiteral("1、2 或 4"));
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 3);
    const QString bar = m_window->errorBar()->text();
    QVERIFY2(bar.contains(QStringLiteral("1、2 或 4")), qPrintable(bar));
    QVERIFY2(
        !bar.contains(QStringLiteral(". ")) && !bar.endsWith(QLatin1Char('.')), qPrintable(bar));
    QVERIFY2(bar.endsWith(QChar(0x3002)), qPrintable(bar));
    T::typeIntoSpinBox(m_window->attentionPanel()->headsSpin(), 2);
    QVERIFY(!m_window->errorBar()->isVisible());

    m_window->setLanguage(QStringLiteral("en"));
    QCOMPARE(SessionErrorText::orList(heads), QStringLiteral("1, 2 or 4"));
    QCOMPARE(
        SessionErrorText::sentence(QStringLiteral("It is wrong.")), QStringLiteral("It is wrong."));
}

void TestLanguageSwitch::aboutNamesEveryLicence()
{
    AboutDialog about;
    const QString text = about.text();
    for (const char *needle : { "Qt", "LGPL-3.0", "Eigen", "MPL-2.0", "QCustomPlot", "GPL-3.0",
             "GPL-3.0-or-later", AE_VERSION_STRING })
        QVERIFY2(text.contains(QLatin1String(needle)), needle);
    QVERIFY(text.contains(QLatin1String(qVersion())));
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(about.windowTitle(), QStringLiteral("关于 Attention Explorer"));
    QVERIFY(about.text().contains(QStringLiteral("MPL-2.0")));
}

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
