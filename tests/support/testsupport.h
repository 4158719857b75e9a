// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupport.h
/// Helpers shared by the core test suites: reference files, JSON comparison and editing.

#include "session/session.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <vector>

namespace ae::test {

/// The folder of the shared reference cases (AE_SHARED_DIR/reference/cases).
QString referenceCasesDir();

/// The names of the reference cases (NAME of every NAME.session.json), sorted.
QStringList referenceCaseNames();

/// The whole content of @p path; an empty array when it cannot be read.
QByteArray readFileBytes(const QString &path);

/// The JSON object stored in @p path; an empty object when it cannot be read or parsed.
QJsonObject readJsonObject(const QString &path);

/// The example session of the README's session file section, verbatim
/// (tests/data/spec-example.session.json).
QByteArray specExampleJson();

/// The spec's example as an object, the base of many edited variants.
QJsonObject specExampleObject();

/// Compares @p actual with @p expected recursively: numbers within @p tolerance (absolute),
/// null only where null is expected, the same keys, array lengths, strings and booleans.
/// @return an empty string when they agree, else "path: what differs" for the first difference.
QString compareJson(const QJsonValue &actual, const QJsonValue &expected, double tolerance,
    const QString &path = QString());

/// How compareJsonWith() tells two numbers and two objects apart.
struct JsonComparison
{
    double tolerance = 0.0; ///< largest difference allowed between two numbers
    /// The tolerance grows with the expected number: |a - e| <= tolerance * max(1, |e|).
    bool relative = false;
    /// @p actual's objects may hold keys the expected ones do not.
    bool extraKeys = false;
};

/// compareJson() with the rules of @p how: the one recursive comparison of every suite.
QString compareJsonWith(const QJsonValue &actual, const QJsonValue &expected,
    const JsonComparison &how, const QString &path = QString());

/// Largest absolute difference between two matrices of the same shape (infinity if the shapes
/// differ).
double maxAbsDifference(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b);

/// True when every entry is finite.
bool allFinite(const Eigen::MatrixXd &m);

/// @p count seeded values in [@p lo, @p hi) from a linear congruential generator of the tests'
/// own, so that test data never depends on the core's generator.
std::vector<double> seededValues(size_t count, double lo, double hi, unsigned seed);

/// A @p rows x @p cols matrix of seededValues() in [-@p spread, @p spread), column by column.
Eigen::MatrixXd seededMatrix(Eigen::Index rows, Eigen::Index cols, double spread, unsigned seed);

/// True when @p a and @p b are the same double to the last bit (unlike ==, it tells 0 from
/// -0, and a NaN equals a NaN of the same bits).
bool sameBits(double a, double b);
/// True when @p a and @p b have one shape and every entry has the same bits (sameBits()).
bool sameBits(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b);

/// A copy of @p root with the value at @p path replaced (or added) by @p value. The path uses
/// the session-error syntax: keys joined by '.', array indices in brackets, e.g.
/// "source.embeddings[2][0]". Missing objects on the way are created.
QJsonObject withValue(const QJsonObject &root, const QString &path, const QJsonValue &value);

/// A copy of @p root without the value at @p path (an array element is removed, shifting the
/// rest; an object key is dropped).
QJsonObject withoutValue(const QJsonObject &root, const QString &path);

/// The value at @p path, or undefined.
QJsonValue valueAt(const QJsonObject &root, const QString &path);

/// Compares every field of two sessions that the program models (not Session::original).
/// @return an empty string when they agree, else the first field that differs.
QString compareSessions(const Session &actual, const Session &expected);

/// Compact UTF-8 text of an object.
QByteArray toBytes(const QJsonObject &root);

} // namespace ae::test
