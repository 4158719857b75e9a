// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportdocument.h
/// Helpers of the document suites: the article's example vectors and token lists.

#include <Eigen/Core>
#include <QStringList>

namespace ae::test {

/// The example's source vectors, as printed in the article.
Eigen::MatrixXd exampleSource();

/// The example's target vectors: the source's first two rows.
Eigen::MatrixXd exampleTarget();

/// Tokens separated by single spaces.
QStringList words(const char *text);

} // namespace ae::test
