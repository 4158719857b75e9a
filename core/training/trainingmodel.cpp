// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/trainingmodel.h"

#include "embeddings.h"
#include "softmax.h"

#include <cmath>
#include <limits>

namespace ae {

namespace {

/// Rows of @p logits (R x C) to probabilities (written to @p probabilities) and the
/// cross-entropy of each row against its target (written to @p loss) computed as
/// log-sum-exp minus the target's logit, so a confident wrong answer gives a large finite
/// loss instead of -log 0. Column by column, since the matrices are column-major.
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

} // namespace

TrainingModel::TrainingModel(const TrainingModelSpec &spec)
    : m_spec(spec)
{
    m_dK = headWidth(spec.dModel, spec.heads);
    m_scale = scaleDivisor(spec.scale, m_dK);
}

void TrainingModel::runForward(const TrainingParameters &p, const TrainingBatch &batch)
{
    const int b = batch.size();
    const int ls = batch.sourceLength();
    const int lt = batch.targetLength();
    const int d = m_spec.dModel;
    const int h = m_spec.heads;
    if (ls != m_ls || m_sourcePositions.cols() != d)
        m_sourcePositions = sinusoidalPositions(ls, d);
    if (lt != m_lt || m_targetPositions.cols() != d)
        m_targetPositions = sinusoidalPositions(lt, d);
    m_batch = b;
    m_ls = ls;
    m_lt = lt;

    // Embeddings plus positions, the examples stacked.
    m_x.resize(b * ls, d);
    m_y.resize(b * lt, d);
    m_targetIn.resize(b, lt);
    for (int e = 0; e < b; ++e) {
        for (int i = 0; i < ls; ++i)
            m_x.row(e * ls + i) = p.sourceEmbedding.row(batch.source(e, i)) + m_sourcePositions.row(i);
        for (int i = 0; i < lt; ++i) {
            m_targetIn(e, i) = i == 0 ? 0 : batch.target(e, i - 1);
            m_y.row(e * lt + i) = p.targetEmbedding.row(m_targetIn(e, i)) + m_targetPositions.row(i);
        }
    }
    // The projections: one product each over the whole batch.
    m_q.noalias() = m_y * p.wq;
    m_q.rowwise() += p.bq;
    m_k.noalias() = m_x * p.wk;
    m_k.rowwise() += p.bk;
    m_v.noalias() = m_x * p.wv;
    m_v.rowwise() += p.bv;

    // Scores of every head and example, then one softmax sweep over all of them.
    m_scores.resize(static_cast<Eigen::Index>(h) * b * lt, ls);
    for (int head = 0; head < h; ++head) {
        for (int e = 0; e < b; ++e) {
            auto s = m_scores.block((head * b + e) * lt, 0, lt, ls);
            s.noalias() = m_q.block(e * lt, head * m_dK, lt, m_dK)
                * m_k.block(e * ls, head * m_dK, ls, m_dK).transpose();
            s /= m_scale;
        }
    }
    m_weights.resize(m_scores.rows(), ls);
    m_rowEntropy.resize(m_scores.rows());
    softmaxRowsWithEntropy(m_scores, BoolMatrix(), m_weights, m_rowEntropy);

    m_concat.resize(b * lt, d);
    for (int head = 0; head < h; ++head) {
        for (int e = 0; e < b; ++e) {
            m_concat.block(e * lt, head * m_dK, lt, m_dK).noalias()
                = weights(e, head) * m_v.block(e * ls, head * m_dK, ls, m_dK);
        }
    }
    m_output.noalias() = m_concat * p.wo;
    m_output.rowwise() += p.bo;
    m_logits.noalias() = m_output * p.wOut;
    m_logits.rowwise() += p.bOut;
    softmaxCrossEntropy(m_logits, batch.target, m_probabilities, m_rowLoss);
}

Eigen::Block<const Eigen::MatrixXd> TrainingModel::weights(int example, int head) const
{
    return m_weights.block((head * m_batch + example) * m_lt, 0, m_lt, m_ls);
}

StepMetrics TrainingModel::measure(const TrainingBatch &batch) const
{
    StepMetrics m;
    const Eigen::Index n = m_logits.rows();
    m.loss = m_rowLoss.mean();
    int correct = 0;
    for (Eigen::Index r = 0; r < n; ++r) {
        Eigen::Index best = 0;
        m_logits.row(r).maxCoeff(&best);
        correct += best == batch.target.data()[r] ? 1 : 0;
    }
    m.accuracy = double(correct) / double(n);
    m.maxWeight = m_weights.rowwise().maxCoeff().mean();
    m.entropy = m_rowEntropy.mean();
    // Alignment: the head-mean weights' largest entry per query.
    int aligned = 0, counted = 0;
    Eigen::RowVectorXd mean(m_ls);
    for (int e = 0; e < m_batch; ++e) {
        for (int i = 0; i < m_lt; ++i) {
            if (batch.alignment.size() == 0 || batch.alignment(e, i) < 0)
                continue;
            mean.setZero();
            for (int head = 0; head < m_spec.heads; ++head)
                mean += m_weights.row((head * m_batch + e) * m_lt + i);
            Eigen::Index best = 0;
            mean.maxCoeff(&best);
            ++counted;
            aligned += best == batch.alignment(e, i) ? 1 : 0;
        }
    }
    m.alignmentAccuracy = counted > 0 ? double(aligned) / counted : 0.0;
    return m;
}

StepMetrics TrainingModel::forward(const TrainingParameters &params, const TrainingBatch &batch)
{
    runForward(params, batch);
    return measure(batch);
}

StepMetrics TrainingModel::forwardBackward(
    const TrainingParameters &p, const TrainingBatch &batch, TrainingParameters &g)
{
    runForward(p, batch);
    StepMetrics metrics = measure(batch);
    const int b = m_batch;
    const int ls = m_ls;
    const int lt = m_lt;
    const int d = m_spec.dModel;
    const Eigen::Index n = m_logits.rows();

    // d loss / d logits of the mean cross-entropy: (softmax - onehot) / N.
    m_dLogits = m_probabilities;
    for (Eigen::Index r = 0; r < n; ++r)
        m_dLogits(r, batch.target.data()[r]) -= 1.0;
    m_dLogits /= double(n);

    g.wOut.noalias() = m_output.transpose() * m_dLogits;
    g.bOut = m_dLogits.colwise().sum();
    m_dOutput.noalias() = m_dLogits * p.wOut.transpose();
    g.wo.noalias() = m_concat.transpose() * m_dOutput;
    g.bo = m_dOutput.colwise().sum();
    m_dConcat.noalias() = m_dOutput * p.wo.transpose();

    // Through each head's softmax: dS = A o (dA - rowsum(A o dA)), then the 1/s.
    m_dQ.resize(b * lt, d);
    m_dKey.resize(b * ls, d);
    m_dV.resize(b * ls, d);
    m_dWeights.resize(lt, ls);
    for (int head = 0; head < m_spec.heads; ++head) {
        const int c = head * m_dK;
        for (int e = 0; e < b; ++e) {
            const auto a = weights(e, head);
            const auto dO = m_dConcat.block(e * lt, c, lt, m_dK);
            m_dWeights.noalias() = dO * m_v.block(e * ls, c, ls, m_dK).transpose();
            m_dV.block(e * ls, c, ls, m_dK).noalias() = a.transpose() * dO;
            // A row of zeros (a fully masked row) gets a zero gradient here, never NaN.
            m_rowDot = (a.array() * m_dWeights.array()).rowwise().sum();
            m_dWeights = (a.array() * (m_dWeights.colwise() - m_rowDot).array()) / m_scale;
            m_dQ.block(e * lt, c, lt, m_dK).noalias()
                = m_dWeights * m_k.block(e * ls, c, ls, m_dK);
            m_dKey.block(e * ls, c, ls, m_dK).noalias()
                = m_dWeights.transpose() * m_q.block(e * lt, c, lt, m_dK);
        }
    }

    g.wq.noalias() = m_y.transpose() * m_dQ;
    g.bq = m_dQ.colwise().sum();
    g.wk.noalias() = m_x.transpose() * m_dKey;
    g.bk = m_dKey.colwise().sum();
    g.wv.noalias() = m_x.transpose() * m_dV;
    g.bv = m_dV.colwise().sum();
    m_dY.noalias() = m_dQ * p.wq.transpose();
    m_dX.noalias() = m_dKey * p.wk.transpose();
    m_dX.noalias() += m_dV * p.wv.transpose();

    // The embeddings' gradients gather the rows of the tokens that used them.
    g.sourceEmbedding.setZero(p.sourceEmbedding.rows(), d);
    g.targetEmbedding.setZero(p.targetEmbedding.rows(), d);
    for (int e = 0; e < b; ++e) {
        for (int i = 0; i < ls; ++i)
            g.sourceEmbedding.row(batch.source(e, i)) += m_dX.row(e * ls + i);
        for (int i = 0; i < lt; ++i)
            g.targetEmbedding.row(m_targetIn(e, i)) += m_dY.row(e * lt + i);
    }
    metrics.gradNormQ = g.wq.norm();
    metrics.gradNormK = g.wk.norm();
    return metrics;
}

} // namespace ae
