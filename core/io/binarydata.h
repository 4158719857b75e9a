// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file binarydata.h
/// Telling binary data and UTF-16 text from the UTF-8 text the program reads, from the first
/// bytes alone, so that a reader can refuse them before reading the rest.

#include <QByteArrayView>

namespace ae {

/// The byte order of UTF-16 text.
enum class Utf16Order {
    None, ///< not UTF-16 text
    LittleEndian,
    BigEndian
};

/// Whether @p bytes start like UTF-16 text: a byte-order mark, or a first character from
/// ASCII (one byte zero, the other not).
Utf16Order utf16Order(QByteArrayView bytes);

/// How many bytes the checks look at; a reader refusing binary data early reads this much
/// first.
inline constexpr qsizetype binaryCheckBytes = 64 * 1024;

/// The offset of the first NUL byte in @p bytes (at most the first binaryCheckBytes) when they
/// are binary data rather than text, or -1. UTF-16 text, which holds NUL bytes beside its ASCII
/// characters, is not binary data; text the program reads never holds a NUL byte.
qsizetype binaryDataOffset(QByteArrayView bytes);

} // namespace ae
