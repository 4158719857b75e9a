// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/transformer/transformerattention.h"

#include "attention/softmax.h"
#include "blas/product.h"
#include "simd/vectorexp.h"

#include <algorithm>

namespace ae {

namespace {

/// One head's small product C = X Y (m x n = m x k times k x n) over column-major storage:
/// X's columns are contiguous (leading dimension ldx), Y's entry (p, j) is y[p ys + j yc]
/// (so a transposed Y costs nothing), C's leading dimension is ldc. Column j of C is the sum
/// over p of X's column p times Y(p, j), accumulated in p order, one multiplication and one
/// addition per term (never fused): every build and kernel gives the same bits. At a head's
/// sizes (a few rows by a few columns) this beats a general product, which would pack its
/// operands first.
struct SmallProduct
{
    Eigen::Index m, n, k;
    const double *x;
    Eigen::Index ldx;
    const double *y;
    Eigen::Index ys, yc;
    double *c;
    Eigen::Index ldc;
};

/// Column j of C for any height: the column itself accumulates.
inline __attribute__((always_inline)) void smallColumn(
    const SmallProduct &s, Eigen::Index j, double *__restrict cj)
{
    const double y0 = s.y[j * s.yc];
    for (Eigen::Index i = 0; i < s.m; ++i)
        cj[i] = s.x[i] * y0;
    for (Eigen::Index p = 1; p < s.k; ++p) {
        const double *__restrict xp = s.x + p * s.ldx;
        const double yp = s.y[p * s.ys + j * s.yc];
        for (Eigen::Index i = 0; i < s.m; ++i)
            cj[i] += xp[i] * yp;
    }
}

/// Column j of C for a height M known at compile time: the sums stay in registers.
template <int M>
inline __attribute__((always_inline)) void smallColumnFixed(
    const SmallProduct &s, Eigen::Index j, double *__restrict cj)
{
    double acc[M];
    const double y0 = s.y[j * s.yc];
    for (int i = 0; i < M; ++i)
        acc[i] = s.x[i] * y0;
    for (Eigen::Index p = 1; p < s.k; ++p) {
        const double *__restrict xp = s.x + p * s.ldx;
        const double yp = s.y[p * s.ys + j * s.yc];
        for (int i = 0; i < M; ++i)
            acc[i] += xp[i] * yp;
    }
    for (int i = 0; i < M; ++i)
        cj[i] = acc[i];
}

template <int M>
inline __attribute__((always_inline)) void runSmallProductFixed(const SmallProduct &s)
{
    for (Eigen::Index j = 0; j < s.n; ++j)
        smallColumnFixed<M>(s, j, s.c + j * s.ldc);
}

/// The heights a head usually has (the sequence lengths and head widths of the lab) get
/// their own loops.
inline __attribute__((always_inline)) void runSmallProduct(const SmallProduct &s)
{
    if (s.k == 0) {
        for (Eigen::Index j = 0; j < s.n; ++j)
            std::fill(s.c + j * s.ldc, s.c + j * s.ldc + s.m, 0.0);
        return;
    }
    switch (s.m) {
    case 4:
        runSmallProductFixed<4>(s);
        return;
    case 6:
        runSmallProductFixed<6>(s);
        return;
    case 8:
        runSmallProductFixed<8>(s);
        return;
    case 10:
        runSmallProductFixed<10>(s);
        return;
    case 12:
        runSmallProductFixed<12>(s);
        return;
    case 16:
        runSmallProductFixed<16>(s);
        return;
    default:
        for (Eigen::Index j = 0; j < s.n; ++j)
            smallColumn(s, j, s.c + j * s.ldc);
    }
}

/// The loops as compiled for the whole build (SSE2 on x86-64).
void portableSmallProduct(const SmallProduct &s)
{
    runSmallProduct(s);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// The same loops four doubles at a time (AVX2 without FMA: the same bits).
__attribute__((target("avx2"))) void avx2SmallProduct(const SmallProduct &s)
{
    runSmallProduct(s);
}
#endif

void smallProduct(const SmallProduct &s)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool avx2 = expKernelSupported(ExpKernel::Avx2);
    if (avx2) {
        avx2SmallProduct(s);
        return;
    }
#endif
    portableSmallProduct(s);
}

/// smallProduct() of a block of X (X(r0.., c0..)) by a block of Y, with C a block too.
template <typename XBlock, typename YBlock, typename CBlock>
void smallProduct(const XBlock &x, const YBlock &y, bool transposeY, CBlock &&c)
{
    const Eigen::Index ldy = y.outerStride();
    smallProduct(SmallProduct { c.rows(), c.cols(), x.cols(), x.data(), x.outerStride(), y.data(),
        transposeY ? ldy : 1, transposeY ? 1 : ldy, c.data(), c.outerStride() });
}

} // namespace

void TransformerAttention::forward(const AttentionParameters &p, const Eigen::MatrixXd &query,
    const Eigen::MatrixXd &keyValue, const AttentionShape &shape, Eigen::MatrixXd &out)
{
    m_shape = shape;
    m_self = &query == &keyValue;
    const Eigen::Index d = query.cols();
    const int b = shape.batch, lq = shape.queryLength, lk = shape.keyLength, h = shape.heads;
    m_dK = static_cast<int>(d / h);
    m_query = query;
    // The projections as one product each: [Q K V] = x W^T + b for self-attention, Q and
    // [K V] apart for cross-attention. Each product adds to its bias, written first.
    if (m_self) {
        m_keyValue.resize(0, 0);
        m_qkv = p.inProjBias.replicate(query.rows(), 1);
        gemmInto(query, false, p.inProjWeight, true, m_qkv, true);
    } else {
        m_keyValue = keyValue;
        m_qkv = p.inProjBias.head(d).replicate(query.rows(), 1);
        gemmInto(query, false, p.inProjWeight.topRows(d), true, m_qkv, true);
        m_kv = p.inProjBias.tail(2 * d).replicate(keyValue.rows(), 1);
        gemmInto(keyValue, false, p.inProjWeight.bottomRows(2 * d), true, m_kv, true);
    }
    const Eigen::MatrixXd &kv = m_self ? m_qkv : m_kv;
    const Eigen::Index kCol = m_self ? d : 0, vCol = kCol + d;

    const Eigen::Index rows = Eigen::Index(h) * b * lq;
    m_dots.resize(rows, lk);
    for (int head = 0; head < h; ++head)
        for (int e = 0; e < b; ++e)
            smallProduct(m_qkv.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK),
                kv.block(Eigen::Index(e) * lk, kCol + head * m_dK, lk, m_dK), true,
                m_dots.block((Eigen::Index(head) * b + e) * lq, 0, lq, lk));
    const bool padded = shape.keyPadding.size() > 0;
    if (shape.causal || padded) {
        m_visible.resize(rows, lk);
        for (int head = 0; head < h; ++head)
            for (int e = 0; e < b; ++e)
                for (int i = 0; i < lq; ++i)
                    for (int j = 0; j < lk; ++j)
                        m_visible((Eigen::Index(head) * b + e) * lq + i, j)
                            = !(shape.causal && j > i) && !(padded && shape.keyPadding(e, j));
    } else {
        m_visible.resize(0, 0);
    }
    m_weights.resize(rows, lk);
    m_entropy.resize(rows);
    softmaxRowsWithEntropy(m_dots, m_visible, m_weights, m_entropy, shape.divisor);

