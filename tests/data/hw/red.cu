// Hardware-golden kernels, family "red": every red op/type that ptxas accepts for
// sm_90a (scalar, f16/bf16/f16x2/bf16x2 .noftz add, vector forms, .sem/.scope,
// shared/global/generic, L2::cache_hint). red returns nothing: the final memory
// is recorded. Global cells are the `out` buffer itself (initial values = out_init);
// shared cells are initialised from `in` and copied to `out` at the end.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx red.cu -o red.ptx
#include "hw_common.cuh"

static __device__ __forceinline__ u64 gaddr(const void* p) { return (u64)__cvta_generic_to_global(p); }

// ---------------------------------------------------------------- integer scalar forms
// 32-bit regions k = 0..10 of N words each, at word k*N:
//  0 and.b32 1 or.b32 2 xor.b32 3 add.u32 4 add.s32 5 inc.u32 6 dec.u32 7 min.u32
//  8 min.s32 9 max.u32 10 max.s32
// 64-bit regions j = 0..7 of N 64-bit cells each, at word 11N + 2jN:
//  0 and.b64 1 or.b64 2 xor.b64 3 add.u64 4 min.u64 5 min.s64 6 max.u64 7 max.s64
// Thread t updates cell t % 16 of every region (N/16 threads per cell).
// Operands: 32-bit op k of thread t = b[k*N+t]; 64-bit op j = b64[11N/2 + jN + t]
// (i.e. words 11N + 2(jN+t), +1). Total words: 27N.
#define I32(X) X(0, "and.b32") X(1, "or.b32") X(2, "xor.b32") X(3, "add.u32") X(4, "add.s32") \
  X(5, "inc.u32") X(6, "dec.u32") X(7, "min.u32") X(8, "min.s32") X(9, "max.u32") X(10, "max.s32")
#define I64(X) X(0, "and.b64") X(1, "or.b64") X(2, "xor.b64") X(3, "add.u64") X(4, "min.u64") \
  X(5, "min.s64") X(6, "max.u64") X(7, "max.s64")

#define INT_BODY(SP, ACON, base, b) \
  u32 c = t % 16;                   \
  I32(R32) I64(R64)
#define R32(K, OP) asm volatile("red" SPACE "." OP " [%0], %1;" :: ACONS(base + 4 * ((K) * N + c)), "r"(b[(K) * N + t]) : "memory");
#define R64(J, OP) asm volatile("red" SPACE "." OP " [%0], %1;" :: ACONS(base + 4 * (11 * N + 2 * ((J) * N + c))), \
                                "l"(mk64(b[11 * N + 2 * ((J) * N + t)], b[11 * N + 2 * ((J) * N + t) + 1])) : "memory");

// in = b[27N]; out = cells[27N] (initial values in out_init).
extern "C" __global__ void red_global_int(const u32* in, u32* out) {
  u32 t = threadIdx.x, N = blockDim.x;
  const u32* b = in;
  u64 base = gaddr(out);
#define SPACE ".global"
#define ACONS(x) "l"((u64)(x))
  INT_BODY(".global", ACONS, base, b)
#undef SPACE
#undef ACONS
}

// in = init[27N] | b[27N]; out = cells[27N].
extern "C" __global__ void red_shared_int(const u32* in, u32* out) {
  __shared__ __align__(16) u32 cells[27 * 128];
  u32 t = threadIdx.x, N = blockDim.x;
  for (u32 k = 0; k < 27; ++k) cells[k * N + t] = in[k * N + t];
  __syncthreads();
  const u32* b = in + 27 * N;
  u32 base = smem(cells);
#define SPACE ".shared"
#define ACONS(x) "r"((u32)(x))
  INT_BODY(".shared", ACONS, base, b)
#undef SPACE
#undef ACONS
  __syncthreads();
  for (u32 k = 0; k < 27; ++k) out[k * N + t] = cells[k * N + t];
}

// ---------------------------------------------------------------- floating-point scalar forms
// One thread per cell. Cell words (6N): f32 [0,N) | f64 [N,3N) | f16 halves [3N,3.5N) |
// bf16 halves [3.5N,4N) | f16x2 [4N,5N) | bf16x2 [5N,6N). Operands use the same layout.
#define FLT_BODY(base, b)                                                                                  \
  asm volatile("red" SPACE ".add.f32 [%0], %1;" :: ACONS(base + 4 * t), "f"(__uint_as_float(b[t])) : "memory"); \
  asm volatile("red" SPACE ".add.f64 [%0], %1;" :: ACONS(base + 4 * N + 8 * t),                           \
               "d"(__hiloint2double((int)b[N + 2 * t + 1], (int)b[N + 2 * t])) : "memory");              \
  asm volatile("red" SPACE ".add.noftz.f16 [%0], %1;" :: ACONS(base + 12 * N + 2 * t),                    \
               "h"(((const u16*)(b + 3 * N))[t]) : "memory");                                             \
  asm volatile("red" SPACE ".add.noftz.bf16 [%0], %1;" :: ACONS(base + 14 * N + 2 * t),                   \
               "h"(((const u16*)(b + 3 * N))[N + t]) : "memory");                                         \
  asm volatile("red" SPACE ".add.noftz.f16x2 [%0], %1;" :: ACONS(base + 16 * N + 4 * t), "r"(b[4 * N + t]) : "memory"); \
  asm volatile("red" SPACE ".add.noftz.bf16x2 [%0], %1;" :: ACONS(base + 20 * N + 4 * t), "r"(b[5 * N + t]) : "memory");

