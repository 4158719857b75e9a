// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportdocument.h"

namespace ae::test {

Eigen::MatrixXd exampleSource()
{
    Eigen::MatrixXd x(4, 4);
    x << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3, 0.5, 0.2;
    return x;
}

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

Eigen::MatrixXd exampleTarget()
{
    return exampleSource().topRows(2);
}

} // namespace ae::test
