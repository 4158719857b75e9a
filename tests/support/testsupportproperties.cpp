// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportproperties.h"

#include "session/sessionlimits.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>

namespace ae {

void PropertyComparer::check(const QString &what, long long i, long long j, double got,
    long double want, long double magnitude)
{
    const QString where = QStringLiteral("%1(%2, %3)").arg(what).arg(i).arg(j);
    if (!std::isfinite(got)) {
        fail(QStringLiteral("%1 is %2").arg(where).arg(got));
        return;
    }
    const long double error = std::fabs(static_cast<long double>(got) - want);
    const long double size = std::max<long double>(magnitude, DBL_MIN);
    m_worst = std::max(m_worst, static_cast<double>(error / size));
    if (error > tolerance * magnitude + tolerance * DBL_MIN)
        fail(QStringLiteral("%1 = %2, expected %3 (terms of size %4)")
                 .arg(where)
                 .arg(got, 0, 'g', 17)
                 .arg(static_cast<double>(want), 0, 'g', 17)
                 .arg(static_cast<double>(magnitude), 0, 'g', 3));
}

void PropertyComparer::exact(const QString &what, long long i, long long j, double got, double want)
{
    if (got != want)
        fail(QStringLiteral("%1(%2, %3) = %4, expected exactly %5")
                 .arg(what)
                 .arg(i)
                 .arg(j)
                 .arg(got, 0, 'g', 17)
                 .arg(want, 0, 'g', 17));
}

void PropertyComparer::fail(const QString &message)
{
    if (m_failure.isEmpty())
        m_failure = message;
}

int propertyCaseCount(int defaultCount)
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("AE_PROPERTY_CASES", &ok);
    return ok && n > 0 ? n : defaultCount;
}

namespace {

/// Draws of one case.
class Draw
{
public:
    explicit Draw(std::uint64_t seed)
        : m_gen(seed)
    {
    }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_gen); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_gen); }
    std::uint64_t bits() { return m_gen(); }
    /// A normal number of size @p magnitude, clamped to the session limit.
    double value(double magnitude)
    {
        const double x = std::normal_distribution<double>(0.0, 1.0)(m_gen) * magnitude;
        return std::clamp(x, -limits::maxAbsValue, limits::maxAbsValue);
    }
    /// A magnitude 10^e, e from -300 to 12, weighted towards ordinary sizes.
    double magnitude()
    {
        static const double exponents[]
            = { -300, -200, -100, -30, -8, -3, -1, 0, 0, 0, 1, 2, 3, 6, 9, 12 };
        const double e = exponents[pick(0, int(std::size(exponents)) - 1)];
        return std::pow(10.0, e);
    }
    Eigen::MatrixXd matrix(Eigen::Index rows, Eigen::Index cols, double magnitude)
    {
        Eigen::MatrixXd m(rows, cols);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = value(magnitude);
        return m;
    }

private:
    std::mt19937_64 m_gen;
};

SequenceData sequence(int length, const Eigen::MatrixXd &embeddings)
{
    SequenceData s;
    for (int i = 0; i < length; ++i)
        s.tokens << QStringLiteral("t%1").arg(i);
    s.embeddings = embeddings;
    return s;
}

QString describe(int index, const Session &s)
{
    static const char *projectionNames[] = { "identity", "random", "explicit" };
    static const char *scaleNames[] = { "sqrt", "none", "custom" };
    const AttentionSettings &a = s.attention;
    auto side = [](SequenceRole r) { return r == SequenceRole::Source ? "X" : "Y"; };
    int padded = 0;
    for (bool p : s.keyValueSequence().padding)
        padded += p ? 1 : 0;
    return QStringLiteral("case %1: Lq %2, Lk %3, d_model %4, %5 heads, Q from %6, KV from %7, "
                          "%8 projections, scale %9%10%11")
        .arg(index, 5, 10, QLatin1Char('0'))
        .arg(s.querySequence().length())
        .arg(s.keyValueSequence().length())
        .arg(a.config.dModel)
        .arg(a.config.heads)
        .arg(QLatin1String(side(a.queryFrom)), QLatin1String(side(a.keyValueFrom)),
            QLatin1String(projectionNames[int(a.projections.mode)]),
            QLatin1String(scaleNames[int(a.config.scale.mode)]))
        .arg(a.config.causal ? QStringLiteral(", causal") : QString())
        .arg(padded ? QStringLiteral(", %1 keys padded").arg(padded) : QString());
}

} // namespace