// in = b[6N]; out = cells[6N] (initial values in out_init).
extern "C" __global__ void red_global_float(const u32* in, u32* out) {
  u32 t = threadIdx.x, N = blockDim.x;
  u64 base = gaddr(out);
#define SPACE ".global"
#define ACONS(x) "l"((u64)(x))
  FLT_BODY(base, in)
#undef SPACE
#undef ACONS
}

// in = init[6N] | b[6N]; out = cells[6N]. Uses the .shared::cta spelling.
extern "C" __global__ void red_shared_float(const u32* in, u32* out) {
  __shared__ __align__(16) u32 cells[6 * 128];
  u32 t = threadIdx.x, N = blockDim.x;
  for (u32 k = 0; k < 6; ++k) cells[k * N + t] = in[k * N + t];
  __syncthreads();
  u32 base = smem(cells);
#define SPACE ".shared::cta"
#define ACONS(x) "r"((u32)(x))
  const u32* bsh = in + 6 * N;
  FLT_BODY(base, bsh)
#undef SPACE
#undef ACONS
  __syncthreads();
  for (u32 k = 0; k < 6; ++k) out[k * N + t] = cells[k * N + t];
}

// ---------------------------------------------------------------- vector forms (global)
// 32 forms, region k = 4 words per thread at word k*4N + 4t (16-byte aligned), one
// thread per region slot; narrower forms leave the rest of the slot untouched.
//  k  0.. 2 v2.f16 add/min/max      3.. 5 v4.f16 add/min/max      6.. 8 v8.f16 add/min/max
//  k  9..11 v2.bf16 add/min/max    12..14 v4.bf16 add/min/max    15..17 v8.bf16 add/min/max
//  k 18..20 v2.f16x2 add/min/max   21..23 v4.f16x2 add/min/max
//  k 24..26 v2.bf16x2 add/min/max  27..29 v4.bf16x2 add/min/max
//  k 30 v2.f32.add                 31 v4.f32.add
// (all 16-bit forms carry .noftz). in = b[128N] (same packing); out = cells[128N].
#define VA(K) "l"(base + 4ull * ((K) * 4 * N + 4 * t))
#define VB(K) (b + (K) * 4 * N + 4 * t)
#define V2H(K, F) { const u16* h = (const u16*)VB(K); asm volatile("red.global.v2." F " [%0], {%1, %2};" :: VA(K), "h"(h[0]), "h"(h[1]) : "memory"); }
#define V4H(K, F) { const u16* h = (const u16*)VB(K); asm volatile("red.global.v4." F " [%0], {%1, %2, %3, %4};" :: VA(K), "h"(h[0]), "h"(h[1]), "h"(h[2]), "h"(h[3]) : "memory"); }
#define V8H(K, F) { const u16* h = (const u16*)VB(K); asm volatile("red.global.v8." F " [%0], {%1, %2, %3, %4, %5, %6, %7, %8};" :: VA(K), \
    "h"(h[0]), "h"(h[1]), "h"(h[2]), "h"(h[3]), "h"(h[4]), "h"(h[5]), "h"(h[6]), "h"(h[7]) : "memory"); }
#define V2W(K, F) { const u32* w = VB(K); asm volatile("red.global.v2." F " [%0], {%1, %2};" :: VA(K), "r"(w[0]), "r"(w[1]) : "memory"); }
#define V4W(K, F) { const u32* w = VB(K); asm volatile("red.global.v4." F " [%0], {%1, %2, %3, %4};" :: VA(K), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]) : "memory"); }

