// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/softmaxcrossentropy.h"

namespace ae {

void softmaxCrossEntropy(const Eigen::MatrixXd &logits, const IdMatrix &target,
    Eigen::MatrixXd &probabilities, Eigen::ArrayXd &loss)
{
    const Eigen::Index rows = logits.rows();
    const Eigen::Index cols = logits.cols();
    Eigen::ArrayXd rowMax = logits.col(0).array();
    for (Eigen::Index j = 1; j < cols; ++j)
        rowMax = rowMax.max(logits.col(j).array());
    probabilities.resize(rows, cols);
    Eigen::ArrayXd sum = Eigen::ArrayXd::Zero(rows);
    for (Eigen::Index j = 0; j < cols; ++j) {
        probabilities.col(j).array() = (logits.col(j).array() - rowMax).exp();
        sum += probabilities.col(j).array();
    }
    const Eigen::ArrayXd inverse = sum.inverse();
    for (Eigen::Index j = 0; j < cols; ++j)
        probabilities.col(j).array() *= inverse;
    const Eigen::ArrayXd logSum = rowMax + sum.log();
    loss.resize(rows);
    // target is B x Lt row-major: its storage lists the stacked rows in order.
    for (Eigen::Index r = 0; r < rows; ++r)
        loss(r) = logSum(r) - logits(r, target.data()[r]);
}

void rowArgmax(const Eigen::MatrixXd &logits, Eigen::ArrayXi &best)
{
    const Eigen::Index rows = logits.rows();
    best.setZero(rows);
    if (logits.cols() == 0)
        return;
    Eigen::ArrayXd top = logits.col(0).array();
    for (Eigen::Index j = 1; j < logits.cols(); ++j) {
        const double *column = logits.col(j).data();
        for (Eigen::Index r = 0; r < rows; ++r) {
            // Strictly larger: the first of equal entries stays, as in maxCoeff().
            if (column[r] > top(r)) {
                top(r) = column[r];
                best(r) = static_cast<int>(j);
            }
        }
    }
}

} // namespace ae
