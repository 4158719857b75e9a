// SPDX-License-Identifier: GPL-3.0-or-later
// Replays the argument lists the command-line fuzz harness kept
// (tests/data/fuzz-regressions/commandline, one argument per line): each is refused or
// answered with help text, or parses to options that, written back as arguments, parse again
// to the same options.

#include "testsupport.h"
#include "testsupportfuzzcli.h"

#include <QTest>

using namespace ae;

namespace {

const QString harness = QStringLiteral("commandline");

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void commandLine_data();
    void commandLine();
    void keepsAcceptedAndRefusedInputs();
};

void TestFuzzRegressions::initTestCase()
{
    QVERIFY2(!test::fuzzRegressionFiles(harness).isEmpty(),
        "tests/data/fuzz-regressions/commandline holds no inputs");
}

void TestFuzzRegressions::commandLine_data()
{
    QTest::addColumn<QString>("file");
    test::addFuzzRegressionRows(harness);
}

void TestFuzzRegressions::commandLine()
{
    QFETCH(QString, file);
    const test::FuzzVerdict verdict = test::checkCommandLineInput(test::readFileBytes(file));
    QVERIFY2(verdict.problem.isEmpty(), qPrintable(verdict.problem));
}

void TestFuzzRegressions::keepsAcceptedAndRefusedInputs()
{
    const auto [accepted, refused]
        = test::countAcceptedRefused(harness, test::checkCommandLineInput);
    QVERIFY2(accepted > 0, "no kept argument list is accepted");
    QVERIFY2(refused > 0, "no kept argument list is refused");
}

QTEST_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
