// Real-world corpus batch 2, module "tc_gemm": tensor-core GEMMs as users write them.
// Covers the nvcuda::wmma API (CUDA-samples-style half GEMM with alpha/beta and
// accumulate-into-C, m32n8k16 with a half accumulator and a column-major A, m8n32k16
// with element-wise fragment ops, bf16, tf32 m16n16k8 with and without
// __float_to_tf32, s8/u8 with int32 accumulators, double m8n8k4) and hand-written
// CUTLASS-style inline PTX: ldmatrix.sync.aligned.m8n8.x1/.x2/.x4 (.trans) from a padded
// shared tile feeding mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 in a k loop,
// mma.sync m16n8k8 (f16 accumulate, bf16 with f32), m16n8k16 with f16 accumulators,
// m16n8k32 s8/u8 (plain and .satfinite) and stmatrix (sm_90, plain and .trans).
// Inputs are small integers (exact results) in some tests and random floats in others
// (the tensor cores' own rounding is visible).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. Half / bf16 matrices are packed two elements per
// word (element 2i in the low half of word i).
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx tc_gemm.cu -o tc_gemm.ptx
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;
typedef unsigned int u32;

// ---------------------------------------------------------------- nvcuda::wmma

// The CUDA samples' simple WMMA GEMM: D = alpha * A * B + beta * C, M = N = 32, K = 48,
// 16x16x16 half tiles, float accumulators; block 128 = 4 warps, warp w computes output
// tile (w / 2, w % 2) looping over the 3 k-steps. Small-integer inputs (exact result).
// in[0] alpha (float bits), in[1] beta, in[2..8) padding (keeps the matrices 32-byte
// aligned); A row-major 32x48 half at words [8, 776); B column-major 48x32 half at
// [776, 1544); C row-major 32x32 float at [1544, 2568).
// out[0..1024) = D row-major float.
extern "C" __global__ void wmma_f16_gemm_alpha_beta(const u32* in, u32* out) {
  const int M = 32, N = 32, K = 48;
  float alpha = __uint_as_float(in[0]), beta = __uint_as_float(in[1]);
  const half* A = reinterpret_cast<const half*>(in + 8);
  const half* B = reinterpret_cast<const half*>(in + 776);
  const float* C = reinterpret_cast<const float*>(in + 1544);
  float* D = reinterpret_cast<float*>(out);
  int warp = threadIdx.x / 32;
  int tileM = (warp / 2) * 16, tileN = (warp % 2) * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a_frag;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b_frag;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc_frag, c_frag;
  wmma::fill_fragment(acc_frag, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a_frag, A + tileM * K + k, K);
    wmma::load_matrix_sync(b_frag, B + tileN * K + k, K);
    wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
  }
  wmma::load_matrix_sync(c_frag, C + tileM * N + tileN, N, wmma::mem_row_major);
  for (int i = 0; i < c_frag.num_elements; i++) c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
  wmma::store_matrix_sync(D + tileM * N + tileN, c_frag, N, wmma::mem_row_major);
  (void)M;
}

