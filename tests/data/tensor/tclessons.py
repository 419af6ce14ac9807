"""tc_lessons: three short kernels meant to become classroom lessons."""
import os
from fractions import Fraction

from plan import Plan, sentinel
from tcfmt import F16, F32

SRC = r"""#include <mma.h>
#include <cuda_fp16.h>

// ---------------------------------------------------------------------------
// Lesson: ldmatrix -- one instruction, 32 row addresses, four 8x8 matrices.
//
// Shared memory holds a 32 x 8 table of 16-bit numbers: table[row][col] = 100*row + col.
// ldmatrix .x4 loads four 8x8 matrices at once. Every lane names ONE row:
// lane L gives the address of row L%8 of matrix L/8 (lanes 0-7: matrix 0, 8-15: matrix 1, ...).
// The rows can be anywhere; here lanes 24-31 name rows 31..24, so matrix 3 arrives upside down.
// Afterwards lane L holds, of every matrix m, row L/4, columns 2*(L%4) and 2*(L%4)+1,
// packed into register r[m] (first column in the low 16 bits).
//
// in:  [0, 128)   the table, row-major, two 16-bit numbers per word
//      [128, 160) the row each lane points at
// out: [lane][4]  the four registers of every lane
extern "C" __global__ void lesson_ldmatrix(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned table[32][4];  // 32 rows of 8 x 16 bits
  const unsigned lane = threadIdx.x;
  for (int k = 0; k < 4; ++k) table[lane][k] = in[lane * 4 + k];  // each lane copies one row
  __syncwarp();

  const unsigned row = in[128 + lane];  // the row this lane names
  const unsigned addr = (unsigned)__cvta_generic_to_shared(&table[row][0]);
  unsigned r[4];
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr)
               : "memory");
  for (int m = 0; m < 4; ++m) out[lane * 4 + m] = r[m];
}

// ---------------------------------------------------------------------------
// Lesson: one mma.sync.m16n8k16 -- D = A*B + C with f16 inputs and f32 accumulation.
//
// A is 16x16, B is 16x8, C and D are 16x8. No lane holds a whole row; each holds a
// "fragment". With g = lane/4 and t = lane%4:
//   A (4 registers, two f16 each): a0,a1 = A[g][2t], A[g][2t+1]      a2,a3 = A[g+8][2t], A[g+8][2t+1]
//                                  a4,a5 = A[g][2t+8], A[g][2t+9]    a6,a7 = A[g+8][2t+8], A[g+8][2t+9]
//   B (2 registers):               b0,b1 = B[2t][g], B[2t+1][g]      b2,b3 = B[2t+8][g], B[2t+9][g]
//   C, D (4 floats):               c0,c1 = C[g][2t], C[g][2t+1]      c2,c3 = C[g+8][2t], C[g+8][2t+1]
// The data: A = 2 on the diagonal, B[k][n] = 10*k + n, C = 1000, so D[r][n] = 1000 + 20*r + 2*n
// and every d register shows which row and column it holds.
//
// in:  A 16x16 f16 row-major (words 0-127) | B 16x8 f16 row-major (128-191) | C 16x8 f32 row-major (192-319)
// out: D 16x8 f32 row-major (words 0-127)  | every lane's d0..d3 [lane][4] (128-255)
__device__ unsigned f16_at(const unsigned* p, int idx) { return (p[idx / 2] >> (16 * (idx % 2))) & 0xffffu; }

extern "C" __global__ void lesson_mma_m16n8k16(const unsigned* in, unsigned* out) {
  const unsigned* A = in;
  const unsigned* B = in + 128;
  const float* C = (const float*)(in + 192);
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;

  // gather this lane's fragments (two f16 per register, lower column/row in the low half)
  unsigned a[4], b[2];
  a[0] = f16_at(A, g * 16 + 2 * t) | f16_at(A, g * 16 + 2 * t + 1) << 16;
  a[1] = f16_at(A, (g + 8) * 16 + 2 * t) | f16_at(A, (g + 8) * 16 + 2 * t + 1) << 16;
  a[2] = f16_at(A, g * 16 + 2 * t + 8) | f16_at(A, g * 16 + 2 * t + 9) << 16;
  a[3] = f16_at(A, (g + 8) * 16 + 2 * t + 8) | f16_at(A, (g + 8) * 16 + 2 * t + 9) << 16;
  b[0] = f16_at(B, (2 * t) * 8 + g) | f16_at(B, (2 * t + 1) * 8 + g) << 16;
  b[1] = f16_at(B, (2 * t + 8) * 8 + g) | f16_at(B, (2 * t + 9) * 8 + g) << 16;
  float c[4] = {C[g * 8 + 2 * t], C[g * 8 + 2 * t + 1], C[(g + 8) * 8 + 2 * t], C[(g + 8) * 8 + 2 * t + 1]};

  float d[4];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                 "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));

  // scatter D back to a plain matrix, and keep the raw registers too
  float* D = (float*)out;
  D[g * 8 + 2 * t] = d[0];
  D[g * 8 + 2 * t + 1] = d[1];
  D[(g + 8) * 8 + 2 * t] = d[2];
  D[(g + 8) * 8 + 2 * t + 1] = d[3];
  for (int k = 0; k < 4; ++k) out[128 + lane * 4 + k] = __float_as_uint(d[k]);
}

// ---------------------------------------------------------------------------
// Lesson: a 16x16x16 tile multiply with the C++ wmma API (<mma.h>): D = A*B + C.
//
// The whole warp works together; which lane holds which element is the library's
// business (the "fragment" is opaque), so the code only loads, multiplies and stores.
// The data: A = 2 on the diagonal and 1 just right of it, B[k][n] = k + n, C = 100,
// so D[r][n] = 2*(r+n) + (r+1+n) + 100 (the last row has no right neighbour).
//
// in:  A 16x16 f16 row-major (words 0-127) | B 16x16 f16 row-major (128-255) | C 16x16 f32 row-major (256-511)
// out: D 16x16 f32 row-major (words 0-255)
extern "C" __global__ void lesson_wmma_16x16(const unsigned* in, unsigned* out) {
  using namespace nvcuda;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;

  wmma::load_matrix_sync(a, (const __half*)in, 16);           // 16 = row length in memory
  wmma::load_matrix_sync(b, (const __half*)(in + 128), 16);
  wmma::load_matrix_sync(acc, (const float*)(in + 256), 16, wmma::mem_row_major);
  wmma::mma_sync(acc, a, b, acc);                              // acc = A*B + acc
  wmma::store_matrix_sync((float*)out, acc, 16, wmma::mem_row_major);
}
"""


