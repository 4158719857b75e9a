// SPDX-License-Identifier: GPL-3.0-or-later
// The join address's QR code: its version for the address's length (from the QR standard's
// byte capacities at level M), the finder and timing patterns, the image's quiet zone, and,
// where zbarimg is installed, that a reader decodes the image back to the address.

#include "classroom/joinqrcode.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace ae;

/// Tests JoinQrCode.
class TestJoinQrCode : public QObject
{
    Q_OBJECT

private slots:
    void encode_data();
    void encode();
    void refused();
};

void TestJoinQrCode::encode_data()
{
    // Byte-mode capacities at level M: version 1 holds 14 bytes, 2: 26, 3: 42, 4: 62, 5: 84.
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("version");
    QTest::newRow("9 bytes") << QStringLiteral("http://a/") << 1;
    QTest::newRow("14 bytes") << QStringLiteral("http://abcdef/") << 1;
    QTest::newRow("15 bytes") << QStringLiteral("http://abcdefg/") << 2;
    QTest::newRow("lan address") << QStringLiteral("http://192.168.1.23:41234/?room=ACDEFH") << 3;
    QTest::newRow("ipv6 address") << QStringLiteral(
        "http://[fd00:1234:5678::abcd]:41234/?room=ACDEFH")
                                  << 4;
    QTest::newRow("chinese bytes") << QStringLiteral("注意力注意力注意力注意力") << 3; // 36 bytes
}

void TestJoinQrCode::encode()
{
    QFETCH(QString, text);
    QFETCH(int, version);
    const std::optional<JoinQrCode> qr = JoinQrCode::encode(text);
    QVERIFY(qr.has_value());
    QCOMPARE(qr->version(), version);
    QCOMPARE(qr->size(), 17 + 4 * version);
    // The three finder patterns: a dark 7x7 ring, a light ring, a dark 3x3 centre.
    const int n = qr->size();
    for (const QPoint corner : { QPoint(0, 0), QPoint(n - 7, 0), QPoint(0, n - 7) }) {
        for (int y = 0; y < 7; ++y) {
            for (int x = 0; x < 7; ++x) {
                const int ring = qMin(qMin(x, y), qMin(6 - x, 6 - y));
                QCOMPARE(qr->isDark(corner.x() + x, corner.y() + y), ring != 1);
            }
        }
    }
    // The timing patterns between them alternate, dark on even modules.
    for (int i = 8; i < n - 8; ++i) {
        QCOMPARE(qr->isDark(i, 6), i % 2 == 0);
        QCOMPARE(qr->isDark(6, i), i % 2 == 0);
    }
    QVERIFY(!qr->isDark(-1, 0));
    QVERIFY(!qr->isDark(n, n));

    const QImage image = qr->image(5);
    QCOMPARE(image.width(), (n + 8) * 5);
    QCOMPARE(image.height(), image.width());
    QCOMPARE(image.pixelColor(0, 0), QColor(Qt::white)); // the quiet zone
    QCOMPARE(image.pixelColor(4 * 5 + 2, 4 * 5 + 2), QColor(Qt::black)); // a finder's corner

    const QString zbarimg = QStandardPaths::findExecutable(QStringLiteral("zbarimg"));
    // The reader check needs zbar-tools; it is made for ASCII only (join addresses are), since
    // a reader guesses the character set of other bytes (zbar takes them for Shift JIS).
    bool ascii = true;
    for (const QChar c : text)
        ascii = ascii && c.unicode() < 0x80;
    if (zbarimg.isEmpty() || !ascii)
        return;
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("qr.png"));
    QVERIFY(image.save(file));
    QProcess reader;
    reader.start(zbarimg, { QStringLiteral("--raw"), QStringLiteral("-q"), file });
    QVERIFY(reader.waitForFinished(30000));
    QCOMPARE(QString::fromUtf8(reader.readAllStandardOutput()).trimmed(), text);
}

void TestJoinQrCode::refused()
{
    QVERIFY(!JoinQrCode::encode(QString()).has_value());
    // Version 40 at level M holds 2331 bytes.
    QVERIFY(!JoinQrCode::encode(QString(3000, QLatin1Char('a'))).has_value());
    QVERIFY(JoinQrCode::encode(QString(2331, QLatin1Char('a'))).has_value());
}

QTEST_MAIN(TestJoinQrCode)
#include "tst_joinqrcode.moc"