// Random halves, both operands row-major, K = 64 in four 16-steps: one warp, one 16x16
// output tile, float accumulator kept across the k loop (the tensor core's intermediate
// rounding shows). in: A row-major 16x64 half [0, 512), B row-major 64x16 half
// [512, 1024). out[0..256) = D row-major float; out[256..384) = D converted to half
// (__float2half_rn per element of the fragment, stored through a half accumulator
// fragment, row-major, packed).
extern "C" __global__ void wmma_f16_random_row_row(const u32* in, u32* out) {
  const half* A = reinterpret_cast<const half*>(in);
  const half* B = reinterpret_cast<const half*>(in + 512);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc_h;
  wmma::fill_fragment(acc, 0.0f);
#pragma unroll 1
  for (int k = 0; k < 64; k += 16) {
    wmma::load_matrix_sync(a, A + k, 64);
    wmma::load_matrix_sync(b, B + k * 16, 16);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(reinterpret_cast<float*>(out), acc, 16, wmma::mem_row_major);
  for (int i = 0; i < acc.num_elements; i++) acc_h.x[i] = __float2half_rn(acc.x[i]);
  wmma::store_matrix_sync(reinterpret_cast<half*>(out + 256), acc_h, 16, wmma::mem_row_major);
}

// m32n8k16 with a HALF accumulator, everything column-major (wmma pointers must stay
// 32-byte aligned, so n-tiles step through column-major storage). One warp computes D
// (32x32) as four 32x8 tiles over K = 32; the accumulator starts from C.
// in: A column-major 32x32 half [0, 512), B column-major 32x32 half [512, 1024),
// C column-major 32x32 half [1024, 1536). out[0..512) = D column-major half (packed).
extern "C" __global__ void wmma_m32n8k16_half_acc(const u32* in, u32* out) {
  const half* A = reinterpret_cast<const half*>(in);
  const half* B = reinterpret_cast<const half*>(in + 512);
  const half* C = reinterpret_cast<const half*>(in + 1024);
  half* D = reinterpret_cast<half*>(out);
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 32, 8, 16, half> acc;
  for (int n = 0; n < 32; n += 8) {
    wmma::load_matrix_sync(acc, C + n * 32, 32, wmma::mem_col_major);
    for (int k = 0; k < 32; k += 16) {
      wmma::load_matrix_sync(a, A + k * 32, 32);  // column k starts at k * lda
      wmma::load_matrix_sync(b, B + n * 32 + k, 32);
      wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + n * 32, acc, 32, wmma::mem_col_major);
  }
}

// m8n32k16, float accumulator loaded from a column-major C, then element-wise fragment
// ops: acc.x[i] = relu(acc.x[i] * scale) + bias. Block 64: warp w computes columns
// [w*32, w*32+32) of an 8x64 result over K = 32. Random halves.
// in[0] scale (float bits), in[1] bias, in[2..8) padding; A row-major 8x32 half [8, 136),
// B row-major 32x64 half [136, 1160), C column-major 8x64 float [1160, 1672).
// out[0..512) = result column-major float (ld 8).
extern "C" __global__ void wmma_m8n32k16_elementwise(const u32* in, u32* out) {
  float scale = __uint_as_float(in[0]), bias = __uint_as_float(in[1]);
  const half* A = reinterpret_cast<const half*>(in + 8);
  const half* B = reinterpret_cast<const half*>(in + 136);
  const float* C = reinterpret_cast<const float*>(in + 1160);
  int n0 = (threadIdx.x / 32) * 32;
  wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 8, 32, 16, float> acc;
  wmma::load_matrix_sync(acc, C + n0 * 8, 8, wmma::mem_col_major);
  for (int k = 0; k < 32; k += 16) {
    wmma::load_matrix_sync(a, A + k, 32);
    wmma::load_matrix_sync(b, B + k * 64 + n0, 64);
    wmma::mma_sync(acc, a, b, acc);
  }
  for (int i = 0; i < acc.num_elements; i++) acc.x[i] = fmaxf(acc.x[i] * scale, 0.0f) + bias;
  wmma::store_matrix_sync(reinterpret_cast<float*>(out) + n0 * 8, acc, 8, wmma::mem_col_major);
}

// bf16 m16n16k16 with float accumulate. Block 64: warp w computes columns [w*16, w*16+16)
// of a 16x32 result over K = 32. Random bf16 values. A row-major 16x32 bf16 [0, 256),
// B column-major 32x32 bf16 [256, 768). out[0..512) = D row-major float (ld 32).
extern "C" __global__ void wmma_bf16_m16n16k16(const u32* in, u32* out) {
  const __nv_bfloat16* A = reinterpret_cast<const __nv_bfloat16*>(in);
  const __nv_bfloat16* B = reinterpret_cast<const __nv_bfloat16*>(in + 256);
  int n0 = (threadIdx.x / 32) * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < 32; k += 16) {
    wmma::load_matrix_sync(a, A + k, 32);
    wmma::load_matrix_sync(b, B + n0 * 32 + k, 32);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(reinterpret_cast<float*>(out) + n0, acc, 32, wmma::mem_row_major);
}

// tf32 m16n16k8: float matrices, K = 32 in four 8-steps, one warp. Product 1 rounds each
// fragment element with wmma::__float_to_tf32 (the documented usage), product 2 feeds the
// raw float bits (the tensor core ignores the low mantissa bits). Random floats.
// in: A row-major 16x32 float [0, 512), B row-major 32x16 float [512, 1024).
// out[0..256) = product 1 row-major, out[256..512) = product 2 row-major.
extern "C" __global__ void wmma_tf32_m16n16k8(const u32* in, u32* out) {
  const float* A = reinterpret_cast<const float*>(in);
  const float* B = reinterpret_cast<const float*>(in + 512);
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc1, acc2;
  wmma::fill_fragment(acc1, 0.0f);
  wmma::fill_fragment(acc2, 0.0f);
  for (int k = 0; k < 32; k += 8) {
    wmma::load_matrix_sync(a, A + k, 32);
    wmma::load_matrix_sync(b, B + k * 16, 16);
    wmma::mma_sync(acc2, a, b, acc2);
    for (int i = 0; i < a.num_elements; i++) a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; i++) b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(acc1, a, b, acc1);
  }
  wmma::store_matrix_sync(reinterpret_cast<float*>(out), acc1, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(reinterpret_cast<float*>(out) + 256, acc2, 16, wmma::mem_row_major);
}

// 8-bit integer WMMA with int32 accumulators, one warp (operand layouts chosen so every
// tile pointer stays 32-byte aligned). Part 1: s8 m16n16k16, K = 32, A column-major
// 16x32 s8 (bytes, words [0, 128)), B row-major 32x16 s8 (words [128, 256)), the
// accumulator starts at C (int, row-major 16x16, words [256, 512)).
// Part 2: u8 m32n8k16, K = 16, A row-major 32x16 u8 (words [512, 640)), B column-major
// 16x8 u8 (words [640, 672)). out[0..256) = part 1 row-major int,
// out[256..512) = part 2 row-major int (ld 8).
extern "C" __global__ void wmma_s8_u8_int32(const u32* in, u32* out) {
  const signed char* A = reinterpret_cast<const signed char*>(in);
  const signed char* B = reinterpret_cast<const signed char*>(in + 128);
  const int* C = reinterpret_cast<const int*>(in + 256);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::load_matrix_sync(acc, C, 16, wmma::mem_row_major);
  for (int k = 0; k < 32; k += 16) {
    wmma::load_matrix_sync(a, A + k * 16, 16);
    wmma::load_matrix_sync(b, B + k * 16, 16);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(reinterpret_cast<int*>(out), acc, 16, wmma::mem_row_major);
  const unsigned char* A2 = reinterpret_cast<const unsigned char*>(in + 512);
  const unsigned char* B2 = reinterpret_cast<const unsigned char*>(in + 640);
  wmma::fragment<wmma::matrix_a, 32, 8, 16, unsigned char, wmma::row_major> a2;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, unsigned char, wmma::col_major> b2;
  wmma::fragment<wmma::accumulator, 32, 8, 16, int> acc2;
  wmma::fill_fragment(acc2, 0);
  wmma::load_matrix_sync(a2, A2, 16);
  wmma::load_matrix_sync(b2, B2, 16);
  wmma::mma_sync(acc2, a2, b2, acc2);
  wmma::store_matrix_sync(reinterpret_cast<int*>(out) + 256, acc2, 8, wmma::mem_row_major);
}

// Double-precision WMMA m8n8k4 (DMMA), one warp, random doubles.
// Product 1: D = A * B + C with K = 16 (four 4-steps): A row-major 8x16 (words
// [0, 256)), B column-major 16x8 ([256, 512)), C row-major 8x8 ([512, 640)).
// Product 2: E = A2 * B2, K = 16, A2 column-major 8x16 ([640, 896)), B2 row-major 16x8
// ([896, 1152)). out[0..128) = D row-major double, out[128..256) = E column-major double.
extern "C" __global__ void wmma_f64_m8n8k4(const u32* in, u32* out) {
  const double* A = reinterpret_cast<const double*>(in);
  const double* B = reinterpret_cast<const double*>(in + 256);
  const double* C = reinterpret_cast<const double*>(in + 512);
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(acc, C, 8, wmma::mem_row_major);
  for (int k = 0; k < 16; k += 4) {
    wmma::load_matrix_sync(a, A + k, 16);
    wmma::load_matrix_sync(b, B + k, 16);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(reinterpret_cast<double*>(out), acc, 8, wmma::mem_row_major);
  const double* A2 = reinterpret_cast<const double*>(in + 640);
  const double* B2 = reinterpret_cast<const double*>(in + 896);
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::col_major> a2;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b2;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc2;
  wmma::fill_fragment(acc2, 0.0);
  for (int k = 0; k < 16; k += 4) {
    wmma::load_matrix_sync(a2, A2 + k * 8, 8);
    wmma::load_matrix_sync(b2, B2 + k * 8, 8);
    wmma::mma_sync(acc2, a2, b2, acc2);
  }
  wmma::store_matrix_sync(reinterpret_cast<double*>(out) + 64, acc2, 8, wmma::mem_col_major);
}

// ---------------------------------------------------------------- inline mma.sync

__device__ __forceinline__ u32 smem_u32(const void* p) { return (u32)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void ldmatrix_x4(u32 (&r)[4], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4_trans(u32 (&r)[4], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x2(u32 (&r)[2], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x2_trans(u32 (&r)[2], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}
__device__ __forceinline__ u32 ldmatrix_x1_trans(u32 addr) {
  u32 r;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(addr));
  return r;
}
__device__ __forceinline__ u32 ldmatrix_x1(u32 addr) {
  u32 r;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(addr));
  return r;
}
__device__ __forceinline__ void mma_16816_f32(float (&d)[4], const u32 (&a)[4], u32 b0, u32 b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// CUTLASS-style warp tile: C (32x32 float) = A (32x64 half, row-major) * B (64x32 half,
// row-major). Block 128 = 4 warps. The block stages A and B in padded shared tiles
// (rows of 72 / 40 halves, 16-byte aligned); warp w owns rows (w / 2) * 16 and columns
// (w % 2) * 16 (two n8 tiles). Per k-step of 16: ldmatrix.x4 for the A fragment (lane l
// points at row l % 16, column (l / 16) * 8), ldmatrix.x4.trans for both B fragments
// (lane l points at k-row l % 16, column n0 + (l / 16) * 8), two mma.sync m16n8k16.
// Random halves. in: A [0, 1024) words, B [1024, 2048). out[0..1024) = C row-major.
extern "C" __global__ void mma_ldmatrix_m16n8k16_tile(const u32* in, u32* out) {
  __shared__ __align__(16) half sA[32][72];
  __shared__ __align__(16) half sB[64][40];
  const half* A = reinterpret_cast<const half*>(in);
  const half* B = reinterpret_cast<const half*>(in + 1024);
  int t = threadIdx.x, warp = t / 32, lane = t % 32;
  // 128-bit cooperative copies into the padded tiles
  for (int i = t; i < 32 * 8; i += 128) {
    int r = i / 8, c = (i % 8) * 8;
    *reinterpret_cast<uint4*>(&sA[r][c]) = *reinterpret_cast<const uint4*>(A + r * 64 + c);
  }
  for (int i = t; i < 64 * 4; i += 128) {
    int r = i / 4, c = (i % 4) * 8;
    *reinterpret_cast<uint4*>(&sB[r][c]) = *reinterpret_cast<const uint4*>(B + r * 32 + c);
  }
  __syncthreads();
  int m0 = (warp / 2) * 16, n0 = (warp % 2) * 16;
  float acc[2][4] = {};
#pragma unroll
  for (int k = 0; k < 64; k += 16) {
    u32 a[4], b[4];
    ldmatrix_x4(a, smem_u32(&sA[m0 + lane % 16][k + (lane / 16) * 8]));
    ldmatrix_x4_trans(b, smem_u32(&sB[k + lane % 16][n0 + (lane / 16) * 8]));
    mma_16816_f32(acc[0], a, b[0], b[1]);
    mma_16816_f32(acc[1], a, b[2], b[3]);
  }
  float* C = reinterpret_cast<float*>(out);
  int g = lane / 4, tg = lane % 4;
  for (int j = 0; j < 2; ++j) {
    int col = n0 + j * 8 + tg * 2;
    C[(m0 + g) * 32 + col] = acc[j][0];
    C[(m0 + g) * 32 + col + 1] = acc[j][1];
    C[(m0 + g + 8) * 32 + col] = acc[j][2];
    C[(m0 + g + 8) * 32 + col + 1] = acc[j][3];
  }
}

// One warp, three small products with the register layouts of the PTX ISA.
// (a) m16n8k8 .f16.f16.f16.f16 (half accumulate): A 16x8 half row-major (words [0, 64))
//     via ldmatrix.x2, B 8x8 half row-major (words [64, 96)) via ldmatrix.x1.trans,
//     C 16x8 half row-major (words [96, 160)) loaded by the fragment layout.
// (b) m16n8k8 .f32.bf16.bf16.f32: A 16x8 bf16 row-major (words [160, 224)), B 8x8 bf16
//     column-major (words [224, 256)), both via ldmatrix (x2 / x1), C = 0.
// (c) m16n8k16 .f16.f16.f16.f16: A 16x16 half row-major (words [256, 384)) via
//     ldmatrix.x4, B 16x8 half column-major (words [384, 448)) via ldmatrix.x2, C = 0.
// out: (a) D 16x8 half row-major [0, 64); (b) D 16x8 float row-major [64, 192);
//      (c) D 16x8 half row-major [192, 256). Random values.
extern "C" __global__ void mma_m16n8k8_f16_bf16(const u32* in, u32* out) {
  __shared__ __align__(16) u32 s[448];
  int lane = threadIdx.x, g = lane / 4, tg = lane % 4;
  for (int i = lane; i < 448; i += 32) s[i] = in[i];
  __syncwarp();
  // (a) rows of A are 4 words (8 halves); rows of B are 4 words
  u32 a2[2];
  ldmatrix_x2(a2, smem_u32(&s[(lane % 16) * 4]));
  u32 b1 = ldmatrix_x1_trans(smem_u32(&s[64 + (lane % 8) * 4]));
  u32 c0 = in[96 + g * 4 + tg], c1 = in[96 + (g + 8) * 4 + tg];
  u32 d0, d1;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, %6};"
               : "=r"(d0), "=r"(d1)
               : "r"(a2[0]), "r"(a2[1]), "r"(b1), "r"(c0), "r"(c1));
  out[g * 4 + tg] = d0;
  out[(g + 8) * 4 + tg] = d1;
  // (b) bf16: B column-major means each column n is a contiguous row of 8 bf16 (4 words)
  u32 ab[2];
  ldmatrix_x2(ab, smem_u32(&s[160 + (lane % 16) * 4]));
  u32 bb = ldmatrix_x1(smem_u32(&s[224 + (lane % 8) * 4]));
  float f[4] = {0.f, 0.f, 0.f, 0.f};
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
      : "+f"(f[0]), "+f"(f[1]), "+f"(f[2]), "+f"(f[3])
      : "r"(ab[0]), "r"(ab[1]), "r"(bb));
  float* F = reinterpret_cast<float*>(out + 64);
  F[g * 8 + tg * 2] = f[0];
  F[g * 8 + tg * 2 + 1] = f[1];
  F[(g + 8) * 8 + tg * 2] = f[2];
  F[(g + 8) * 8 + tg * 2 + 1] = f[3];
  // (c) rows of A are 8 words; column n of B is a contiguous row of 16 halves (8 words)
  u32 a4[4], b2[2];
  ldmatrix_x4(a4, smem_u32(&s[256 + (lane % 16) * 8 + (lane / 16) * 4]));
  ldmatrix_x2(b2, smem_u32(&s[384 + (lane % 8) * 8 + ((lane / 8) % 2) * 4]));
  u32 e0, e1, z = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %8};"
               : "=r"(e0), "=r"(e1)
               : "r"(a4[0]), "r"(a4[1]), "r"(a4[2]), "r"(a4[3]), "r"(b2[0]), "r"(b2[1]), "r"(z));
  out[192 + g * 4 + tg] = e0;
  out[192 + (g + 8) * 4 + tg] = e1;
}

// One warp, 8-bit integer mma.sync m16n8k32 with fragments loaded from global by the PTX
// ISA layout (a0: row g, k 4tg..4tg+3; a1: row g+8; a2/a3: k + 16; b0: column g, k 4tg..;
// b1: k + 16). A 16x32 bytes row-major (words [0, 128)), B 32x8 bytes column-major
// (words [128, 192)), C 16x8 int row-major (words [192, 320)).
// out[0..128) = s8.s8 + C; out[128..256) = u8.s8 (A read as unsigned) + C;
// out[256..384) = s8.s8 .satfinite with C + 0x7fffff00 (saturates to INT_MAX where the
// product is large and positive) - all row-major int.
extern "C" __global__ void mma_m16n8k32_s8(const u32* in, u32* out) {
  int lane = threadIdx.x, g = lane / 4, tg = lane % 4;
  u32 a0 = in[g * 8 + tg], a1 = in[(g + 8) * 8 + tg], a2 = in[g * 8 + 4 + tg], a3 = in[(g + 8) * 8 + 4 + tg];
  u32 b0 = in[128 + g * 8 + tg], b1 = in[128 + g * 8 + 4 + tg];
  int c[4] = {(int)in[192 + g * 8 + tg * 2], (int)in[192 + g * 8 + tg * 2 + 1], (int)in[192 + (g + 8) * 8 + tg * 2],
              (int)in[192 + (g + 8) * 8 + tg * 2 + 1]};
  int d[4], e[4], s[4], cs[4];
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%10, %11, %12, %13};"
      : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%10, %11, %12, %13};"
      : "=r"(e[0]), "=r"(e[1]), "=r"(e[2]), "=r"(e[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
  for (int i = 0; i < 4; ++i) cs[i] = c[i] + 0x7fffff00;
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%10, %11, %12, %13};"
      : "=r"(s[0]), "=r"(s[1]), "=r"(s[2]), "=r"(s[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(cs[0]), "r"(cs[1]), "r"(cs[2]), "r"(cs[3]));
  int idx[4] = {g * 8 + tg * 2, g * 8 + tg * 2 + 1, (g + 8) * 8 + tg * 2, (g + 8) * 8 + tg * 2 + 1};
  for (int i = 0; i < 4; ++i) {
    out[idx[i]] = (u32)d[i];
    out[128 + idx[i]] = (u32)e[i];
    out[256 + idx[i]] = (u32)s[i];
  }
}

// One warp: a 16x16 half tile (words [0, 128), row-major, 8 words per row) goes through
// ldmatrix.x4 into registers, the registers are scaled by 2 (__hmul2), and written back
// with stmatrix: .x4 into S1 (same layout), .x4.trans into S2 (the transpose), .x2 of the
// first two 8x8 matrices into S3 and .x1.trans of the first into S4.
// out[0..128) = S1, out[128..256) = S2, out[256..320) = S3 rows 0..15 (4 words each;
// matrices 0 and 1 = rows 0-7 / 8-15 of column block 0), out[320..352) = S4 (8x8).
extern "C" __global__ void stmatrix_roundtrip(const u32* in, u32* out) {
  __shared__ __align__(16) u32 src[128], S1[128], S2[128], S3[64], S4[32];
  int lane = threadIdx.x;
  for (int i = lane; i < 128; i += 32) src[i] = in[i];
  __syncwarp();
  u32 r[4];
  ldmatrix_x4(r, smem_u32(&src[(lane % 16) * 8 + (lane / 16) * 4]));
  const half2 two = __floats2half2_rn(2.f, 2.f);
  for (int i = 0; i < 4; ++i) {
    half2 h = *reinterpret_cast<half2*>(&r[i]);
    h = __hmul2(h, two);
    r[i] = *reinterpret_cast<u32*>(&h);
  }
  u32 a1 = smem_u32(&S1[(lane % 16) * 8 + (lane / 16) * 4]);
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a1), "r"(r[0]), "r"(r[1]),
               "r"(r[2]), "r"(r[3])
               : "memory");
  // transposed: matrix j (rows 8*(j%2).., cols 8*(j/2)..) lands at rows 8*(j/2).., cols 8*(j%2)..
  int j = lane / 8, rr = lane % 8;
  u32 a2 = smem_u32(&S2[((j / 2) * 8 + rr) * 8 + (j % 2) * 4]);
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a2), "r"(r[0]),
               "r"(r[1]), "r"(r[2]), "r"(r[3])
               : "memory");
  u32 a3 = smem_u32(&S3[(lane % 16) * 4]);
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a3), "r"(r[0]), "r"(r[1]) : "memory");
  u32 a4 = smem_u32(&S4[(lane % 8) * 4]);
  asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a4), "r"(r[0]) : "memory");
  __syncwarp();
  for (int i = lane; i < 128; i += 32) {
    out[i] = S1[i];
    out[128 + i] = S2[i];
  }
  for (int i = lane; i < 64; i += 32) out[256 + i] = S3[i];
  out[320 + lane] = S4[lane];
}
