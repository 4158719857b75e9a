// SPDX-License-Identifier: GPL-3.0-or-later
// Replays the session files the fuzz harness kept (tests/data/fuzz-regressions/sessionloader):
// each is refused with a message, or loads, saves and loads again to the same session.

#include "testsupport.h"
#include "testsupportfuzz.h"

#include <QTest>

using namespace ae;

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sessionLoader_data();
    void sessionLoader();
    void keepsAcceptedAndRefusedInputs();
};

void TestFuzzRegressions::initTestCase()
{
    QVERIFY2(!test::fuzzRegressionFiles(QStringLiteral("sessionloader")).isEmpty(),
        "tests/data/fuzz-regressions/sessionloader holds no inputs");
}

void TestFuzzRegressions::sessionLoader_data()
{
    QTest::addColumn<QString>("file");
    test::addFuzzRegressionRows(QStringLiteral("sessionloader"));
}

void TestFuzzRegressions::sessionLoader()
{
    QFETCH(QString, file);
    const test::FuzzVerdict verdict = test::checkSessionInput(test::readFileBytes(file));
    QVERIFY2(verdict.problem.isEmpty(), qPrintable(verdict.problem));
}

void TestFuzzRegressions::keepsAcceptedAndRefusedInputs()
{
    const auto [accepted, refused]
        = test::countAcceptedRefused(QStringLiteral("sessionloader"), test::checkSessionInput);
    QVERIFY2(accepted > 0, "no kept session file loads");
    QVERIFY2(refused > 0, "no kept session file is refused");
}

QTEST_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
