// Real-world corpus batch 2, module "misc": common code shapes of ordinary kernels.
// Covers per-thread local arrays indexed dynamically (ld.local / st.local), __noinline__
// device functions taking and returning structs (.param passing, call.uni), recursion,
// function pointers (indirect call through a prototype), switch statements with dense
// (jump table, brx.idx) and sparse cases, integer division / modulo by runtime and
// constant divisors (signed / unsigned, 32 / 64 bit), IEEE float / double division,
// reciprocal and square root over the full range (denormals, huge values), __ldg and the
// cache-hinted loads / stores (__ldcs, __ldcg, __ldlu, __ldcv, __stcs, __stcg, __stwb),
// __restrict__ float4 / int4 / uint2 vector loads, __builtin_assume_aligned, volatile
// shared-memory handshakes with __threadfence_block, __nanosleep + clock64 used only for
// control flow, templates with function objects and lambdas, cuda::std bit utilities,
// __constant__ and initialised __device__ tables, 64-bit index arithmetic, memcpy of
// structs, unions and bit-fields, 8- and 16-bit integer arithmetic.
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. t = threadIdx.x.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx misc.cu -o misc.ptx
#include <cuda/std/__algorithm/clamp.h>
#include <cuda/std/__algorithm/max.h>
#include <cuda/std/__algorithm/min.h>
#include <cuda/std/bit>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cstring>

typedef unsigned int u32;
typedef unsigned long long u64;

// Block 64. Each thread copies 24 words in[t*24 ..] into a local array, insertion-sorts
// it (data-dependent indices: the array lives in local memory), builds a 16-bin local
// histogram of the low 4 bits, and reads back a data-chosen element.
// out[t*41 + 0..24) = the sorted words, out[t*41 + 24..40) = the histogram,
// out[t*41 + 40] = sorted[in[t*24] % 24].
extern "C" __global__ void misc_local_array_dynamic(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 a[24];
  u32 h[16];
  for (int i = 0; i < 16; ++i) h[i] = 0;
  for (int i = 0; i < 24; ++i) {
    a[i] = in[t * 24 + i];
    h[a[i] & 15]++;
  }
  for (int i = 1; i < 24; ++i) {
    u32 k = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > k) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = k;
  }
  u32* o = out + t * 41;
  for (int i = 0; i < 24; ++i) o[i] = a[i];
  for (int i = 0; i < 16; ++i) o[24 + i] = h[i];
  o[40] = a[in[t * 24] % 24];
}

struct Vec3 {
  float x, y, z;
};
struct Record {
  int key;
  short tag;
  char flag;
  double weight;
  unsigned char bytes[8];  // 8, not 6: no padding bytes travel through the .param copies
};

