// SPDX-License-Identifier: GPL-3.0-or-later
// Chinese worksheet PDFs as poppler reads them: set in the Simplified Chinese face, with a text
// layer that gives back the characters drawn (not the Kangxi radicals that share their glyphs),
// and the default sheet on one page. Needs pdffonts and pdftotext (poppler-utils).

#include "export/figure.h"
#include "export/pdftextlayer.h"
#include "testsupporttools.h"
#include "worksheet/worksheet.h"
#include "worksheet/worksheetpdfwriter.h"
#include "worksheet/worksheetsheet.h"

#include <QBuffer>
#include <QFile>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

namespace {

/// The characters a teacher reported coming back as radicals, each drawn with one glyph that a
/// Kangxi radical shares.
const QString sharedGlyphs = QStringLiteral("力生一自目入子小无比行身面");

/// Runs poppler's @p tool ("pdffonts" or "pdftotext") on @p pdf, written to a temporary
/// file, and returns what it prints.
QString poppler(const QString &tool, const QByteArray &pdf)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("sheet.pdf"));
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(pdf) != pdf.size())
        return QString();
    out.close();
    const QStringList arguments = tool == QLatin1String("pdftotext")
        ? QStringList { QStringLiteral("-enc"), QStringLiteral("UTF-8"), file, QStringLiteral("-") }
        : QStringList { file };
    QProcess process;
    process.start(tool, arguments);
    process.waitForFinished(30000);
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// A page with @p text drawn in the figures' fonts.
QByteArray pdfWithText(const QString &text)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        QPainter painter(&pdf);
        painter.setFont(Figure::font(20));
        painter.drawText(QPointF(40, 80), text);
    }
    return bytes;
}

/// Radicals (CJK Radicals Supplement and Kangxi Radicals) in @p text.
QString radicalsIn(const QString &text)
{
    QString found;
    for (const QChar c : text) {
        if (c.unicode() >= 0x2e80 && c.unicode() <= 0x2fdf)
            found += c;
    }
    return found;
}

int pageCount(const QByteArray &pdf)
{
    return static_cast<int>(
        QString::fromLatin1(pdf).count(QRegularExpression(QStringLiteral("/Type /Page\\b"))));
}

WorksheetConfig chineseDefaults()
{
    WorksheetConfig config;
    config.language = WorksheetLanguage::Chinese;
    return config;
}

} // namespace

class TestWorksheetPdfWriter : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void textLayerGivesTheIdeographs_data();
    void textLayerGivesTheIdeographs();
    void chineseSheetIsSetInTheScFace();
    void chineseSheetCanBeSearched();
    void defaultSheetFitsOnePage_data();
    void defaultSheetFitsOnePage();
};

void TestWorksheetPdfWriter::initTestCase()
{
    AE_REQUIRE_TOOL("pdffonts", "poppler-utils");
    AE_REQUIRE_TOOL("pdftotext", "poppler-utils");
}

void TestWorksheetPdfWriter::textLayerGivesTheIdeographs_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("reported characters") << sharedGlyphs;
    QTest::newRow("attention") << QStringLiteral("注意力");
    // Two radicals in a row make a range in Qt's map: it is split, not shifted.
    QTest::newRow("neighbouring radicals") << QStringLiteral("一丨丶丿乙亅二亠人儿入八");
    QTest::newRow("no radical") << QStringLiteral("查询与键");
}

void TestWorksheetPdfWriter::textLayerGivesTheIdeographs()
{
    QFETCH(QString, text);
    QByteArray pdf = pdfWithText(text);
    const QByteArray before = pdf;
    // Changed exactly when the text holds a character whose glyph a radical shares.
    QCOMPARE(PdfTextLayer::restoreIdeographs(pdf), text != QStringLiteral("查询与键"));
    QCOMPARE(pdf == before, text == QStringLiteral("查询与键"));
    const QString extracted = poppler(QStringLiteral("pdftotext"), pdf).trimmed();
    QCOMPARE(extracted, text);
    // The file is still whole: poppler finds every object through the rewritten table.
    QVERIFY(!poppler(QStringLiteral("pdffonts"), pdf).isEmpty());
}

void TestWorksheetPdfWriter::chineseSheetIsSetInTheScFace()
{
    const std::vector<StudentWorksheet> sheets = makeWorksheets(chineseDefaults());
    const QByteArray pdf
        = WorksheetPdfWriter::toPdf(worksheetSheet(sheets.front(), WorksheetLanguage::Chinese),
            sheets, WorksheetLanguage::Chinese);
    const QString fonts = poppler(QStringLiteral("pdffonts"), pdf);
    QVERIFY2(fonts.contains(QLatin1String("NotoSansCJKsc"), Qt::CaseInsensitive)
            || fonts.contains(QLatin1String("Noto Sans CJK SC"), Qt::CaseInsensitive),
        qPrintable(fonts));
    QVERIFY2(!fonts.contains(QLatin1String("CJKjp"), Qt::CaseInsensitive), qPrintable(fonts));
}

void TestWorksheetPdfWriter::chineseSheetCanBeSearched()
{
    const std::vector<StudentWorksheet> sheets = makeWorksheets(chineseDefaults());
    const WorksheetDocument sheet = worksheetSheet(sheets.front(), WorksheetLanguage::Chinese);
    const QString text = poppler(QStringLiteral("pdftotext"),
        WorksheetPdfWriter::toPdf(sheet, sheets, WorksheetLanguage::Chinese));
    QVERIFY2(radicalsIn(text).isEmpty(), qPrintable(radicalsIn(text)));
    QVERIFY2(text.contains(QStringLiteral("注意力")), qPrintable(text));
    // Every reported character the sheet uses comes back as itself.
    QString source;
    for (const WorksheetBlock &b : sheet)
        source += b.text.plain;
    int checked = 0;
    for (const QChar c : sharedGlyphs) {
        if (!source.contains(c))
            continue;
        ++checked;
        QVERIFY2(text.contains(c), qPrintable(QString(c)));
    }
    QVERIFY(checked > 0);
}

void TestWorksheetPdfWriter::defaultSheetFitsOnePage_data()
{
    QTest::addColumn<int>("language");
    QTest::newRow("Chinese") << static_cast<int>(WorksheetLanguage::Chinese);
    QTest::newRow("English") << static_cast<int>(WorksheetLanguage::English);
}

void TestWorksheetPdfWriter::defaultSheetFitsOnePage()
{
    QFETCH(int, language);
    WorksheetConfig config;
    config.language = static_cast<WorksheetLanguage>(language);
    config.students = 30;
    // Every student of a default class, as the numbers (and so the lines) differ.
    const std::vector<StudentWorksheet> sheets = makeWorksheets(config);
    for (const StudentWorksheet &w : sheets) {
        const QByteArray pdf = WorksheetPdfWriter::toPdf(
            worksheetSheet(w, config.language), sheets, config.language);
        QCOMPARE(pageCount(pdf), 1);
    }
}

QTEST_MAIN(TestWorksheetPdfWriter)
#include "tst_worksheetpdfwriter.moc"