    m_concat.resize(Eigen::Index(b) * lq, d);
    for (int head = 0; head < h; ++head)
        for (int e = 0; e < b; ++e)
            smallProduct(weights(e, head),
                kv.block(Eigen::Index(e) * lk, vCol + head * m_dK, lk, m_dK), false,
                m_concat.block(Eigen::Index(e) * lq, head * m_dK, lq, m_dK));
    out = p.outProjBias.replicate(m_concat.rows(), 1);
    gemmInto(m_concat, false, p.outProjWeight, true, out, true);
}

void TransformerAttention::backwardHeads(
    const AttentionParameters &p, const Eigen::MatrixXd &dOut, AttentionParameters &grads)
{
    const int b = m_shape.batch, lq = m_shape.queryLength, lk = m_shape.keyLength;
    const Eigen::Index d = m_qkv.cols() / (m_self ? 3 : 1);
    grads.outProjWeight.resize(d, d);
    gemmInto(dOut, true, m_concat, false, grads.outProjWeight);
    grads.outProjBias = dOut.colwise().sum();
    m_dConcat.resize(dOut.rows(), d);
    gemmInto(dOut, false, p.outProjWeight, false, m_dConcat);

    // The gradients of Q, K and V laid out as Q, K and V themselves.
    m_dqkv.resize(m_qkv.rows(), m_qkv.cols());
    if (!m_self)
        m_dkv.resize(m_kv.rows(), m_kv.cols());
    const Eigen::MatrixXd &kv = m_self ? m_qkv : m_kv;
    Eigen::MatrixXd &dkv = m_self ? m_dqkv : m_dkv;
    const Eigen::Index kCol = m_self ? d : 0, vCol = kCol + d;

    // The scores are dot * (1 / divisor), so dL/ddot = dL/dS * (1 / divisor).
    const double factor = 1.0 / m_shape.divisor;
    m_dWeights.resize(lq, lk);
    m_rowDot.resize(lq);
    for (int head = 0; head < m_shape.heads; ++head) {
        const Eigen::Index c = Eigen::Index(head) * m_dK;
        for (int e = 0; e < b; ++e) {
            const Eigen::Index qRow = Eigen::Index(e) * lq, kRow = Eigen::Index(e) * lk;
            const auto a = weights(e, head);
            const auto dO = m_dConcat.block(qRow, c, lq, m_dK);
            const auto q = m_qkv.block(qRow, c, lq, m_dK);
            const auto k = kv.block(kRow, kCol + c, lk, m_dK);
            const auto v = kv.block(kRow, vCol + c, lk, m_dK);
            // dV = A^T dO and dK = dS^T Q from transposed copies (the products run down the
            // columns of their left factor).
            m_transposed.noalias() = a.transpose();
            smallProduct(m_transposed, dO, false, dkv.block(kRow, vCol + c, lk, m_dK));
            smallProduct(dO, v, true, m_dWeights);
            // Softmax: dS = A o (dA - rowsum(A o dA)); hidden entries have A = 0, so dS = 0.
            m_rowDot.setZero();
            for (Eigen::Index j = 0; j < lk; ++j)
                for (Eigen::Index i = 0; i < lq; ++i)
                    m_rowDot(i) += a(i, j) * m_dWeights(i, j);
            for (Eigen::Index j = 0; j < lk; ++j)
                for (Eigen::Index i = 0; i < lq; ++i)
                    m_dWeights(i, j) = a(i, j) * (m_dWeights(i, j) - m_rowDot(i)) * factor;
            smallProduct(m_dWeights, k, false, m_dqkv.block(qRow, c, lq, m_dK));
            m_transposed.noalias() = m_dWeights.transpose();
            smallProduct(m_transposed, q, false, dkv.block(kRow, kCol + c, lk, m_dK));
        }
    }
    grads.inProjWeight.resize(3 * d, d);
    grads.inProjBias.resize(3 * d);
    if (m_self) {
        gemmInto(m_dqkv, true, m_query, false, grads.inProjWeight);
        grads.inProjBias = m_dqkv.colwise().sum();
    } else {
        gemmInto(m_dqkv, true, m_query, false, grads.inProjWeight.topRows(d));
        gemmInto(m_dkv, true, m_keyValue, false, grads.inProjWeight.bottomRows(2 * d));
        grads.inProjBias.head(d) = m_dqkv.colwise().sum();
        grads.inProjBias.tail(2 * d) = m_dkv.colwise().sum();
    }
}