__device__ __noinline__ Vec3 cross(Vec3 a, Vec3 b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
__device__ __noinline__ Record blend(Record r, const Record& s, int k) {
  Record o;
  o.key = r.key * 3 + s.key;
  o.tag = (short)(r.tag - s.tag);
  o.flag = (char)(r.flag ^ s.flag);
  o.weight = r.weight * 0.5 + s.weight * k;
  for (int i = 0; i < 8; ++i) o.bytes[i] = (unsigned char)(r.bytes[i] + s.bytes[(i + k) % 8]);
  return o;
}
__device__ __noinline__ float dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Block 64. __noinline__ functions with struct arguments and struct returns.
// a = Vec3 of floats in[t*6 .. +3), b = in[t*6 + 3 .. +3) (float bits).
// r, s = Records built from in[384 + t*4 ..] (key, tag, flag, weight and bytes derived
// from the words, see code). out[t*10 + 0..3) = cross(a, b), out[t*10 + 3] = dot(a, b),
// out[t*10 + 4] = blend.key, [5] = tag | flag << 16 (bits), [6..8) = weight (lo, hi),
// [8..10) = the 8 bytes packed little-endian.
extern "C" __global__ void misc_noinline_struct_param(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  const float* f = reinterpret_cast<const float*>(in) + t * 6;
  Vec3 a{f[0], f[1], f[2]}, b{f[3], f[4], f[5]};
  Vec3 c = cross(a, b);
  float d = dot(a, b);
  const u32* w = in + 384 + t * 4;
  Record r, s;
  r.key = (int)w[0];
  r.tag = (short)w[1];
  r.flag = (char)(w[1] >> 16);
  r.weight = (double)(int)w[2] / 7.0;
  s.key = (int)w[3];
  s.tag = (short)(w[3] >> 8);
  s.flag = (char)w[0];
  s.weight = (double)w[1] * 0.25;
  for (int i = 0; i < 8; ++i) {
    r.bytes[i] = (unsigned char)(w[2] >> (i * 3));
    s.bytes[i] = (unsigned char)(w[3] >> (i * 4));
  }
  Record o = blend(r, s, (int)(t % 5));
  u32* p = out + t * 10;
  p[0] = __float_as_uint(c.x);
  p[1] = __float_as_uint(c.y);
  p[2] = __float_as_uint(c.z);
  p[3] = __float_as_uint(d);
  p[4] = (u32)o.key;
  p[5] = (u32)(unsigned short)o.tag | ((u32)(unsigned char)o.flag << 16);
  u64 wb = (u64)__double_as_longlong(o.weight);
  p[6] = (u32)wb;
  p[7] = (u32)(wb >> 32);
  p[8] = o.bytes[0] | o.bytes[1] << 8 | o.bytes[2] << 16 | (u32)o.bytes[3] << 24;
  p[9] = o.bytes[4] | o.bytes[5] << 8 | o.bytes[6] << 16 | (u32)o.bytes[7] << 24;
}

__device__ __noinline__ u32 fib(u32 n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ u32 gcd_rec(u32 a, u32 b) { return b == 0 ? a : gcd_rec(b, a % b); }
// Depth-first sum over an implicit binary tree stored in an array (children 2i+1, 2i+2).
__device__ __noinline__ u32 tree_sum(const u32* tree, u32 n, u32 i, u32 depth) {
  if (i >= n) return 0;
  return tree[i] * (depth + 1) + tree_sum(tree, n, 2 * i + 1, depth + 1) + tree_sum(tree, n, 2 * i + 2, depth + 1);
}

typedef u32 (*BinOp)(u32, u32);
__device__ u32 op_add(u32 a, u32 b) { return a + b; }
__device__ u32 op_xor(u32 a, u32 b) { return a ^ b; }
__device__ u32 op_mulhi(u32 a, u32 b) { return __umulhi(a, b) + a * b; }
__device__ u32 op_rot(u32 a, u32 b) { return (a << (b & 31)) | (a >> ((32 - (b & 31)) & 31)); }

// Block 32. Recursion and function pointers. n = in[t] % 13, a = in[32 + t], b = in[64 + t],
// tree = in[96 .. 96 + 31) (31 nodes). out[t*5 + 0] = fib(n) (recursive), [1] =
// gcd_rec(a % 10000 + 1, b % 10000 + 1), [2] = tree_sum from node t % 31,
// [3] = ops[a % 4](a, b) through a function-pointer table, [4] = ops[(a + b) % 4] folded
// over b % 8 + 1 iterations.
extern "C" __global__ void misc_recursive_fnptr(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 n = in[t] % 13, a = in[32 + t], b = in[64 + t];
  BinOp ops[4] = {op_add, op_xor, op_mulhi, op_rot};
  u32* o = out + t * 5;
  o[0] = fib(n);
  o[1] = gcd_rec(a % 10000 + 1, b % 10000 + 1);
  o[2] = tree_sum(in + 96, 31, t % 31, 0);
  o[3] = ops[a % 4](a, b);
  BinOp f = ops[(a + b) % 4];
  u32 acc = a;
  for (u32 i = 0; i < b % 8 + 1; ++i) acc = f(acc, b + i);
  o[4] = acc;
}

// Block 64. Switch statements. k = in[t], v = in[64 + t].
// out[t*3 + 0] = dense switch on k % 16 (16 arithmetic cases: a jump table),
// out[t*3 + 1] = sparse switch on k % 1000 (cases 3, 17, 64, 100, 255, 511, 999, default),
// out[t*3 + 2] = a switch with fall-through on k % 6 accumulating into v.
extern "C" __global__ void misc_switch_jump_table(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 k = in[t], v = in[64 + t];
  u32 r;
  switch (k % 16) {
    case 0: r = v + 1; break;
    case 1: r = v * 3; break;
    case 2: r = v ^ 0xdeadbeefu; break;
    case 3: r = v >> 3; break;
    case 4: r = v << 5; break;
    case 5: r = ~v; break;
    case 6: r = v - 12345; break;
    case 7: r = __popc(v); break;
    case 8: r = __brev(v); break;
    case 9: r = v / 7; break;
    case 10: r = v % 13; break;
    case 11: r = v | 0xf0f0f0f0u; break;
    case 12: r = v & 0x0ff00ff0u; break;
    case 13: r = __clz(v); break;
    case 14: r = v * v; break;
    default: r = 0x15151515u; break;
  }
  out[t * 3] = r;
  u32 s;
  switch (k % 1000) {
    case 3: s = 30; break;
    case 17: s = 170; break;
    case 64: s = 640; break;
    case 100: s = v; break;
    case 255: s = v + 255; break;
    case 511: s = v - 511; break;
    case 999: s = v * 999; break;
    default: s = k % 1000; break;
  }
  out[t * 3 + 1] = s;
  u32 acc = v;
  switch (k % 6) {
    case 0: acc += 1;
    case 1: acc *= 3;
    case 2: acc ^= 0x55;
      break;
    case 3: acc -= 7;
    case 4: acc >>= 1;
    default: acc += 100;
  }
  out[t * 3 + 2] = acc;
}

// Block 64. Integer division and modulo. a = in[t], b = in[64 + t] (never 0),
// A = in[128 + 2t] | in[129 + 2t] << 32, B = in[256 + 2t] | in[257 + 2t] << 32 (never 0).
// out[t*16 + k]: a / b, a % b (unsigned), (int)a / (int)b, (int)a % (int)b, a / 7,
// (int)a / -9, (int)a % 10, a / 1000003, then 64-bit (lo, hi): A / B, A % B (unsigned),
// (long long)A / (long long)B, (long long)A % (long long)B (lo only), A / 12345 (lo only),
// (long long)A % 97.
extern "C" __global__ void misc_int_divmod(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 a = in[t], b = in[64 + t];
  u64 A = (u64)in[128 + 2 * t] | ((u64)in[129 + 2 * t] << 32);
  u64 B = (u64)in[256 + 2 * t] | ((u64)in[257 + 2 * t] << 32);
  int sa = (int)a, sb = (int)b;
  long long SA = (long long)A, SB = (long long)B;
  u32* o = out + t * 16;
  o[0] = a / b;
  o[1] = a % b;
  o[2] = (u32)(sa / sb);
  o[3] = (u32)(sa % sb);
  o[4] = a / 7;
  o[5] = (u32)(sa / -9);
  o[6] = (u32)(sa % 10);
  o[7] = a / 1000003u;
  u64 q = A / B, r = A % B;
  o[8] = (u32)q;
  o[9] = (u32)(q >> 32);
  o[10] = (u32)r;
  o[11] = (u32)(r >> 32);
  o[12] = (u32)(SA / SB);
  o[13] = (u32)(SA % SB);
  o[14] = (u32)(A / 12345u);
  o[15] = (u32)(SA % 97);
}

// Block 64. IEEE division, reciprocal and square root over the full range (nvcc's default
// -prec-div=true -prec-sqrt=true). x, y = float in[t], in[64 + t]; X, Y = double from
// in[128 + 2t ..], in[256 + 2t ..]. out[t*12 + k]: x / y, 1.0f / x, sqrtf(x), x / 3.0f,
// then doubles (lo, hi): X / Y, 1.0 / X, sqrt(X), rsqrt(X).
extern "C" __global__ void misc_float_div_sqrt(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]);
  double X = __longlong_as_double((long long)((u64)in[128 + 2 * t] | ((u64)in[129 + 2 * t] << 32)));
  double Y = __longlong_as_double((long long)((u64)in[256 + 2 * t] | ((u64)in[257 + 2 * t] << 32)));
  u32* o = out + t * 12;
  o[0] = __float_as_uint(x / y);
  o[1] = __float_as_uint(1.0f / x);
  o[2] = __float_as_uint(sqrtf(x));
  o[3] = __float_as_uint(x / 3.0f);
  double r[4] = {X / Y, 1.0 / X, sqrt(X), rsqrt(X)};
  for (int i = 0; i < 4; ++i) {
    u64 b = (u64)__double_as_longlong(r[i]);
    o[4 + 2 * i] = (u32)b;
    o[5 + 2 * i] = (u32)(b >> 32);
  }
}

