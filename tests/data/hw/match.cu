// Hardware-golden kernels, family "match": match.any / match.all on .b32 and .b64,
// the p output, partial member masks in branches and exited lanes.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx match.cu -o match.ptx
#include "hw_common.cuh"

// 5 rows: any.b32, all.b32 d, all.b32 p, all.b32 with d sunk (_) p, and match.any.b32 d
__device__ __forceinline__ void m32(u32* o, u32 lane, u32 v, u32 m) {
  u32 a, d, p, p2;
  asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(a) : "r"(v), "r"(m));
  asm volatile("{ .reg .pred q; match.all.sync.b32 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d), "=r"(p) : "r"(v), "r"(m));
  asm volatile("{ .reg .pred q; match.all.sync.b32 _|q, %1, %2; selp.u32 %0, 1, 0, q; }" : "=r"(p2) : "r"(v), "r"(m));
  o[0 * 32 + lane] = a; o[1 * 32 + lane] = d; o[2 * 32 + lane] = p; o[3 * 32 + lane] = p2;
}
// 3 rows: any.b64, all.b64 d, all.b64 p
__device__ __forceinline__ void m64(u32* o, u32 lane, u64 v, u32 m) {
  u32 a, d, p;
  asm volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(a) : "l"(v), "r"(m));
  asm volatile("{ .reg .pred q; match.all.sync.b64 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d), "=r"(p) : "l"(v), "r"(m));
  o[0 * 32 + lane] = a; o[1 * 32 + lane] = d; o[2 * 32 + lane] = p;
}

// in[lane] = value % 3, in[32+lane] = value % 2.
// Blocks of rows: [0..3] b32 on in%3; [4..7] b32 all equal (7); [8..11] b32 lane/8;
// [12..14] b64 (lo = in%3, hi = in2%2); [15..17] b64 lo equal, hi differs per half;
// [18..20] b64 all equal.
extern "C" __global__ void match_full(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], w = in[32 + lane];
  m32(out + 0 * 32, lane, v, 0xffffffffu);
  m32(out + 4 * 32, lane, 7u, 0xffffffffu);
  m32(out + 8 * 32, lane, lane / 8, 0xffffffffu);
  m64(out + 12 * 32, lane, mk64(v, w), 0xffffffffu);
  m64(out + 15 * 32, lane, mk64(5u, lane < 16 ? 0u : 1u), 0xffffffffu);
  m64(out + 18 * 32, lane, mk64(0x12345678u, 0x9abcdef0u), 0xffffffffu);
}

// Partial masks executed only by the lanes of the mask.
// [0..3] lanes<16 b32 mask 0xffff; [4..7] else mask 0xffff0000 b32;
// [8..10] odd lanes b64 mask 0xaaaaaaaa; [11..14] lanes%3==0, all equal value, mask 0x49249249.
extern "C" __global__ void match_partial_branch(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], w = in[32 + lane];
  if (lane < 16) m32(out + 0 * 32, lane, v, 0x0000ffffu);
  else m32(out + 4 * 32, lane, v, 0xffff0000u);
  if (lane & 1) m64(out + 8 * 32, lane, mk64(v, w), 0xaaaaaaaau);
  if (lane % 3 == 0) m32(out + 11 * 32, lane, 42u, 0x49249249u);
}

// Lanes >= 24 and lanes 5, 6 exit first; full-mask match on the survivors.
// [0..3] b32 in%3; [4..7] b32 all-equal among survivors (exited lanes had different
// values); [8..10] b64.
extern "C" __global__ void match_exited(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], w = in[32 + lane];
  u32 e = lane < 24 ? 9u : lane;
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if (lane >= 24 || lane == 5 || lane == 6) return;
  m32(out + 0 * 32, lane, v, 0xffffffffu);
  m32(out + 4 * 32, lane, e, 0xffffffffu);
  m64(out + 8 * 32, lane, mk64(v, w), 0xffffffffu);
}

// C++ intrinsics __match_any_sync / __match_all_sync, including 64-bit, in a branch.
extern "C" __global__ void match_intrinsics(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  int pred = -1;
  out[0 * 32 + lane] = __match_any_sync(0xffffffffu, v);
  out[1 * 32 + lane] = __match_all_sync(0xffffffffu, v, &pred);
  out[2 * 32 + lane] = (u32)pred;
  if (lane >= 8) {
    unsigned long long x = ((unsigned long long)v << 33) | 1ull;
    out[3 * 32 + lane] = __match_any_sync(0xffffff00u, x);
    out[4 * 32 + lane] = __match_all_sync(0xffffff00u, 3ull, &pred);
    out[5 * 32 + lane] = (u32)pred;
  }
}
