// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file joinqrcode.h
/// The QR code of a class's join address, for the projector.

#include <QImage>
#include <QString>
#include <QVector>
#include <optional>

namespace ae {

/// A QR code (made by libqrencode, error correction level M, 8-bit mode) as a square of
/// modules, and its image with a quiet zone for a phone's camera.
class JoinQrCode
{
public:
    /// The code of @p text (its UTF-8 bytes); nothing when @p text is empty or too long for a
    /// QR code.
    static std::optional<JoinQrCode> encode(const QString &text);

    /// The number of modules on a side (21 for version 1, 4 more per version).
    int size() const { return m_size; }
    /// The QR code's version, 1 to 40.
    int version() const { return m_version; }
    /// True when module (@p x, @p y) is dark; false outside the square.
    bool isDark(int x, int y) const;
    /// The code drawn black on white, @p moduleSize pixels a module, with a quiet zone of
    /// @p quietZone modules on every side.
    QImage image(int moduleSize, int quietZone = 4) const;

private:
    int m_size = 0;
    int m_version = 0;
    QVector<bool> m_dark; ///< row by row
};

} // namespace ae
