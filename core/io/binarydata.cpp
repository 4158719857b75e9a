// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/binarydata.h"

#include <algorithm>

namespace ae {

Utf16Order utf16Order(QByteArrayView bytes)
{
    if (bytes.startsWith("\xff\xfe"))
        return Utf16Order::LittleEndian;
    if (bytes.startsWith("\xfe\xff"))
        return Utf16Order::BigEndian;
    if (bytes.size() < 2 || (bytes.at(0) == 0) == (bytes.at(1) == 0))
        return Utf16Order::None;
    return bytes.at(1) == 0 ? Utf16Order::LittleEndian : Utf16Order::BigEndian;
}

qsizetype binaryDataOffset(QByteArrayView bytes)
{
    if (utf16Order(bytes) != Utf16Order::None)
        return -1;
    return bytes.first(std::min(bytes.size(), binaryCheckBytes)).indexOf('\0');
}

} // namespace ae
