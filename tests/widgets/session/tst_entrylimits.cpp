// SPDX-License-Identifier: GPL-3.0-or-later
// Every GUI entry of a documented limit: each spin box's range is the limit's own constant,
// typing one past it leaves the limit (never more, never a crash), and the text entries
// (tokens line, embedding table cells and paste, d_k list, scale divisor) refuse one past
// the limit with a message naming the field, the value and the limit. Adding a limit means
// adding a row to spinTable() or textTable().

#include "document/document.h"
#include "export/exportdialog.h"
#include "export/exportsource.h"
#include "export/figureoptions.h"
#include "export/worksheetdialog.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/embeddingtablemodel.h"
#include "session/sequencepanel.h"
#include "session/sessioncompute.h"
#include "session/sessionlimits.h"
#include "testsupport.h"
#include "testsupportattention.h"
#include "window/messagebar.h"
#include "worksheet/worksheet.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableView>
#include <QtTest>
#include <functional>
#include <memory>

using namespace ae;

namespace {

/// One spin box: which widget makes it, its object name, and the limits it must hold.
struct SpinRow
{
    const char *entry;
    const char *objectName;
    int minimum, maximum;
    bool cheapAtLimit; ///< typing the limit itself is quick (no big recomputation)
};

std::vector<SpinRow> spinTable()
{
    using namespace limits;
    return {
        { "attention panel: d_model", "modelDimSpin", 1, maxModelDim, true },
        { "attention panel: heads", "headsSpin", 1, maxHeads, true },
        { "sequence panel: vector width", "widthSpin", 1, maxEmbeddingWidth, true },
        { "scaling dock: keys", "scalingKeys", 1, maxExperimentKeys, false },
        { "scaling dock: queries", "scalingQueries", 1, maxExperimentQueries, false },
        { "scaling dock: repeats", "scalingRepeats", 1, maxExperimentRepeats, false },
        { "export dialog: width", "widthBox", 0, FigureOptions::maxSide, true },
        { "export dialog: height", "heightBox", 0, FigureOptions::maxSide, true },
        { "export dialog: dpi", "dpiBox", FigureOptions::minDpi, FigureOptions::maxDpi, true },
        { "worksheet dialog: students", "students", worksheetlimits::minStudents,
            worksheetlimits::maxStudents, true },
        { "worksheet dialog: tokens", "tokens", worksheetlimits::minTokens,
            worksheetlimits::maxTokens, true },
        { "worksheet dialog: d_model", "dModel", worksheetlimits::minDModel,
            worksheetlimits::maxDModel, true },
    };
}

/// The widgets that hold the entries, on one document.
struct Hosts
{
    Document document;
    std::unique_ptr<AttentionPanel> attention;
    std::unique_ptr<SequencePanel> sequence;
    std::unique_ptr<ScalingPlotDock> scaling;
    std::unique_ptr<ExportDialog> exporter;
    std::unique_ptr<WorksheetDialog> worksheet;