def _pack16(vals):
    return [vals[2 * i] | (vals[2 * i + 1] << 16) for i in range(len(vals) // 2)]


def module(cases, expect, plans, header):
    plan = Plan()
    exp = expect.setdefault("tc_lessons", {})
    entries = []
    # lesson_ldmatrix
    table = [((100 * r + c)) for r in range(32) for c in range(8)]
    rows = list(range(24)) + list(range(31, 23, -1))
    inw = _pack16(table) + rows
    out = []
    for lane in range(32):
        for m in range(4):
            row = rows[m * 8 + lane // 4]
            c = 2 * (lane % 4)
            out.append(table[row * 8 + c] | (table[row * 8 + c + 1] << 16))
    plan.add("lesson_ldmatrix", inw, sentinel(128), block=32)
    exp["lesson_ldmatrix"] = out
    entries.append(dict(name="lesson_ldmatrix", kind="lesson", forms=["ldmatrix.sync.aligned.m8n8.x4.shared.b16"], grid=1, block=32,
                        **{"in": dict(table=dict(offset=0, words=128, doc="32x8 b16, (r,c) = 100r+c, row-major"),
                                      rows=dict(offset=128, words=32, doc="row named by each lane: 0..23, then 31..24")),
                           "out": dict(regs=dict(offset=0, words=128, layout="[lane][4]"))}))
    # lesson_mma_m16n8k16
    A = [[Fraction(2 if r == k else 0) for k in range(16)] for r in range(16)]
    B = [[Fraction(10 * k + n) for n in range(8)] for k in range(16)]
    C = [[Fraction(1000)] * 8 for _ in range(16)]
    D = [[C[r][n] + sum(A[r][k] * B[k][n] for k in range(16)) for n in range(8)] for r in range(16)]
    inw = _pack16([F16.enc(A[r][k]) for r in range(16) for k in range(16)]) + \
        _pack16([F16.enc(B[k][n]) for k in range(16) for n in range(8)]) + [F32.enc(C[r][n]) for r in range(16) for n in range(8)]
    out = [F32.enc(D[r][n]) for r in range(16) for n in range(8)]
    for lane in range(32):
        g, t = lane // 4, lane % 4
        out += [F32.enc(D[g][2 * t]), F32.enc(D[g][2 * t + 1]), F32.enc(D[g + 8][2 * t]), F32.enc(D[g + 8][2 * t + 1])]
    plan.add("lesson_mma_m16n8k16", inw, sentinel(256), block=32)
    exp["lesson_mma_m16n8k16"] = out
    entries.append(dict(name="lesson_mma_m16n8k16", kind="lesson", forms=["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"],
                        grid=1, block=32,
                        **{"in": dict(A=dict(offset=0, words=128, doc="16x16 f16 row-major, 2 on the diagonal"),
                                      B=dict(offset=128, words=64, doc="16x8 f16 row-major, 10k+n"),
                                      C=dict(offset=192, words=128, doc="16x8 f32 row-major, 1000")),
                           "out": dict(D=dict(offset=0, words=128, doc="16x8 f32 row-major: 1000 + 20r + 2n"),
                                       D_frag=dict(offset=128, words=128, layout="[lane][4]"))}))
    # lesson_wmma_16x16
    A = [[Fraction(2 if r == k else (1 if k == r + 1 else 0)) for k in range(16)] for r in range(16)]
    B = [[Fraction(k + n) for n in range(16)] for k in range(16)]
    C = [[Fraction(100)] * 16 for _ in range(16)]
    D = [[C[r][n] + sum(A[r][k] * B[k][n] for k in range(16)) for n in range(16)] for r in range(16)]
    inw = _pack16([F16.enc(A[r][k]) for r in range(16) for k in range(16)]) + \
        _pack16([F16.enc(B[k][n]) for k in range(16) for n in range(16)]) + [F32.enc(C[r][n]) for r in range(16) for n in range(16)]
    plan.add("lesson_wmma_16x16", inw, sentinel(256), block=32)
    exp["lesson_wmma_16x16"] = [F32.enc(D[r][n]) for r in range(16) for n in range(16)]
    entries.append(dict(name="lesson_wmma_16x16", kind="lesson", forms=["nvcuda::wmma (wmma.load.a/b/c, wmma.mma, wmma.store.d m16n16k16)"],
                        grid=1, block=32,
                        **{"in": dict(A=dict(offset=0, words=128, doc="16x16 f16 row-major, 2 on the diagonal, 1 right of it"),
                                      B=dict(offset=128, words=128, doc="16x16 f16 row-major, k+n"),
                                      C=dict(offset=256, words=256, doc="16x16 f32 row-major, 100")),
                           "out": dict(D=dict(offset=0, words=256, doc="16x16 f32 row-major"))}))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tc_lessons.cu"), "w") as f:
        f.write(header + SRC)
    plans["tc_lessons"] = plan
    cases.append(dict(module="tc_lessons", source="tc_lessons.cu", ptx="tc_lessons.ptx", plan="tc_lessons.plan",
                      title="classroom lessons", entries=entries))