PropertyCase randomPropertyCase(int index)
{
    Draw d(0xa77e5eedULL * 1000003ULL + static_cast<std::uint64_t>(index));
    Session s;
    s.title = QStringLiteral("property case %1").arg(index);
    AttentionSettings &a = s.attention;
    const int dModel = d.chance(0.85) ? d.pick(1, 8) : d.pick(9, 16);
    std::vector<int> divisors;
    for (int h = 1; h <= dModel; ++h)
        if (dModel % h == 0)
            divisors.push_back(h);
    a.config.dModel = dModel;
    a.config.heads = divisors[static_cast<size_t>(d.pick(0, int(divisors.size()) - 1))];
    a.queryFrom = d.chance(0.5) ? SequenceRole::Source : SequenceRole::Target;
    a.keyValueFrom = d.chance(0.5) ? SequenceRole::Source : SequenceRole::Target;
    a.config.causal = d.chance(0.5);
    switch (d.pick(0, 2)) {
    case 0:
        a.config.scale.mode = ScaleMode::SqrtDk;
        break;
    case 1:
        a.config.scale.mode = ScaleMode::None;
        break;
    default:
        a.config.scale.mode = ScaleMode::Custom;
        a.config.scale.divisor = std::clamp(
            std::pow(10.0, d.pick(-120, 120) / 10.0), limits::minScaleDivisor, limits::maxAbsValue);
        break;
    }
    const int kind = d.pick(0, 2);
    a.projections.mode = static_cast<ProjectionMode>(kind);
    const bool identity = a.projections.mode == ProjectionMode::Identity;
    const int widths[2] = { identity ? dModel : d.pick(1, 9), identity ? dModel : d.pick(1, 9) };
    const double magnitude = d.magnitude();
    for (int side = 0; side < 2; ++side) {
        const int length = d.chance(0.1) ? 1 : d.pick(1, 12);
        SequenceData seq = sequence(length, d.matrix(length, widths[side], magnitude));
        if (d.chance(0.45)) {
            // Now and then every token is padding, so every row of that key side is empty.
            const double share = d.chance(0.15) ? 1.0 : 0.35;
            for (int i = 0; i < length; ++i)
                seq.padding.push_back(d.chance(share));
        }
        (side == 0 ? s.source : s.target) = std::move(seq);
    }
    Projections &p = a.projections;
    if (p.mode == ProjectionMode::Random) {
        p.seed = d.bits();
    } else if (p.mode == ProjectionMode::Explicit) {
        const double w = d.magnitude();
        const int dq = s.querySequence().width(), dkv = s.keyValueSequence().width();
        p.wq = d.matrix(dq, dModel, w);
        p.wk = d.matrix(dkv, dModel, w);
        p.wv = d.matrix(dkv, dModel, d.chance(0.5) ? w : d.magnitude());
        p.wo = d.matrix(dModel, dModel, d.chance(0.5) ? w : d.magnitude());
        for (Eigen::RowVectorXd *b : { &p.bq, &p.bk, &p.bv, &p.bo }) {
            if (d.chance(0.6))
                *b = d.matrix(1, dModel, d.magnitude());
        }
    }
    return { s, describe(index, s) };
}

