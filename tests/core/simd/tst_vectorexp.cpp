// SPDX-License-Identifier: GPL-3.0-or-later
// expInto() (core/simd/vectorexp.h): each kernel against the C library's exp, the kernels
// against each other, the values at the ends of the range, and the AVX2 kernel's independence
// from where a value lies in the array (its tail runs through the same arithmetic).

#include "simd/vectorexp.h"
#include "testsupport.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

using namespace ae;

namespace {

const double inf = std::numeric_limits<double>::infinity();
const double minLog = std::log(std::numeric_limits<double>::min());
const double maxLog = std::log(std::numeric_limits<double>::max());

/// @p count values evenly spaced over [lo, hi].
std::vector<double> spaced(double lo, double hi, int count)
{
    std::vector<double> v(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i)
        v[static_cast<size_t>(i)] = lo + (hi - lo) * i / std::max(1, count - 1);
    return v;
}

std::vector<double> run(ExpKernel kernel, const std::vector<double> &x)
{
    std::vector<double> out(x.size(), -1.0);
    const ExpKernel before = activeExpKernel();
    setExpKernel(kernel);
    expInto(x.data(), out.data(), Eigen::Index(x.size()));
    setExpKernel(before);
    return out;
}

/// Distance of @p value from @p expected in units of the last place of @p expected.
double ulps(double value, double expected)
{
    if (value == expected)
        return 0.0;
    const double ulp = std::nextafter(expected, inf) - expected;
    return std::abs(value - expected) / ulp;
}

} // namespace

/// Tests expInto() on every kernel the processor has.
class TestVectorExp : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheLibrary_data();
    void matchesTheLibrary();
    void endsOfTheRange_data();
    void endsOfTheRange();
    void avx2ValueIndependentOfPosition();
    void portableAlwaysSupported();
};

void TestVectorExp::matchesTheLibrary_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<std::vector<double>>("x");

    const std::pair<const char *, std::vector<double>> sets[] = {
        { "around 0", spaced(-1.0, 1.0, 401) },
        { "reduction boundaries",
            { -0.5 * std::log(2.0), 0.5 * std::log(2.0), -1.5 * std::log(2.0),
                std::nextafter(0.5 * std::log(2.0), 0.0), -0.0, 0.0 } },
        { "softmax range", test::seededValues(1003, -40.0, 0.0, 1) },
        { "down to ln DBL_MIN", spaced(minLog, -600.0, 257) },
        { "up to ln DBL_MAX", spaced(600.0, maxLog, 129) },
        { "one value", { -3.25 } },
        { "three values", { -0.1, -2.0, -7.5 } },
    };
    for (const auto &[name, x] : sets) {
        QTest::newRow((QByteArray(name) + " (portable)").constData())
            << int(ExpKernel::Portable) << x;
        QTest::newRow((QByteArray(name) + " (AVX2)").constData()) << int(ExpKernel::Avx2) << x;
    }
}

void TestVectorExp::matchesTheLibrary()
{
    QFETCH(int, kernel);
    QFETCH(std::vector<double>, x);
    if (!expKernelSupported(ExpKernel(kernel)))
        QSKIP("this processor lacks the kernel");
    const std::vector<double> e = run(ExpKernel(kernel), x);
    for (size_t i = 0; i < x.size(); ++i) {
        const double expected = std::exp(x[i]);
        QVERIFY2(ulps(e[i], expected) <= 2.0,
            qPrintable(QStringLiteral("exp(%1) = %2, the library gives %3")
                           .arg(x[i], 0, 'g', 17)
                           .arg(e[i], 0, 'g', 17)
                           .arg(expected, 0, 'g', 17)));
    }
}

void TestVectorExp::endsOfTheRange_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");

    const std::pair<const char *, std::pair<double, double>> cases[] = {
        { "-inf", { -inf, 0.0 } },
        { "just below ln DBL_MIN", { std::nextafter(minLog, -inf), 0.0 } },
        { "-745", { -745.0, 0.0 } },
        { "-1e300", { -1e300, 0.0 } },
        { "the most negative double", { -std::numeric_limits<double>::max(), 0.0 } },
        { "0", { 0.0, 1.0 } },
        { "ln 2", { std::log(2.0), 2.0 } },
        { "-1022 ln 2", { -1022.0 * std::log(2.0), std::exp(-1022.0 * std::log(2.0)) } },
    };
    for (const auto &[name, c] : cases) {
        for (const ExpKernel k : { ExpKernel::Portable, ExpKernel::Avx2 }) {
            const QByteArray row
                = QByteArray(name) + (k == ExpKernel::Portable ? " (portable)" : " (AVX2)");
            QTest::newRow(row.constData()) << int(k) << c.first << c.second;
        }
    }
}

void TestVectorExp::endsOfTheRange()
{
    QFETCH(int, kernel);
    QFETCH(double, x);
    QFETCH(double, expected);
    if (!expKernelSupported(ExpKernel(kernel)))
        QSKIP("this processor lacks the kernel");
    // Padded with ordinary values on both sides, so the value sits inside a vector.
    const std::vector<double> e = run(ExpKernel(kernel), { -1.0, x, -2.0, -3.0, -4.0 });
    QVERIFY2(ulps(e[1], expected) <= 2.0,
        qPrintable(QStringLiteral("%1 vs %2").arg(e[1], 0, 'g', 17).arg(expected, 0, 'g', 17)));
    if (expected == 0.0)
        QCOMPARE(std::signbit(e[1]), false);
}

void TestVectorExp::avx2ValueIndependentOfPosition()
{
    if (!expKernelSupported(ExpKernel::Avx2))
        QSKIP("this processor lacks AVX2 and FMA");
    const std::vector<double> x = test::seededValues(11, -30.0, 5.0, 2);
    const std::vector<double> whole = run(ExpKernel::Avx2, x);
    // Each value first in an array of four or more: in the body of a vector or (for the last
    // ones of the whole array) in its padded tail.
    for (size_t i = 0; i + 4 <= x.size(); ++i) {
        const std::vector<double> shifted(x.begin() + long(i), x.end());
        QCOMPARE(run(ExpKernel::Avx2, shifted)[0], whole[i]);
    }
    for (size_t i = x.size() - 3; i < x.size(); ++i)
        QCOMPARE(run(ExpKernel::Avx2, { x[i], x[0], x[1], x[2] })[0], whole[i]);
    const std::vector<double> nan = run(ExpKernel::Avx2, { std::nan(""), -1.0, -2.0, -3.0 });
    QVERIFY(std::isnan(nan[0]));
    QVERIFY(ulps(nan[1], std::exp(-1.0)) <= 2.0);
}

void TestVectorExp::portableAlwaysSupported()
{
    QVERIFY(expKernelSupported(ExpKernel::Portable));
    const ExpKernel before = activeExpKernel();
    QVERIFY(setExpKernel(ExpKernel::Portable));
    QCOMPARE(activeExpKernel(), ExpKernel::Portable);
    setExpKernel(before);
    QCOMPARE(activeExpKernel(), before);
}

QTEST_MAIN(TestVectorExp)
#include "tst_vectorexp.moc"
