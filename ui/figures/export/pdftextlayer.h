// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file pdftextlayer.h
/// Repairs the text layer of the PDFs Qt writes, so that Chinese text can be searched and
/// copied.

#include <QByteArray>

namespace ae {

/// Post-processing of a finished PDF from QPdfWriter.
class PdfTextLayer
{
public:
    /// Qt maps each embedded glyph back to the lowest code point the font draws with it. CJK
    /// fonts draw a Kangxi radical and its ideograph with one glyph (⼒ U+2F12 and 力 U+529B),
    /// so the text layer says ⼒ and "注意力" can be neither found nor copied. This rewrites
    /// every ToUnicode map of @p pdf so that such glyphs map to the ideograph (the radical's
    /// compatibility decomposition), moving the objects after it and rewriting the
    /// cross-reference table. A PDF without such a map, or not in the layout Qt writes, is left
    /// as it is. @return true when something was changed.
    static bool restoreIdeographs(QByteArray &pdf);
};

} // namespace ae
