// SPDX-License-Identifier: GPL-3.0-or-later
// Switching the language takes effect at once: strings read from live widgets change between
// English and Simplified Chinese without a restart, and sentences built from parts follow the
// language's punctuation. With every dock, non-modal dialog and view open, a switch either way
// leaves no text of the other language anywhere on screen (titles, labels, buttons, items,
// headers, tooltips, plot titles and axis labels, menus).

#include "compare/comparedialog.h"
#include "computation/classroomtools.h"
#include "computation/computationdock.h"
#include "computation/drilldowndialog.h"
#include "computation/mathguidedialog.h"
#include "document/document.h"
#include "document/examplecatalog.h"
#include "document/sessionerrortext.h"
#include "heatmap/heatmappanel.h"
#include "heatmap/heatmapplot.h"
#include "language/languagemanager.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/sequencepanel.h"
#include "testsupportattention.h"
#include "window/aboutdialog.h"
#include "window/mainwindow.h"
#include "window/messagebar.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <qcustomplot.h>

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

/// One text on screen and where it was found.
struct ScreenText
{
    QString text;
    QString where;
};

/// The plain text of @p text; rich text keeps its subscripts as "_x" (X<sub>q</sub> reads
/// X_q), so that notation stays notation.
QString plainText(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    // Qt writes a document's subscripts back as spans with vertical-align.
    static const QRegularExpression sub(QStringLiteral(
        "<sub>(.*?)</sub>|<span style=\"[^\"]*vertical-align:sub;[^\"]*\">(.*?)</span>"));
    static const QRegularExpression sup(QStringLiteral(
        "<sup>(.*?)</sup>|<span style=\"[^\"]*vertical-align:super;[^\"]*\">(.*?)</span>"));
    QString html = text;
    html.replace(sub, QStringLiteral("_\\1\\2"));
    html.replace(sup, QStringLiteral("^\\1\\2"));
    return QTextDocumentFragment::fromHtml(html).toPlainText();
}

QString describe(const QObject *o)
{
    return QStringLiteral("%1 \"%2\"")
        .arg(QString::fromLatin1(o->metaObject()->className()), o->objectName());
}

/// The texts of @p menu's actions and of their submenus.
void collectMenu(const QMenu *menu, QList<ScreenText> &out)
{
    out.append({ menu->title(), describe(menu) });
    for (const QAction *a : menu->actions()) {
        for (const QString &t : { a->text(), a->statusTip(), a->toolTip() })
            out.append({ t, QStringLiteral("action of ") + describe(menu) });
        if (a->menu())
            collectMenu(a->menu(), out);
    }
}

/// The headers and the tooltips of @p view's model.
void collectModel(const QAbstractItemView *view, QList<ScreenText> &out)
{
    const QAbstractItemModel *m = view->model();
    if (!m)
        return;
    const QString where = describe(view);
    for (int r = 0; r < m->rowCount(); ++r) {
        out.append({ m->headerData(r, Qt::Vertical).toString(), where });
        out.append({ m->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString(), where });
    }
    for (int c = 0; c < m->columnCount(); ++c) {
        out.append({ m->headerData(c, Qt::Horizontal).toString(), where });
        out.append({ m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(), where });
    }
    for (int r = 0; r < m->rowCount(); ++r) {
        for (int c = 0; c < m->columnCount(); ++c)
            out.append({ m->index(r, c).data(Qt::ToolTipRole).toString(), where });
    }
}

/// Every text a person can read in the visible windows: titles, labels, buttons, combo box
/// items, placeholders, tabs, list items, table headers, text views, tooltips, plot titles and
/// axis labels, menus and the status line.
QList<ScreenText> textsOnScreen()
{
    QList<ScreenText> out;
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (!top->isVisible())
            continue;
        out.append({ top->windowTitle(), describe(top) });
        QList<QWidget *> widgets = top->findChildren<QWidget *>();
        widgets.prepend(top);
        for (QWidget *w : std::as_const(widgets)) {
            if (!w->isVisible())
                continue;
            const QString where = describe(w);
            out.append({ w->toolTip(), where });
            if (auto *label = qobject_cast<QLabel *>(w))
                out.append({ label->text(), where });
            if (auto *button = qobject_cast<QAbstractButton *>(w))
                out.append({ button->text(), where });
            if (auto *group = qobject_cast<QGroupBox *>(w))
                out.append({ group->title(), where });
            if (auto *dock = qobject_cast<QDockWidget *>(w))
                out.append({ dock->windowTitle(), where });
            if (auto *combo = qobject_cast<QComboBox *>(w)) {
                for (int i = 0; i < combo->count(); ++i)
                    out.append({ combo->itemText(i), where });
            }
            if (auto *edit = qobject_cast<QLineEdit *>(w))
                out.append({ edit->placeholderText(), where });
            if (auto *spin = qobject_cast<QSpinBox *>(w)) {
                for (const QString &t :
                    { spin->prefix(), spin->suffix(), spin->specialValueText() })
                    out.append({ t, where });
            }
            if (auto *tabs = qobject_cast<QTabBar *>(w)) {
                for (int i = 0; i < tabs->count(); ++i) {
                    out.append({ tabs->tabText(i), where });
                    out.append({ tabs->tabToolTip(i), where });
                }
            }
            if (auto *text = qobject_cast<QTextEdit *>(w))
                out.append({ plainText(text->toHtml()), where });
            if (auto *view = qobject_cast<QAbstractItemView *>(w))
                collectModel(view, out);
            if (auto *plot = qobject_cast<QCustomPlot *>(w)) {
                for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
                    if (auto *title
                        = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i)))
                        out.append({ title->text(), where + QStringLiteral(" title") });
                }
                for (QCPAxisRect *rect : plot->axisRects()) {
                    for (QCPAxis *axis : rect->axes())
                        out.append({ axis->label(), where + QStringLiteral(" axis") });
                }
            }
            if (auto *bar = qobject_cast<QMenuBar *>(w)) {
                for (const QAction *a : bar->actions()) {
                    if (a->menu())
                        collectMenu(a->menu(), out);
                }
            }
            if (auto *status = qobject_cast<QStatusBar *>(w))
                out.append({ status->currentMessage(), where });
        }
    }
    for (ScreenText &t : out)
        t.text = plainText(t.text);
    return out;
}