std::vector<PropertyCase> extremePropertyCases()
{
    enum class Masks { None, AllPadded, Causal, CausalFirstPadded, CausalMoreQueries };
    struct Spec
    {
        const char *name;
        double value, weight;
        ScaleMode scale;
        double divisor;
        int dModel, heads, lq, lk;
        Masks masks;
        ProjectionMode projections;
    };
    const double big = limits::maxAbsValue, tiny = 1e-300, minDiv = limits::minScaleDivisor;
    const Spec specs[] = {
        { "limit values, smallest divisor, explicit", big, big, ScaleMode::Custom, minDiv, 8, 2, 4,
            5, Masks::None, ProjectionMode::Explicit },
        { "limit values, no scale, explicit, causal", big, big, ScaleMode::None, 1, 6, 3, 5, 5,
            Masks::Causal, ProjectionMode::Explicit },
        { "limit values, smallest divisor, identity", big, 0, ScaleMode::Custom, minDiv, 4, 4, 3, 3,
            Masks::None, ProjectionMode::Identity },
        { "limit values, widest model", big, big, ScaleMode::Custom, minDiv, limits::maxModelDim, 2,
            2, 3, Masks::None, ProjectionMode::Explicit },
        { "limit values, every key padded", big, big, ScaleMode::Custom, minDiv, 4, 2, 3, 4,
            Masks::AllPadded, ProjectionMode::Explicit },
        { "limit values, causal + first key padded", big, big, ScaleMode::Custom, minDiv, 4, 2, 4,
            4, Masks::CausalFirstPadded, ProjectionMode::Explicit },
        { "tiny values, identity", tiny, 0, ScaleMode::SqrtDk, 1, 4, 2, 3, 4, Masks::None,
            ProjectionMode::Identity },
        { "tiny values, tiny weights", tiny, tiny, ScaleMode::Custom, minDiv, 4, 1, 3, 3,
            Masks::Causal, ProjectionMode::Explicit },
        { "tiny values, limit weights, largest divisor", tiny, big, ScaleMode::Custom, big, 4, 2, 3,
            3, Masks::None, ProjectionMode::Explicit },
        { "one token, one dimension", big, 0, ScaleMode::None, 1, 1, 1, 1, 1, Masks::None,
            ProjectionMode::Identity },
        { "one token, padded", 1, 0, ScaleMode::SqrtDk, 1, 1, 1, 1, 1, Masks::AllPadded,
            ProjectionMode::Identity },
        { "heads = d_model", big, 0, ScaleMode::Custom, minDiv, 8, 8, 4, 4, Masks::None,
            ProjectionMode::Identity },
        { "heads = d_model, random projections, limit values", big, 0, ScaleMode::None, 1, 16, 16,
            3, 6, Masks::CausalFirstPadded, ProjectionMode::Random },
        { "more queries than keys, causal", 1, 0, ScaleMode::SqrtDk, 1, 2, 1, 9, 2,
            Masks::CausalMoreQueries, ProjectionMode::Identity },
        { "ordinary values, every key padded", 1, 0, ScaleMode::SqrtDk, 1, 4, 2, 3, 3,
            Masks::AllPadded, ProjectionMode::Identity },
    };
    std::vector<PropertyCase> cases;
    int index = 0;
    for (const Spec &spec : specs) {
        Session s;
        s.title = QString::fromLatin1(spec.name);
        AttentionSettings &a = s.attention;
        a.queryFrom = SequenceRole::Target;
        a.keyValueFrom = SequenceRole::Source;
        a.config.dModel = spec.dModel;
        a.config.heads = spec.heads;
        a.config.scale.mode = spec.scale;
        a.config.scale.divisor = spec.divisor;
        a.config.causal = spec.masks == Masks::Causal || spec.masks == Masks::CausalFirstPadded
            || spec.masks == Masks::CausalMoreQueries;
        // Alternating signs of the given size: scores of both signs, as large as allowed.
        auto filled = [](int rows, int cols, double size, int salt) {
            Eigen::MatrixXd m(rows, cols);
            for (int i = 0; i < rows; ++i)
                for (int j = 0; j < cols; ++j)
                    m(i, j)
                        = ((i + j + salt) % 3 == 0 ? -size : size) * ((j + salt) % 2 ? 1.0 : 0.5);
            return m;
        };
        s.target = sequence(spec.lq, filled(spec.lq, spec.dModel, spec.value, 0));
        s.source = sequence(spec.lk, filled(spec.lk, spec.dModel, spec.value, 1));
        if (spec.masks == Masks::AllPadded)
            s.source.padding.assign(static_cast<size_t>(spec.lk), true);
        if (spec.masks == Masks::CausalFirstPadded) {
            s.source.padding.assign(static_cast<size_t>(spec.lk), false);
            s.source.padding[0] = true;
        }
        Projections &p = a.projections;
        p.mode = spec.projections;
        p.seed = 77;
        if (p.mode == ProjectionMode::Explicit) {
            p.wq = filled(spec.dModel, spec.dModel, spec.weight, 2);
            p.wk = filled(spec.dModel, spec.dModel, spec.weight, 3);
            p.wv = filled(spec.dModel, spec.dModel, spec.weight, 4);
            p.wo = filled(spec.dModel, spec.dModel, spec.weight, 5);
            p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Constant(spec.dModel, spec.weight);
        }
        cases.push_back({ s, QStringLiteral("extreme %1: %2").arg(index++).arg(s.title) });
    }
    return cases;
}

} // namespace ae
