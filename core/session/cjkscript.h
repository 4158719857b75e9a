// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file cjkscript.h
/// Which characters belong to the scripts of Chinese, Japanese and Korean: the one rule behind
/// splitting CJK text into characters, setting labels upright and asking LaTeX for CJK fonts.

namespace ae {

/// True for a code point of the Han, Hiragana, Katakana, Hangul or Bopomofo scripts (not the
/// CJK punctuation and full-width forms, which each caller treats in its own way).
bool isCjkScript(char32_t codePoint);

} // namespace ae