// Block 64. Vector and cache-hinted loads / stores. in[0..1024) words; v4 = float4 at
// in[16t], i4 = int4 at in[16t + 4], u2 = uint2 at in[16t + 8] (all through __restrict__
// pointers), g = __ldg(float4 at in[16t + 12]). out[t*16 + 0..4) = v4 * 2 + g (float),
// [4..8) = i4 shifted, stored with __stcs (int4), [8..10) = u2 rotated with __stwb,
// [10] = __ldcs(in + 1023 - t) ^ __ldcg(in + 512 + t), [11] = __ldlu(in + t) + __ldcv(in + 5 + t),
// [12..16) = a 16-byte block read through __builtin_assume_aligned, stored with __stcg.
extern "C" __global__ void misc_vector_loads_ldg(const u32* __restrict__ in, u32* __restrict__ out) {
  u32 t = threadIdx.x;
  const float4* __restrict__ pf = reinterpret_cast<const float4*>(in + 16 * t);
  const int4* __restrict__ pi = reinterpret_cast<const int4*>(in + 16 * t + 4);
  const uint2* __restrict__ pu = reinterpret_cast<const uint2*>(in + 16 * t + 8);
  float4 v4 = *pf;
  int4 i4 = *pi;
  uint2 u2 = *pu;
  float4 g = __ldg(reinterpret_cast<const float4*>(in + 16 * t + 12));
  float4* of = reinterpret_cast<float4*>(out + 16 * t);
  *of = make_float4(v4.x * 2.f + g.x, v4.y * 2.f + g.y, v4.z * 2.f + g.z, v4.w * 2.f + g.w);
  __stcs(reinterpret_cast<int4*>(out + 16 * t + 4), make_int4(i4.x >> 1, i4.y << 2, i4.z >> 3, i4.w << 4));
  __stwb(reinterpret_cast<uint2*>(out + 16 * t + 8), make_uint2(u2.y, u2.x));
  out[16 * t + 10] = __ldcs(in + 1023 - t) ^ __ldcg(in + 512 + t);
  out[16 * t + 11] = __ldlu(in + t) + __ldcv(in + 5 + t);
  const uint4* al = static_cast<const uint4*>(__builtin_assume_aligned(in + 16 * ((t + 7) % 64), 16));
  uint4 q = *al;
  __stcg(reinterpret_cast<uint4*>(out + 16 * t + 12), make_uint4(q.w, q.z + 1, q.y + 2, q.x + 3));
}

