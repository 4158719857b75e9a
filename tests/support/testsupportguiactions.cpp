// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportguiactions.h"

#include <QStringList>

namespace ae {

QString GuiAction::describe() const
{
    static const char *names[] = { "Cell", "Paste", "Tokens", "TokensAppend", "TokensBackspace",
        "SplitCjk", "Padding", "Recipe", "RecipeSeed", "Positional", "Width", "Heads", "ModelDim",
        "SpinText", "SpinStep", "Wiring", "Scale", "Divisor", "Causal", "SliderKeys", "SliderDrag",
        "Projection", "ProjectionSeed", "ProjectionCell", "SelectView", "Undo", "Redo" };
    return QStringLiteral("%1(%2, %3, %4, \"%5\")")
        .arg(QLatin1String(names[kind]))
        .arg(a)
        .arg(b)
        .arg(c)
        .arg(text.left(60));
}

GuiActionGenerator::GuiActionGenerator(quint64 seed)
    : m_rng(seed)
{
}

int GuiActionGenerator::below(int n)
{
    return n <= 1 ? 0 : int(m_rng() % quint64(n));
}

bool GuiActionGenerator::chance(int percent)
{
    return below(100) < percent;
}

QString GuiActionGenerator::number()
{
    static const QStringList odd = { QStringLiteral("1e"), QStringLiteral("-"), QStringLiteral("."),
        QStringLiteral("-."), QStringLiteral("+"), QStringLiteral("e5"), QStringLiteral("1e308"),
        QStringLiteral("-1e308"), QStringLiteral("1e400"), QStringLiteral("1e-400"),
        QStringLiteral("1e12"), QStringLiteral("1e13"), QStringLiteral("nan"),
        QStringLiteral("NaN"), QStringLiteral("-nan"), QStringLiteral("inf"),
        QStringLiteral("-inf"), QStringLiteral("Infinity"), QStringLiteral("∞"), QStringLiteral(""),
        QStringLiteral(" "), QStringLiteral("0"), QStringLiteral("-0"), QStringLiteral("0x10"),
        QStringLiteral("1,5"), QStringLiteral("1.2.3"), QStringLiteral("−0.5"),
        QStringLiteral("四"), QStringLiteral("一点五"), QStringLiteral("1e-320"),
        QStringLiteral("4.9e-324"), QStringLiteral("99999999999999999999"), QStringLiteral("abc") };
    switch (below(4)) {
    case 0:
        return odd.at(below(int(odd.size())));
    case 1:
        return garbage(1 + below(8));
    default: {
        const double v = std::uniform_real_distribution<double>(-3.0, 3.0)(m_rng);
        return QString::number(v, 'g', 1 + below(6));
    }
    }
}

QString GuiActionGenerator::garbage(int length)
{
    static const QString pool = QStringLiteral(
        "abcxyz019.-+eE ,;:/\\\"'<>&%$#@!?()[]{}我爱深度学习日本語한국어。、éß\u200f\u00a0");
    QString s;
    for (int i = 0; i < length; ++i)
        s += pool.at(below(int(pool.size())));
    return s;
}

QString GuiActionGenerator::tokenLine()
{
    static const QStringList words = { QStringLiteral("the"), QStringLiteral("cat"),
        QStringLiteral("sat"), QStringLiteral("<pad>"), QStringLiteral("[PAD]"),
        QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度学习"), QStringLiteral("i"),
        QStringLiteral("love"), QStringLiteral("日本"), QStringLiteral("x"), QStringLiteral("!"),
        QStringLiteral("a-b"), QStringLiteral("ẞ"), QStringLiteral("é") };
    const int count = chance(3) ? 20 + below(40) : below(9);
    QStringList line;
    for (int i = 0; i < count; ++i)
        line << (chance(10) ? garbage(1 + below(5)).remove(QLatin1Char(' '))
                            : words.at(below(int(words.size()))));
    return line.join(QLatin1Char(' '));
}

QString GuiActionGenerator::block()
{
    QString s;
    const int rows = 1 + below(4);
    const int cols = 1 + below(4);
    const QString sep = QStringList { QStringLiteral("\t"), QStringLiteral(";"),
        QStringLiteral(","), QStringLiteral(" ") }
                            .at(below(4));
    for (int r = 0; r < rows; ++r) {
        QStringList row;
        for (int c = 0; c < cols; ++c)
            row << (chance(85)
                    ? QString::number(std::uniform_real_distribution<double>(-2, 2)(m_rng), 'g', 3)
                    : number());
        s += row.join(sep) + QLatin1Char('\n');
    }
    return s;
}

GuiAction GuiActionGenerator::next()
{
    GuiAction x;
    const int roll = below(100);
    x.a = below(2);
    x.b = below(64);
    x.c = below(64);
    if (roll < 16) {
        x.kind = GuiAction::Cell;
        x.text = number();
    } else if (roll < 19) {
        x.kind = GuiAction::Paste;
        x.text = block();
    } else if (roll < 25) {
        x.kind = GuiAction::Tokens;
        x.text = tokenLine();
    } else if (roll < 28) {
        x.kind = GuiAction::TokensAppend;
        x.text = chance(50) ? QStringLiteral(" ") + tokenLine() : garbage(1 + below(3));
    } else if (roll < 30) {
        x.kind = GuiAction::TokensBackspace;
        x.b = 1 + below(6);
    } else if (roll < 31) {
        x.kind = GuiAction::SplitCjk;
    } else if (roll < 35) {
        x.kind = GuiAction::Padding;
    } else if (roll < 37) {
        x.kind = GuiAction::Recipe;
        x.b = below(3);
    } else if (roll < 38) {
        x.kind = GuiAction::RecipeSeed;
        x.b = below(1000);
    } else if (roll < 39) {
        x.kind = GuiAction::Positional;
    } else if (roll < 42) {
        x.kind = GuiAction::Width;
        x.b = chance(90) ? 1 + below(8) : 1 + below(64);
    } else if (roll < 47) {
        x.kind = GuiAction::Heads;
        x.b = chance(90) ? 1 + below(4) : 1 + below(64);
    } else if (roll < 51) {
        x.kind = GuiAction::ModelDim;
        x.b = chance(90) ? 1 + below(8) : 1 + below(64);
    } else if (roll < 53) {
        x.kind = GuiAction::SpinText;
        x.a = below(4);
        x.text = number();
    } else if (roll < 56) {
        x.kind = GuiAction::SpinStep;
        x.a = below(4);
        x.b = (chance(50) ? 1 : -1) * (1 + below(3));
    } else if (roll < 60) {
        x.kind = GuiAction::Wiring;
        x.c = below(2);
    } else if (roll < 63) {
        x.kind = GuiAction::Scale;
        x.a = below(3);
    } else if (roll < 67) {
        x.kind = GuiAction::Divisor;
        x.text = chance(30)
            ? QStringList { QStringLiteral("0"), QStringLiteral("-1"), QStringLiteral("-0.5"),
                  QStringLiteral("1e-13"), QStringLiteral("1e13"), QStringLiteral("2") }
                  .at(below(6))
            : number();
    } else if (roll < 70) {
        x.kind = GuiAction::Causal;
    } else if (roll < 73) {
        x.kind = GuiAction::SliderKeys;
        x.a = 1 + below(5);
        x.b = below(6);
    } else if (roll < 75) {
        x.kind = GuiAction::SliderDrag;
        x.a = 1 + below(6);
        x.b = below(1001); // slider positions, clamped to its range
    } else if (roll < 77) {
        x.kind = GuiAction::Projection;
        x.a = below(3);
    } else if (roll < 78) {
        x.kind = GuiAction::ProjectionSeed;
        x.a = below(100000);
    } else if (roll < 82) {
        x.kind = GuiAction::ProjectionCell;
        x.a = below(8);
        x.text = number();
    } else if (roll < 84) {
        x.kind = GuiAction::SelectView;
        x.a = below(5);
    } else if (roll < 93) {
        x.kind = GuiAction::Undo;
        x.a = 1 + below(chance(10) ? 30 : 3);
        x.b = below(2);
    } else {
        x.kind = GuiAction::Redo;
        x.a = 1 + below(chance(10) ? 30 : 3);
        x.b = below(2);
    }
    return x;
}

} // namespace ae
