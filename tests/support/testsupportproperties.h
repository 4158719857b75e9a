// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportproperties.h
/// Seeded random sessions for the property suites, the comparison rule they share, and the
/// number of configurations to run (AE_PROPERTY_CASES).

#include "session/session.h"

#include <QString>
#include <vector>

namespace ae {

/// One session to check, with a readable description for the test row name.
struct PropertyCase
{
    Session session;
    QString description;
};

/// Tracks the worst error of many comparisons against long double references and keeps the
/// first failure.
///
/// The rule: a double @c got matches a long double @c want when
///   |got - want| <= 1e-12 * magnitude + 1e-12 * DBL_MIN,
/// where magnitude is the size of the numbers the value is made of (for a sum, the sum of the
/// absolute values of its terms; for a softmax weight, 1, the size of its row). Relative to the
/// terms rather than to the result because rounding in double is relative to the terms: a dot
/// product that cancels to near 0 is still right to 1e-16 of its terms, no closer. The DBL_MIN
/// part only admits underflow: a product of two 1e-300 numbers is 0 in double.
class PropertyComparer
{
public:
    /// The relative tolerance of every property suite; not to be loosened.
    static constexpr double tolerance = 1e-12;

    /// Compares one value; @p what and the indices name it in the failure message.
    void check(const QString &what, long long i, long long j, double got, long double want,
        long double magnitude);
    /// Requires @p got to be exactly @p want (masked weights, fully masked rows, copies).
    void exact(const QString &what, long long i, long long j, double got, double want);
    /// Records a failure of anything else (a shape, a flag).
    void fail(const QString &message);

    /// The first failure, or empty.
    const QString &failure() const { return m_failure; }
    /// The largest |got - want| / max(magnitude, DBL_MIN) seen.
    double worst() const { return m_worst; }

private:
    QString m_failure;
    double m_worst = 0.0;
};

/// Number of random configurations: AE_PROPERTY_CASES when set to a positive number, else
/// @p defaultCount.
int propertyCaseCount(int defaultCount);

/// Random session number @p index (same index, same session): 1..12 tokens per side,
/// d_model 1..16 with any head count dividing it (heads = d_model included), the
/// four wirings of queries and keys to source and target, padding (sometimes on every key),
/// causal, scale sqrt/none/custom (1e-12 .. 1e12), identity/random/explicit projections with
/// and without biases, and values of one magnitude drawn from 1e-300 .. 1e12. Every session
/// is within the limits of sessionlimits.h.
PropertyCase randomPropertyCase(int index);

/// Hand-picked sessions at the edges of the limits: the largest and tiniest values, scores
/// made huge by no scale or the smallest divisor, every mask pattern (all keys padded, causal,
/// causal with padding leaving rows empty, more queries than keys), one token, one dimension,
/// heads = d_model.
std::vector<PropertyCase> extremePropertyCases();

} // namespace ae