    Hosts()
    {
        attention = std::make_unique<AttentionPanel>(&document);
        sequence = std::make_unique<SequencePanel>(&document, SequenceRole::Source);
        scaling = std::make_unique<ScalingPlotDock>(&document);
        exporter = std::make_unique<ExportDialog>(ExportSource::fromResult(
            document.session(), computeSession(document.session()), false));
        // PNG, so that the resolution box is in use.
        exporter->findChild<QLineEdit *>(QStringLiteral("fileEdit"))
            ->setText(QDir::temp().filePath(QStringLiteral("limits.png")));
        worksheet = std::make_unique<WorksheetDialog>();
        for (QWidget *w : widgets())
            w->show();
    }
    std::vector<QWidget *> widgets() const
    {
        return { attention.get(), sequence.get(), scaling.get(), exporter.get(), worksheet.get() };
    }
    QSpinBox *spin(const char *name) const
    {
        for (QWidget *w : widgets())
            if (auto *s = w->findChild<QSpinBox *>(QString::fromLatin1(name)))
                return s;
        return nullptr;
    }
};

/// Every message bar's and message label's text under @p w, joined.
QString messagesUnder(const QWidget *w)
{
    QStringList texts;
    for (const MessageBar *bar : w->findChildren<MessageBar *>())
        texts << bar->text();
    for (const QLabel *label : w->findChildren<QLabel *>(QStringLiteral("scalingMessage")))
        texts << label->text();
    return texts.join(QLatin1Char('\n'));
}

QString numbers(int count, const QString &separator, int rows = 1)
{
    QStringList lines;
    for (int r = 0; r < rows; ++r) {
        QStringList cells;
        for (int i = 0; i < count; ++i)
            cells << QStringLiteral("0.5");
        lines << cells.join(separator);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

/// Tests the limits of the GUI's entries.
class TestEntryLimits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void spinBoxRangeIsTheLimit_data();
    void spinBoxRangeIsTheLimit();
    void tokenLinePastTheLimitIsRefused();
    void pastePastTheLimitsIsRefused_data();
    void pastePastTheLimitsIsRefused();
    void typedValuePastTheLimitIsRefused();
    void dimsPastTheLimitsAreRefused_data();
    void dimsPastTheLimitsAreRefused();
    void divisorPastTheLimitIsRefused_data();
    void divisorPastTheLimitIsRefused();
};

void TestEntryLimits::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_entrylimits"));
}

void TestEntryLimits::spinBoxRangeIsTheLimit_data()
{
    QTest::addColumn<int>("row");
    const std::vector<SpinRow> table = spinTable();
    for (size_t i = 0; i < table.size(); ++i)
        QTest::newRow(table[i].entry) << int(i);
}

void TestEntryLimits::spinBoxRangeIsTheLimit()
{
    QFETCH(int, row);
    const SpinRow r = spinTable()[size_t(row)];
    Hosts hosts;
    QSpinBox *spin = hosts.spin(r.objectName);
    QVERIFY2(spin, r.objectName);
    QVERIFY(spin->isEnabled());
    QCOMPARE(spin->maximum(), r.maximum);
    QCOMPARE(spin->minimum(), r.minimum);
    // Typing one past either end never goes past it.
    AttentionTestSupport::typeIntoSpinBox(spin, r.maximum + 1);
    QVERIFY(spin->value() <= r.maximum);
    AttentionTestSupport::typeIntoSpinBox(spin, r.minimum - 1);
    QVERIFY(spin->value() >= r.minimum);
    // Pasting a number past the limit into the field: refused by the validator (or clamped).
    auto *line = spin->findChild<QLineEdit *>();
    QVERIFY(line);
    line->selectAll();
    line->insert(QString::number(qint64(r.maximum) * 10 + 7));
    QTest::keyClick(spin, Qt::Key_Return);
    QVERIFY(spin->value() <= r.maximum);
    if (r.cheapAtLimit) {
        AttentionTestSupport::typeIntoSpinBox(spin, r.maximum);
        QCOMPARE(spin->value(), r.maximum);
    }
}

void TestEntryLimits::tokenLinePastTheLimitIsRefused()
{
    Hosts hosts;
    auto *edit = hosts.sequence->findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
    QVERIFY(edit);
    const int before = hosts.document.session().source.length();
    QStringList words;
    for (int i = 0; i <= limits::maxTokens; ++i)
        words << QStringLiteral("w%1").arg(i);
    edit->setText(words.join(QLatin1Char(' ')));
    emit edit->textEdited(edit->text());
    QTest::qWait(0);
    const QString message = messagesUnder(hosts.sequence.get());
    QVERIFY2(message.contains(QString::number(limits::maxTokens + 1))
            && message.contains(QString::number(limits::maxTokens)),
        qPrintable(message));
    QCOMPARE(hosts.document.session().source.length(), before);
    // The limit itself is taken.
    words.removeLast();
    edit->setText(words.join(QLatin1Char(' ')));
    emit edit->textEdited(edit->text());
    emit edit->editingFinished();
    QTRY_COMPARE(hosts.document.session().source.length(), limits::maxTokens);
}

void TestEntryLimits::pastePastTheLimitsIsRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("limit");
    QTest::newRow("rows past the token limit")
        << numbers(2, QStringLiteral("\t"), limits::maxTokens + 1)
        << QString::number(limits::maxTokens + 1) << QString::number(limits::maxTokens);
    QTest::newRow("columns past the width limit")
        << numbers(limits::maxEmbeddingWidth + 1, QStringLiteral("\t"))
        << QString::number(limits::maxEmbeddingWidth + 1)
        << QString::number(limits::maxEmbeddingWidth);
    QTest::newRow("a value past the magnitude limit") << QStringLiteral(
        "0.5\t1.5e12") << QStringLiteral("1.5e+12") << QString::number(limits::maxAbsValue, 'g', 3);
}