// Block 64. Warp 0 produces, warp 1 consumes, through volatile shared memory and a
// volatile flag (__threadfence_block orders data before flag). 4 rounds: in round r warp 0
// writes data[lane] = in[r*32 + lane] * (r + 1), fences, lane 0 sets flag = r + 1; warp 1
// spins on the flag, reads data[31 - lane] and acknowledges through ack = r + 1, which
// warp 0 waits for before the next round. Then a __nanosleep / clock64 loop: every thread
// sleeps until clock64() has advanced by at least 2000 (the iteration count is not output).
// out[r*32 + lane] = what warp 1 read in round r; out[128 + t] = 1 if clock64 advanced
// (always), + 2 * flag at the end (= 4).
extern "C" __global__ void misc_volatile_fence_nanosleep(const u32* in, u32* out) {
  __shared__ volatile u32 data[32];
  __shared__ volatile u32 flag, ack;
  u32 t = threadIdx.x, lane = t % 32;
  if (t == 0) {
    flag = 0;
    ack = 0;
  }
  __syncthreads();
  for (u32 r = 0; r < 4; ++r) {
    if (t < 32) {
      data[lane] = in[r * 32 + lane] * (r + 1);
      __threadfence_block();
      __syncwarp();
      if (lane == 0) flag = r + 1;
      while (ack != r + 1) {
      }
    } else {
      while (flag != r + 1) {
      }
      __threadfence_block();
      out[r * 32 + lane] = data[31 - lane];
      __syncwarp();
      if (lane == 0) ack = r + 1;
    }
  }
  long long start = clock64();
  u32 spins = 0;
  while (clock64() - start < 2000) {
    __nanosleep(100);
    ++spins;
  }
  out[128 + t] = (clock64() > start ? 1u : 0u) + 2 * flag + 0 * spins;
}

