// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/joinqrcode.h"

#include <QPainter>
#include <qrencode.h>

namespace ae {

std::optional<JoinQrCode> JoinQrCode::encode(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    if (bytes.isEmpty())
        return std::nullopt;
    QRcode *code = QRcode_encodeString8bit(bytes.constData(), 0, QR_ECLEVEL_M);
    if (!code)
        return std::nullopt;
    JoinQrCode qr;
    qr.m_size = code->width;
    qr.m_version = code->version;
    qr.m_dark.resize(static_cast<qsizetype>(code->width) * code->width);
    for (qsizetype i = 0; i < qr.m_dark.size(); ++i)
        qr.m_dark[i] = (code->data[i] & 1) != 0; // bit 0: the module is dark
    QRcode_free(code);
    return qr;
}

bool JoinQrCode::isDark(int x, int y) const
{
    if (x < 0 || y < 0 || x >= m_size || y >= m_size)
        return false;
    return m_dark[static_cast<qsizetype>(y) * m_size + x];
}

QImage JoinQrCode::image(int moduleSize, int quietZone) const
{
    const int side = (m_size + 2 * quietZone) * moduleSize;
    QImage image(side, side, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    for (int y = 0; y < m_size; ++y) {
        for (int x = 0; x < m_size; ++x) {
            if (isDark(x, y))
                painter.fillRect((x + quietZone) * moduleSize, (y + quietZone) * moduleSize,
                    moduleSize, moduleSize, Qt::black);
        }
    }
    return image;
}

} // namespace ae