void TestEntryLimits::pastePastTheLimitsIsRefused()
{
    QFETCH(QString, text);
    QFETCH(QString, value);
    QFETCH(QString, limit);
    Hosts hosts;
    auto *table = hosts.sequence->findChild<QTableView *>(QStringLiteral("embeddingTable"));
    QVERIFY(table);
    auto *model = qobject_cast<EmbeddingTableModel *>(table->model());
    QVERIFY(model);
    const Eigen::MatrixXd before = hosts.document.session().source.embeddings;
    QString rejected;
    connect(model, &EmbeddingTableModel::inputRejected, this,
        [&](const QString &message) { rejected = message; });
    QVERIFY(!model->paste(model->index(0, 0), text));
    QVERIFY2(rejected.contains(value) && rejected.contains(limit), qPrintable(rejected));
    QVERIFY(test::maxAbsDifference(hosts.document.session().source.embeddings, before) == 0.0);
}

void TestEntryLimits::typedValuePastTheLimitIsRefused()
{
    Hosts hosts;
    auto *table = hosts.sequence->findChild<QTableView *>(QStringLiteral("embeddingTable"));
    auto *model = qobject_cast<EmbeddingTableModel *>(table->model());
    QVERIFY(model);
    QString rejected;
    connect(model, &EmbeddingTableModel::inputRejected, this,
        [&](const QString &message) { rejected = message; });
    const double before = hosts.document.session().source.embeddings(0, 1);
    QVERIFY(!model->setData(model->index(0, 1), QStringLiteral("-1.5e12"), Qt::EditRole));
    QVERIFY2(rejected.contains(QStringLiteral("-1.5e+12"))
            && rejected.contains(QString::number(limits::maxAbsValue, 'g', 3)),
        qPrintable(rejected));
    QCOMPARE(hosts.document.session().source.embeddings(0, 1), before);
    // The limit itself is a value like any other.
    QVERIFY(model->setData(model->index(0, 1), QStringLiteral("-1e12"), Qt::EditRole));
    QCOMPARE(hosts.document.session().source.embeddings(0, 1), -limits::maxAbsValue);
}

void TestEntryLimits::dimsPastTheLimitsAreRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("limit");
    QTest::newRow("d_k past the limit") << QString::number(limits::maxExperimentDim + 1)
                                        << QString::number(limits::maxExperimentDim + 1)
                                        << QString::number(limits::maxExperimentDim);
    QStringList many;
    for (int i = 0; i <= limits::maxExperimentDims; ++i)
        many << QString::number(i + 1);
    QTest::newRow("too many d_k values")
        << many.join(QStringLiteral(", ")) << QString::number(limits::maxExperimentDims + 1)
        << QString::number(limits::maxExperimentDims);
}

void TestEntryLimits::dimsPastTheLimitsAreRefused()
{
    QFETCH(QString, text);
    QFETCH(QString, value);
    QFETCH(QString, limit);
    Hosts hosts;
    auto *dims = hosts.scaling->findChild<QLineEdit *>(QStringLiteral("scalingDims"));
    QVERIFY(dims);
    const std::vector<int> before = hosts.document.session().scaling.dims;
    dims->selectAll();
    QTest::keyClicks(dims, text);
    QTest::keyClick(dims, Qt::Key_Return);
    const QString message = messagesUnder(hosts.scaling.get());
    QVERIFY2(message.contains(value) && message.contains(limit), qPrintable(message));
    QTest::qWait(50);
    QCOMPARE(hosts.document.session().scaling.dims, before);
}

void TestEntryLimits::divisorPastTheLimitIsRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("below the smallest divisor") << QStringLiteral("1e-13");
    QTest::newRow("above the largest divisor") << QStringLiteral("2e12");
}

void TestEntryLimits::divisorPastTheLimitIsRefused()
{
    QFETCH(QString, text);
    Hosts hosts;
    Session s = hosts.document.session();
    s.attention.config.scale = ScaleSpec { ScaleMode::Custom, 2.0 };
    hosts.document.resetSession(s, QString());
    auto *edit = hosts.attention->findChild<QLineEdit *>(QStringLiteral("divisorEdit"));
    QVERIFY(edit && edit->isEnabled());
    edit->selectAll();
    QTest::keyClicks(edit, text);
    const QString message = messagesUnder(hosts.attention.get());
    QVERIFY2(message.contains(QString::number(limits::minScaleDivisor, 'g', 3))
            && message.contains(QString::number(limits::maxAbsValue, 'g', 3)),
        qPrintable(message));
    QVERIFY2(message.contains(QString::number(text.toDouble(), 'g', 6)), qPrintable(message));
    // Refused at the field: the session keeps the last usable divisor typed on the way.
    const double kept = hosts.document.session().attention.config.scale.divisor;
    QVERIFY(kept != text.toDouble());
    QVERIFY(limits::isAllowedDivisor(kept));
    QVERIFY(!hosts.document.error().has_value());
}

QTEST_MAIN(TestEntryLimits)
#include "tst_entrylimits.moc"