/// @p text with the session's tokens taken out: they are the user's data, in any language.
QString withoutTokens(QString text, const QStringList &tokens)
{
    for (const QString &token : tokens) {
        text.replace(QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_])%1(?![A-Za-z0-9_])")
                                            .arg(QRegularExpression::escape(token))),
            QStringLiteral(" "));
    }
    return text;
}

/// Chinese characters and punctuation (CJK ideographs, symbols, full-width forms).
bool hasCjk(const QString &text)
{
    static const QRegularExpression cjk(QStringLiteral("[\\x{3000}-\\x{9fff}\\x{ff00}-\\x{ffef}]"));
    return text.contains(cjk);
}

/// The English words of @p text (two letters or more) that are not names kept in every
/// language: the program, formats, libraries, keys, colour maps and mathematical names.
QStringList englishWords(const QString &text)
{
    static const QSet<QString> kept {
        QStringLiteral("Attention"),
        QStringLiteral("Explorer"),
        QStringLiteral("softmax"),
        QStringLiteral("SVG"),
        QStringLiteral("PNG"),
        QStringLiteral("PDF"),
        QStringLiteral("CSV"),
        QStringLiteral("TSV"),
        QStringLiteral("JSON"),
        QStringLiteral("LaTeX"),
        QStringLiteral("Markdown"),
        QStringLiteral("Qt"),
        QStringLiteral("Eigen"),
        QStringLiteral("QCustomPlot"),
        QStringLiteral("GPL"),
        QStringLiteral("LGPL"),
        QStringLiteral("MPL"),
        QStringLiteral("or"),
        QStringLiteral("later"),
        QStringLiteral("English"),
        QStringLiteral("Ctrl"),
        QStringLiteral("Shift"),
        QStringLiteral("Esc"),
        QStringLiteral("Page"),
        QStringLiteral("Up"),
        QStringLiteral("Down"),
        QStringLiteral("Space"),
        QStringLiteral("exp"),
        QStringLiteral("max"),
        QStringLiteral("ln"),
        QStringLiteral("model"),
        QStringLiteral("Blues"),
        QStringLiteral("Viridis"),
        QStringLiteral("Cividis"),
        QStringLiteral("dpi"),
        QStringLiteral("px"),
        QStringLiteral("concat"),
        QStringLiteral("Transformer"),
        QStringLiteral("F11"),
        QStringLiteral("F5"),
        QStringLiteral("Softmax"),
        QStringLiteral("log"),
        QStringLiteral("PyTorch"),
        QStringLiteral("nn"),
        QStringLiteral("MultiheadAttention"),
        QStringLiteral("Wq"),
        QStringLiteral("bq"),
        QStringLiteral("KT"),
        QStringLiteral("bmatrix"),
        QStringLiteral("GNU"),
        QStringLiteral("only"),
        QStringLiteral("Lq"),
        QStringLiteral("Lk"),
    };
    // Names with subscripts are notation (W_q, X_kv, head_h, head₁), quoted names are a
    // file format's keys ("query_tokens"), and a command line is a command line
    // (train --task translate).
    static const QRegularExpression notation(
        QStringLiteral("[A-Za-z]+(_[A-Za-z0-9]+|[\\x{2080}-\\x{2089}]+)|\"[^\"]*\""
                       "|[a-z]+ --[a-z][a-z-]*( [a-z]+)?"));
    QString rest = text;
    rest.replace(notation, QStringLiteral(" "));
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9]+"));
    QStringList found;
    for (auto it = word.globalMatch(rest); it.hasNext();) {
        const QString w = it.next().captured();
        if (!kept.contains(w))
            found << w;
    }
    return found;
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
    void undoStepsFollowTheLanguage_data();
    void undoStepsFollowTheLanguage();
    void nothingOfTheOtherLanguageIsLeft_data();
    void nothingOfTheOtherLanguageIsLeft();

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

