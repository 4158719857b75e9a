// SPDX-License-Identifier: GPL-3.0-or-later
// adviseHugePages() (core/attention/hugepages.h): on Linux with transparent huge pages, the
// whole 2 MB pages inside a large matrix's storage carry the advice (the "hg" flag of their
// mapping in /proc/self/smaps), a small matrix's do not, and the values are kept.

#include "attention/hugepages.h"

#include <QtTest>
#include <cstdint>

using namespace ae;

namespace {

constexpr std::uintptr_t hugePage = std::uintptr_t(2) * 1024 * 1024;

/// The VmFlags of the mapping of /proc/self/smaps that holds @p address, empty if none does.
QByteArray mappingFlags(std::uintptr_t address)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return {};
    // readAll(): a file of /proc reports size 0, so atEnd() holds from the start.
    bool inside = false;
    for (const QByteArray &raw : smaps.readAll().split('\n')) {
        const QByteArray line = raw.trimmed();
        const int dash = line.indexOf('-');
        const int space = line.indexOf(' ');
        if (dash > 0 && space > dash && !line.endsWith(':') && !line.contains(": ")) {
            bool ok1 = false;
            bool ok2 = false;
            const auto from = std::uintptr_t(line.left(dash).toULongLong(&ok1, 16));
            const auto to
                = std::uintptr_t(line.mid(dash + 1, space - dash - 1).toULongLong(&ok2, 16));
            inside = ok1 && ok2 && address >= from && address < to;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).trimmed();
        }
    }
    return {};
}

/// Whether the kernel offers transparent huge pages to madvise (not "[never]").
bool hugePagesOffered()
{
    QFile f(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return f.open(QIODevice::ReadOnly) && !f.readAll().contains("[never]");
}

} // namespace

/// Tests adviseHugePages().
class TestHugePages : public QObject
{
    Q_OBJECT

private slots:
    void advisesLargeStorageOnly_data();
    void advisesLargeStorageOnly();
};

void TestHugePages::advisesLargeStorageOnly_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<bool>("advised");
    QTest::newRow("1024 x 1024 (8 MB)") << 1024 << 1024 << true;
    QTest::newRow("700 x 900 (4.8 MB)") << 700 << 900 << true;
    QTest::newRow("300 x 500 (1.2 MB)") << 300 << 500 << false;
}

void TestHugePages::advisesLargeStorageOnly()
{
#ifndef __linux__
    QSKIP("huge pages are advised on Linux only");
#endif
    if (!hugePagesOffered())
        QSKIP("this kernel offers no transparent huge pages");
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(bool, advised);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = double(i % 1000) * 0.5;
    adviseHugePages(m);
    QCOMPARE(m.rows(), Eigen::Index(rows));
    QCOMPARE(m.cols(), Eigen::Index(cols));
    for (Eigen::Index i = 0; i < m.size(); i += 4099)
        QCOMPARE(m.data()[i], double(i % 1000) * 0.5);
    // The first whole 2 MB page inside the storage, or its first byte for a small matrix.
    const auto start = reinterpret_cast<std::uintptr_t>(m.data());
    const std::uintptr_t first = (start + hugePage - 1) & ~(hugePage - 1);
    const bool whole = first + hugePage <= start + std::uintptr_t(m.size()) * sizeof(double);
    const QByteArray flags = mappingFlags(whole ? first : start);
    QVERIFY2(!flags.isEmpty(), "no mapping holds the matrix");
    QCOMPARE(flags.split(' ').contains("hg"), advised);
}

QTEST_MAIN(TestHugePages)
#include "tst_hugepages.moc"