extern "C" __global__ void red_global_vec(const u32* in, u32* out) {
  u32 t = threadIdx.x, N = blockDim.x;
  const u32* b = in;
  u64 base = gaddr(out);
  V2H(0, "f16.add.noftz") V2H(1, "f16.min.noftz") V2H(2, "f16.max.noftz")
  V4H(3, "f16.add.noftz") V4H(4, "f16.min.noftz") V4H(5, "f16.max.noftz")
  V8H(6, "f16.add.noftz") V8H(7, "f16.min.noftz") V8H(8, "f16.max.noftz")
  V2H(9, "bf16.add.noftz") V2H(10, "bf16.min.noftz") V2H(11, "bf16.max.noftz")
  V4H(12, "bf16.add.noftz") V4H(13, "bf16.min.noftz") V4H(14, "bf16.max.noftz")
  V8H(15, "bf16.add.noftz") V8H(16, "bf16.min.noftz") V8H(17, "bf16.max.noftz")
  V2W(18, "f16x2.add.noftz") V2W(19, "f16x2.min.noftz") V2W(20, "f16x2.max.noftz")
  V4W(21, "f16x2.add.noftz") V4W(22, "f16x2.min.noftz") V4W(23, "f16x2.max.noftz")
  V2W(24, "bf16x2.add.noftz") V2W(25, "bf16x2.min.noftz") V2W(26, "bf16x2.max.noftz")
  V4W(27, "bf16x2.add.noftz") V4W(28, "bf16x2.min.noftz") V4W(29, "bf16x2.max.noftz")
  { const u32* w = VB(30);
    asm volatile("red.global.v2.f32.add [%0], {%1, %2};" :: VA(30), "f"(__uint_as_float(w[0])), "f"(__uint_as_float(w[1])) : "memory"); }
  { const u32* w = VB(31);
    asm volatile("red.global.v4.f32.add [%0], {%1, %2, %3, %4};" :: VA(31), "f"(__uint_as_float(w[0])), "f"(__uint_as_float(w[1])),
                 "f"(__uint_as_float(w[2])), "f"(__uint_as_float(w[3])) : "memory"); }
}

// ---------------------------------------------------------------- .sem / .scope / spaces
// 16 regions of 4 u32 cells (word 4k..4k+3); thread t adds b[k*N+t] into cell t%4 of region k.
//  0 red.relaxed.cta.global   1 red.relaxed.cluster.global 2 red.relaxed.gpu.global
//  3 red.relaxed.sys.global   4 red.release.cta.global     5 red.release.cluster.global
//  6 red.release.gpu.global   7 red.release.sys.global     8 red.relaxed.cta.shared::cta
//  9 red.release.gpu.shared::cta 10 red.release.sys.shared  11 red.shared::cluster (own CTA)
// 12 red.add.u32 generic->global 13 red.add.u32 generic->shared
// 14 red.global.add.L2::cache_hint.u32  15 red.global.v4.f32.add.L2::cache_hint (f32 cells,
//    operand words are f32 bits, all 4 lanes of the vector from b[15N+t], b[15N+t]*2, ...)
// All ops are .add.u32 except 15. Global regions start from out_init; shared regions
// (8, 9, 10, 11, 13) start from 0 in-kernel and are copied out. in = b[16N].
extern "C" __global__ void red_sem_scope(const u32* in, u32* out) {
  __shared__ __align__(16) u32 sh[64];
  u32 t = threadIdx.x, N = blockDim.x, c = t % 4;
  for (u32 i = t; i < 64; i += N) sh[i] = 0;
  __syncthreads();
  u64 g = gaddr(out);
  u32 s = smem(sh);
#define GR(K, P) asm volatile("red" P ".global.add.u32 [%0], %1;" :: "l"(g + 4 * (4 * (K) + c)), "r"(in[(K) * N + t]) : "memory");
#define SR(K, P, SP) asm volatile("red" P SP ".add.u32 [%0], %1;" :: "r"(s + 4 * (4 * (K) + c)), "r"(in[(K) * N + t]) : "memory");
  GR(0, ".relaxed.cta") GR(1, ".relaxed.cluster") GR(2, ".relaxed.gpu") GR(3, ".relaxed.sys")
  GR(4, ".release.cta") GR(5, ".release.cluster") GR(6, ".release.gpu") GR(7, ".release.sys")
  SR(8, ".relaxed.cta", ".shared::cta") SR(9, ".release.gpu", ".shared::cta") SR(10, ".release.sys", ".shared")
  SR(11, "", ".shared::cluster")
  asm volatile("red.add.u32 [%0], %1;" :: "l"(out + 4 * 12 + c), "r"(in[12 * N + t]) : "memory");
  asm volatile("red.add.u32 [%0], %1;" :: "l"(sh + 4 * 13 + c), "r"(in[13 * N + t]) : "memory");
  asm volatile("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;"
               " red.global.add.L2::cache_hint.u32 [%0], %1, pol; }" :: "l"(g + 4 * (4 * 14 + c)), "r"(in[14 * N + t]) : "memory");
  { float f = __uint_as_float(in[15 * N + t]);
    asm volatile("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;"
                 " red.global.v4.f32.add.L2::cache_hint [%0], {%1, %2, %3, %4}, pol; }"
                 :: "l"(g + 4 * (4 * 15)), "f"(f), "f"(f * 2.0f), "f"(f * 4.0f), "f"(-f) : "memory"); }
  __syncthreads();
  if (t < 4) {
    for (u32 k : {8u, 9u, 10u, 11u, 13u}) out[4 * k + t] = sh[4 * k + t];
  }
}