void TestLanguageSwitch::undoStepsFollowTheLanguage_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("undoText");
    QTest::addColumn<QString>("redoText");
    QTest::newRow("to English") << QStringLiteral("zh_CN") << QStringLiteral("en")
                                << QStringLiteral("&Undo Change the number of heads")
                                << QStringLiteral("&Redo Turn the causal mask off");
    QTest::newRow("to Chinese") << QStringLiteral("en") << QStringLiteral("zh_CN")
                                << QStringLiteral("撤销 修改头数(&U)")
                                << QStringLiteral("重做 关闭因果掩码(&R)");
}

void TestLanguageSwitch::undoStepsFollowTheLanguage()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, undoText);
    QFETCH(QString, redoText);
    m_window->setLanguage(from);
    m_window->document()->resetSession(
        ExampleCatalog::load(QStringLiteral(":/examples/decoder-causal.json")).session, QString());
    // Steps named in the first language: one to undo, one undone (to redo).
    m_window->document()->setHeads(1);
    m_window->document()->setCausal(false);
    m_window->document()->undoStack()->undo();
    m_window->setLanguage(to);
    auto *undo = m_window->findChild<QAction *>(QStringLiteral("undoAction"));
    auto *redo = m_window->findChild<QAction *>(QStringLiteral("redoAction"));
    QVERIFY(undo && redo);
    QCOMPARE(undo->text(), undoText);
    QCOMPARE(redo->text(), redoText);
}

void TestLanguageSwitch::nothingOfTheOtherLanguageIsLeft_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::newRow("to English") << QStringLiteral("zh_CN") << QStringLiteral("en");
    QTest::newRow("to Chinese") << QStringLiteral("en") << QStringLiteral("zh_CN");
}

void TestLanguageSwitch::nothingOfTheOtherLanguageIsLeft()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    m_window->setLanguage(from);
    // An example whose tokens are all English: any Chinese left after switching to English is
    // the interface's.
    const SessionLoadResult example
        = ExampleCatalog::load(QStringLiteral(":/examples/decoder-causal.json"));
    QVERIFY(example.ok());
    m_window->document()->resetSession(example.session, QString());
    for (bool source : { true, false })
        m_window->sequencePanel(source)->show();
    m_window->attentionPanel()->show();
    m_window->scalingDock()->show();
    ComputationDock *computation = m_window->classroom()->computation();
    computation->show();
    // "Scale": the heatmap shows the scores before the softmax, with that step's title.
    computation->setStep(2);
    m_window->openCompareDialog();
    m_window->classroom()->explainCell(0, 1, 0);
    m_window->classroom()->mathGuide()->show();
    m_window->attentionPanel()->openProjectionEditor();
    AboutDialog about(m_window);
    about.show();
    QTest::qWait(50);

    m_window->setLanguage(to);
    QTest::qWait(50);
    // The last step's matrices are named as well (the output projection's).
    computation->setStep(8);
    computation->setStep(2);
    const QStringList tokens = m_window->document()->session().target.tokens
        + m_window->document()->session().source.tokens;
    QStringList leftOver;
    for (const ScreenText &t : textsOnScreen()) {
        const QString text = withoutTokens(t.text, tokens);
        if (to == QLatin1String("en")) {
            // Language names are written in their own language, and the examples' names
            // carry their Chinese sentence.
            QString rest = text;
            for (const char *kept : { "简体中文", "我爱深度学习", "我爱你", "我爱", "深度", "学习",
                     "学校", "我", "爱", "你", "在" })
                rest.remove(QString::fromUtf8(kept));
            if (hasCjk(rest))
                leftOver << QStringLiteral("%1: %2").arg(t.where, t.text.left(80));
        } else {
            const QStringList words = englishWords(text);
            if (!words.isEmpty())
                leftOver << QStringLiteral("%1: [%2] in %3")
                                .arg(t.where, words.join(QLatin1Char(' ')), t.text.left(60));
        }
    }
    leftOver.removeDuplicates();
    QVERIFY2(leftOver.isEmpty(), qPrintable(leftOver.join(QLatin1Char('\n'))));
    // The heatmap's title and axes are among what was read, in the new language.
    const HeatmapData &shown = m_window->heatmapPanel()->largePlot()->data();
    QCOMPARE(shown.title,
        to == QLatin1String("en") ? QStringLiteral("Head 1: scores S / s, before the softmax")
                                  : QCoreApplication::translate("ComputationSteps",
                                      "Head %1: scores S / s, before the softmax")
                                        .arg(1));
    QVERIFY(!hasCjk(m_window->windowTitle()) || to != QLatin1String("en"));
    m_window->classroom()->mathGuide()->hide();
    m_window->classroom()->drillDown()->hide();
    if (m_window->compareDialog())
        m_window->compareDialog()->close();
}

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