__constant__ u32 c_table[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__device__ u32 d_table[8] = {0x1111, 0x2222, 0x3333, 0x4444, 0x5555, 0x6666, 0x7777, 0x8888};

template <class T, class Op>
__device__ T fold(const T* p, int n, T init, Op op) {
  T acc = init;
  for (int i = 0; i < n; ++i) acc = op(acc, p[i]);
  return acc;
}
struct SatAdd {
  __device__ u32 operator()(u32 a, u32 b) const { return a + b < a ? 0xffffffffu : a + b; }
};
template <int SHIFT>
struct MixOp {
  __device__ u32 operator()(u32 a, u32 b) const { return (a << SHIFT | a >> (32 - SHIFT)) ^ b; }
};
template <class Pred>
__device__ int count_if(const u32* p, int n, Pred pred) {
  int c = 0;
  for (int i = 0; i < n; ++i) c += pred(p[i]) ? 1 : 0;
  return c;
}

// Block 64. Templates with function objects and lambdas, cuda::std helpers, __constant__
// and initialised __device__ tables. p = in + t*8 (8 words). out[t*10 + k]:
// fold(SatAdd), fold(MixOp<5>), fold(cuda::std::bit_xor), fold(lambda max), count_if
// (lambda capturing c_table[t % 16]), cuda::std::popcount(p[0]) | countl_zero(p[1]) << 8 |
// countr_zero(p[2]) << 16, cuda::std::rotl(p[3], t), cuda::std::bit_cast<u32>(float p[4] * 0.5),
// c_table[p[5] % 16] * d_table[p[6] % 8], cuda::std::min / max / clamp mix.
extern "C" __global__ void misc_templates_functors(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  const u32* p = in + t * 8;
  u32* o = out + t * 10;
  o[0] = fold(p, 8, 0u, SatAdd{});
  o[1] = fold(p, 8, 0x9e3779b9u, MixOp<5>{});
  o[2] = fold(p, 8, 0u, cuda::std::bit_xor<u32>{});
  o[3] = fold(p, 8, 0u, [](u32 a, u32 b) { return a > b ? a : b; });
  u32 thr = c_table[t % 16] * 0x01000000u;
  o[4] = (u32)count_if(p, 8, [thr](u32 v) { return v < thr; });
  o[5] = (u32)cuda::std::popcount(p[0]) | (u32)cuda::std::countl_zero(p[1]) << 8 |
         (u32)cuda::std::countr_zero(p[2]) << 16;
  o[6] = cuda::std::rotl(p[3], (int)t);
  o[7] = cuda::std::bit_cast<u32>(cuda::std::bit_cast<float>(p[4]) * 0.5f);
  o[8] = c_table[p[5] % 16] * d_table[p[6] % 8];
  o[9] = cuda::std::min(p[7], p[0]) ^ cuda::std::max(p[1], p[2]) ^ cuda::std::clamp(p[3], 1000u, 2000000000u);
}

// Grid 2, block 64. 64-bit index arithmetic: size_t / ptrdiff_t indices, a strided
// 64-bit loop, negative offsets, pointer differences, variable 64-bit shifts and multiply.
// gid = blockIdx.x * (size_t)blockDim.x + t. in[0..512).
// out[gid*6 + 0] = sum of in[(gid * 37 + k * 129) % 512] for k = 0..7 (64-bit index math),
// [1] = in[511 - gid] read through a pointer moved back by a ptrdiff_t,
// [2] = (u32)(end - start) of two pointers, [3..5) = ((u64)in[gid] << (in[gid+1] % 64)) *
// 0x9e3779b97f4a7c15 (lo, hi), [5] = (u32)(x >> (in[gid] % 64)) with x signed 64-bit.
extern "C" __global__ void misc_64bit_index(const u32* in, u32* out) {
  size_t gid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  u32 s = 0;
  for (size_t k = 0; k < 8; ++k) s += in[(gid * 37 + k * 129) % 512];
  const u32* end = in + 512;
  ptrdiff_t back = -(ptrdiff_t)(gid + 1);
  u32 r = *(end + back);
  const u32* start = in + (gid % 100);
  u64 m = ((u64)in[gid] << (in[gid + 1] % 64)) * 0x9e3779b97f4a7c15ull;
  long long x = (long long)(((u64)in[gid + 2] << 32) | in[gid + 3]);
  u32* o = out + gid * 6;
  o[0] = s;
  o[1] = r;
  o[2] = (u32)(end - start);
  o[3] = (u32)m;
  o[4] = (u32)(m >> 32);
  o[5] = (u32)(x >> (in[gid] % 64));
}

struct Packet {
  unsigned kind : 3;
  unsigned len : 7;
  signed delta : 6;
  unsigned flags : 16;
};
union Pun {
  float f;
  u32 u;
  unsigned char b[4];
};
struct Pair {
  short s[3];
  char c;
  u32 w;
};

// Block 64. Bit-fields, unions, memcpy of structs, 8/16-bit arithmetic. w = in[t],
// v = in[64 + t]. out[t*8 + k]: 0 the Packet bit-fields decoded from w (memcpy'd in)
// recombined as kind + len * 8 + delta * 1000 + flags * 3; 1 the Packet after field
// updates (kind = v, len += 5, delta = -(delta), flags ^= v >> 8) memcpy'd out;
// 2 union Pun: the bytes of float(w) reversed; 3 a Pair memcpy'd from in + 2t (8 bytes)
// then s[0] * s[1] + s[2] + c; 4 char arithmetic (signed char)w * (signed char)v >> 2;
// 5 (short)w / (short)(v | 1); 6 (unsigned char)(w + v) and (unsigned short)(w * v)
// packed; 7 a bool array count.
extern "C" __global__ void misc_struct_memcpy_bitfields(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 w = in[t], v = in[64 + t];
  Packet p;
  memcpy(&p, &w, 4);
  u32* o = out + t * 8;
  o[0] = p.kind + p.len * 8 + (u32)(p.delta * 1000) + p.flags * 3;
  p.kind = v;
  p.len += 5;
  p.delta = -p.delta;
  p.flags ^= v >> 8;
  u32 back;
  memcpy(&back, &p, 4);
  o[1] = back;
  Pun u;
  u.f = (float)w;
  unsigned char tmp = u.b[0];
  u.b[0] = u.b[3];
  u.b[3] = tmp;
  tmp = u.b[1];
  u.b[1] = u.b[2];
  u.b[2] = tmp;
  o[2] = u.u;
  Pair pr;
  memcpy(&pr, in + 2 * t, 8);
  pr.w = 0;
  o[3] = (u32)(pr.s[0] * pr.s[1] + pr.s[2] + pr.c);
  signed char a8 = (signed char)w, b8 = (signed char)v;
  o[4] = (u32)((a8 * b8) >> 2);
  short a16 = (short)w, b16 = (short)(v | 1);
  o[5] = (u32)(a16 / b16);
  o[6] = (u32)(unsigned char)(w + v) | (u32)(unsigned short)(w * v) << 8;
  bool bits[12];
  for (int i = 0; i < 12; ++i) bits[i] = ((w >> i) & 1) && ((v >> (i + 3)) & 1);
  u32 c = 0;
  for (int i = 0; i < 12; ++i) c += bits[i];
  o[7] = c;
}