void TransformerAttention::backward(const AttentionParameters &p, const Eigen::MatrixXd &dOut,
    AttentionParameters &grads, Eigen::MatrixXd &dQuery, Eigen::MatrixXd &dKeyValue)
{
    backwardHeads(p, dOut, grads);
    const Eigen::Index d = p.outProjWeight.rows();
    const Eigen::MatrixXd &dkv = m_self ? m_dqkv : m_dkv;
    const Eigen::Index kCol = m_self ? d : 0;
    dQuery.resize(m_dqkv.rows(), d);
    gemmInto(m_dqkv.leftCols(d), false, p.inProjWeight.topRows(d), false, dQuery);
    dKeyValue.resize(dkv.rows(), d);
    gemmInto(
        dkv.middleCols(kCol, 2 * d), false, p.inProjWeight.bottomRows(2 * d), false, dKeyValue);
}

void TransformerAttention::backwardSelf(const AttentionParameters &p, const Eigen::MatrixXd &dOut,
    AttentionParameters &grads, Eigen::MatrixXd &dInput)
{
    backwardHeads(p, dOut, grads);
    // dL/dx = dQ W_q + dK W_k + dV W_v, one product over [dQ dK dV].
    dInput.resize(m_dqkv.rows(), p.inProjWeight.cols());
    gemmInto(m_dqkv, false, p.inProjWeight, false, dInput);
}

Eigen::Block<const Eigen::MatrixXd> TransformerAttention::weights(int example, int head) const
{
    const Eigen::Index lq = m_shape.queryLength;
    return m_weights.block(
        (Eigen::Index(head) * m_shape.batch + example) * lq, 0, lq, m_shape.keyLength);
}

} // namespace ae
