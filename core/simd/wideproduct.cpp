// SPDX-License-Identifier: GPL-3.0-or-later
#include "simd/wideproduct.h"

#include "blas/product.h"
#include "simd/exp8.h"
#include "simd/widekernels.h"

#include <algorithm>
#include <cassert>

namespace ae {

namespace {

#ifdef AE_SIMD_AVX512

// GCC 12's AVX-512 headers start some intrinsics from _mm512_undefined_pd(), which
// -Wmaybe-uninitialized takes for a read of an uninitialised value (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// A matrix in column-major storage.
struct Operand
{
    const double *data;
    Eigen::Index stride;
};

/// Vectors of eight rows per tile (measured against 2 x 8, 4 x 6 and 4 x 7 tiles, and passes of
/// 64 inner indices, on Zen 5: the projections 20 % faster than 2 x 8, the heads' products
/// alike).
constexpr int tileVectors = 3;
/// Rows per tile.
constexpr Eigen::Index tileRows = 8 * tileVectors;
/// Columns per tile: tileVectors x tileCols accumulators, with the row vectors and one
/// broadcast, take 28 of the 32 registers.
constexpr int tileCols = 8;
/// Inner indices per pass of rowsOuter(): a tile's rows of a (24 x 128 doubles, 24 KB) stay in
/// the first-level cache for all the columns.
constexpr Eigen::Index innerChunk = 128;

/// Lanes of the rows [i0, i0 + tileRows) below @p rows, a mask per vector.
__attribute__((target("avx512f"))) inline void rowMasks(
    Eigen::Index i0, Eigen::Index rows, __mmask8 *masks)
{
    for (int v = 0; v < tileVectors; ++v) {
        const Eigen::Index left = rows - i0 - 8 * v;
        masks[v] = left >= 8 ? __mmask8(0xff)
            : left <= 0      ? __mmask8(0)
                             : __mmask8((1u << left) - 1u);
    }
}

/// The tile of rows [i0, i0 + tileRows) and columns [j0, j0 + Cols) of c over the inner
/// indices [k0, k1): c = (k0 == 0 ? 0 : c) + sum_k a(i, k) b(k, j) in order, where b(k, j) is
/// at b.data + k * kStep + j * jStep.
template <int Cols>
__attribute__((target("avx512f"))) inline void tile(Operand a, const double *b, Eigen::Index kStep,
    Eigen::Index jStep, Eigen::Index k0, Eigen::Index k1, double *c, Eigen::Index cStride,
    const __mmask8 *masks)
{
    __m512d sum[Cols][tileVectors];
#pragma GCC unroll 8
    for (int j = 0; j < Cols; ++j) {
#pragma GCC unroll 4
        for (int v = 0; v < tileVectors; ++v)
            sum[j][v] = k0 == 0 ? _mm512_setzero_pd()
                                : _mm512_maskz_loadu_pd(masks[v], c + j * cStride + 8 * v);
    }
    for (Eigen::Index k = k0; k < k1; ++k) {
        const double *column = a.data + k * a.stride;
        __m512d x[tileVectors];
#pragma GCC unroll 4
        for (int v = 0; v < tileVectors; ++v)
            x[v] = _mm512_maskz_loadu_pd(masks[v], column + 8 * v);
        const double *row = b + k * kStep;
#pragma GCC unroll 8
        for (int j = 0; j < Cols; ++j) {
            const __m512d y = _mm512_set1_pd(row[j * jStep]);
#pragma GCC unroll 4
            for (int v = 0; v < tileVectors; ++v)
                sum[j][v] = _mm512_fmadd_pd(x[v], y, sum[j][v]);
        }
    }
#pragma GCC unroll 8
    for (int j = 0; j < Cols; ++j) {
#pragma GCC unroll 4
        for (int v = 0; v < tileVectors; ++v)
            _mm512_mask_storeu_pd(c + j * cStride + 8 * v, masks[v], sum[j][v]);
    }
}

/// c (n x m) = a (n x depth) times b, b(k, j) at b + k * kStep + j * jStep, the inner
/// indices in passes of @p chunk, tile by tile down each band of columns: for a short inner
/// dimension (the scores), where a band of b stays in the first-level cache for all the rows.
__attribute__((target("avx512f"))) void columnsOuter(Operand a, const double *b, Eigen::Index kStep,
    Eigen::Index jStep, Eigen::Index n, Eigen::Index m, Eigen::Index depth, double *c,
    Eigen::Index cStride)
{
    for (Eigen::Index j0 = 0; j0 < m; j0 += tileCols) {
        const bool whole = j0 + tileCols <= m;
        for (Eigen::Index i0 = 0; i0 < n; i0 += tileRows) {
            __mmask8 masks[tileVectors];
            rowMasks(i0, n, masks);
            const Operand rows { a.data + i0, a.stride };
            if (whole) {
                tile<tileCols>(rows, b + j0 * jStep, kStep, jStep, 0, depth, c + j0 * cStride + i0,
                    cStride, masks);
            } else {
                for (Eigen::Index j = j0; j < m; ++j)
                    tile<1>(rows, b + j * jStep, kStep, jStep, 0, depth, c + j * cStride + i0,
                        cStride, masks);
            }
        }
    }
}

/// The same product band of rows by band of rows, the inner indices in passes of
/// innerChunk: for a long inner dimension (the weights times the values), where a band's
/// rows of a stay in the first-level cache for all the columns.
__attribute__((target("avx512f"))) void rowsOuter(Operand a, const double *b, Eigen::Index kStep,
    Eigen::Index jStep, Eigen::Index n, Eigen::Index m, Eigen::Index depth, double *c,
    Eigen::Index cStride)
{
    for (Eigen::Index i0 = 0; i0 < n; i0 += tileRows) {
        __mmask8 masks[tileVectors];
        rowMasks(i0, n, masks);
        const Operand rows { a.data + i0, a.stride };
        for (Eigen::Index k0 = 0; k0 < depth; k0 += innerChunk) {
            const Eigen::Index k1 = std::min(depth, k0 + innerChunk);
            Eigen::Index j0 = 0;
            for (; j0 + tileCols <= m; j0 += tileCols)
                tile<tileCols>(rows, b + j0 * jStep, kStep, jStep, k0, k1, c + j0 * cStride + i0,
                    cStride, masks);
            for (; j0 < m; ++j0)
                tile<1>(rows, b + j0 * jStep, kStep, jStep, k0, k1, c + j0 * cStride + i0, cStride,
                    masks);
        }
    }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif

} // namespace

void wideProductInto(const Eigen::Ref<const Eigen::MatrixXd> &a,
    const Eigen::Ref<const Eigen::MatrixXd> &b, bool transposeB, Eigen::Ref<Eigen::MatrixXd> c)
{
    assert(a.cols() == (transposeB ? b.cols() : b.rows()));
    assert(c.rows() == a.rows() && c.cols() == (transposeB ? b.rows() : b.cols()));
#ifdef AE_SIMD_AVX512
    if (wideKernelsActive()) {
        if (a.cols() == 0) {
            c.setZero();
            return;
        }
        const Operand left { a.data(), a.outerStride() };
        // b^T(k, j) = b(j, k) lies at b.data() + k * stride + j, b(k, j) at b.data() + j * stride +
        // k.
        if (transposeB)
            columnsOuter(left, b.data(), b.outerStride(), 1, c.rows(), c.cols(), a.cols(), c.data(),
                c.outerStride());
        else
            rowsOuter(left, b.data(), 1, b.outerStride(), c.rows(), c.cols(), a.cols(), c.data(),
                c.outerStride());
        return;
    }
#endif
    multiplyInto(a, b, transposeB, c);
}

} // namespace ae
