// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportguiactions.h
/// Random user actions for the suite that drives the main window with thousands of edits:
/// what a user does (as data, so a failing run can be replayed as a named row) and a seeded
/// generator of them, typing garbage, half-typed numbers, huge numbers, NaN and infinity
/// spellings, empty strings and CJK text.

#include <QString>
#include <random>

namespace ae {

/// One user action. The numbers are reduced modulo what the window offers when it is done.
struct GuiAction
{
    enum Kind {
        Cell, ///< type text into embedding cell (b, c) of sequence a
        Paste, ///< paste text at embedding cell (b, c) of sequence a
        Tokens, ///< replace the token line of sequence a with text
        TokensAppend, ///< type text at the end of the token line of sequence a
        TokensBackspace, ///< press Backspace b times at the end of the token line of a
        SplitCjk, ///< toggle "Split CJK" of sequence a
        Padding, ///< toggle padding of token b of sequence a
        Recipe, ///< choose vector recipe b for sequence a
        RecipeSeed, ///< type seed b for sequence a
        Positional, ///< toggle the positions of sequence a
        Width, ///< type width b for sequence a
        Heads, ///< type b heads
        ModelDim, ///< type d_model b
        SpinText, ///< type text into spin box a (0 heads, 1 d_model, 2 source width, 3 target)
        SpinStep, ///< press Up (b > 0) or Down b times in spin box a
        Wiring, ///< Q from a, K/V from b (0 source, 1 target), through combo c (0 halves, 1 named)
        Scale, ///< choose scale mode a
        Divisor, ///< type text as the custom divisor
        Causal, ///< toggle the causal mask
        SliderKeys, ///< press key b on the temperature slider a times
        SliderDrag, ///< drag the temperature slider through a positions ending at b
        Projection, ///< choose projection mode a
        ProjectionSeed, ///< type projection seed a
        ProjectionCell, ///< type text into cell (b, c) of projection part a
        SelectView, ///< click small multiple a
        Undo, ///< undo a times (b: through the shortcut in a field)
        Redo ///< redo a times (b: through the shortcut in a field)
    };
    Kind kind = Cell;
    int a = 0;
    int b = 0;
    int c = 0;
    QString text;

    QString describe() const;
};

/// Seeded random actions and the text typed in them; the same seed gives the same actions.
class GuiActionGenerator
{
public:
    explicit GuiActionGenerator(quint64 seed);

    /// The next action.
    GuiAction next();
    /// A number in [0, n).
    int below(int n);
    /// True @p percent times in a hundred.
    bool chance(int percent);
    /// What a user types into a number field: numbers, odd spellings or anything.
    QString number();
    /// @p length random characters (ASCII, CJK, punctuation, invisible marks).
    QString garbage(int length);
    /// A token line, occasionally long.
    QString tokenLine();
    /// A block of numbers as a spreadsheet or CSV file puts it on the clipboard.
    QString block();

private:
    std::mt19937_64 m_rng;
};

} // namespace ae
