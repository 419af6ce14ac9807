// Hardware-golden kernels, family "shfl": shfl.sync in all modes, b/c operand
// variations, sub-warp widths, the p predicate, partial member masks, exited
// lanes and the cases the PTX ISA leaves undefined.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx shfl.cu -o shfl.ptx
#include "hw_common.cuh"

// d and p of one shfl with immediate b and c over the full warp.
#define SH(K, MODE, B, C)                                                                  \
  {                                                                                        \
    u32 d, p;                                                                              \
    asm volatile("{ .reg .pred q; shfl.sync." MODE ".b32 %0|q, %2, " #B ", " #C            \
                 ", 0xffffffff; selp.u32 %1, 1, 0, q; }"                                   \
                 : "=r"(d), "=r"(p) : "r"(a));                                             \
    out[(2 * (K)) * 32 + lane] = d;                                                        \
    out[(2 * (K) + 1) * 32 + lane] = p;                                                    \
  }

// out[(2k)*32+lane] = d, out[(2k+1)*32+lane] = p for 27 (mode, b, c) combinations.
extern "C" __global__ void shfl_modes_bc(const u32* in, u32* out) {
  u32 lane = lane_id(), a = in[lane];
  SH(0, "up", 0, 0x0)
  SH(1, "up", 1, 0x0)
  SH(2, "up", 7, 0x0)
  SH(3, "up", 31, 0x0)
  SH(4, "up", 1, 0x1f)
  SH(5, "up", 2, 0x1808)
  SH(6, "up", 3, 0x1800)
  SH(7, "down", 0, 0x1f)
  SH(8, "down", 3, 0x1f)
  SH(9, "down", 31, 0x1f)
  SH(10, "down", 1, 0x0)
  SH(11, "down", 2, 0xf)
  SH(12, "down", 1, 0x1e01)
  SH(13, "bfly", 0x10, 0x1f)
  SH(14, "bfly", 5, 0x1f)
  SH(15, "bfly", 1, 0x1c03)
  SH(16, "bfly", 3, 0xf)
  SH(17, "bfly", 31, 0x1f)
  SH(18, "idx", 0, 0x1f)
  SH(19, "idx", 31, 0x1f)
  SH(20, "idx", 17, 0xf)
  SH(21, "idx", 3, 0x1c03)
  SH(22, "idx", 5, 0x1807)
  SH(23, "idx", 13, 0x1403)
  SH(24, "down", 1, 0x1407)
  SH(25, "idx", 2, 0xe01f)
  SH(26, "up", 1, 0xffffe000)
}

#define SHR(K, MODE, BV, CV)                                                               \
  {                                                                                        \
    u32 d, p, bb = (BV), cc = (CV);                                                        \
    asm volatile("{ .reg .pred q; shfl.sync." MODE ".b32 %0|q, %2, %3, %4, 0xffffffff;"    \
                 " selp.u32 %1, 1, 0, q; }"                                                \
                 : "=r"(d), "=r"(p) : "r"(a), "r"(bb), "r"(cc));                           \
    out[(2 * (K)) * 32 + lane] = d;                                                        \
    out[(2 * (K) + 1) * 32 + lane] = p;                                                    \
  }

// b and c in registers, lane-dependent, including b >= 32 and per-lane c.
// in[0..31] = a, in[32..63] = random source selector.
extern "C" __global__ void shfl_reg_bc(const u32* in, u32* out) {
  u32 lane = lane_id(), a = in[lane], r = in[32 + lane];
  SHR(0, "idx", r & 31, 0x1f)
  SHR(1, "idx", r & 63, 0x1f)
  SHR(2, "idx", lane + 32, 0x1f)
  SHR(3, "up", lane & 3, 0x0)
  SHR(4, "up", 33, 0x0)
  SHR(5, "down", 33, 0x1f)
  SHR(6, "down", lane & 7, 0x1f)
  SHR(7, "bfly", lane, 0x1f)
  SHR(8, "bfly", 33, 0x1f)
  SHR(9, "idx", 31, lane)
  SHR(10, "down", 1, ((lane & 3) << 8) | 0x1f)
  SHR(11, "up", 1, (lane & 0x1f) << 8)
  SHR(12, "idx", r, r >> 8)
}

// __shfl_*_sync with width 4, 8, 16, 32: out[(w*7+k)*32+lane], then 64-bit shuffles.
template <int W>
__device__ __forceinline__ void shfl_width_block(const u32* in, u32* out, int wi) {
  u32 lane = lane_id(), v = in[lane];
  u32* o = out + wi * 7 * 32;
  o[0 * 32 + lane] = __shfl_sync(0xffffffffu, v, (int)(lane * 3 + 1), W);
  o[1 * 32 + lane] = __shfl_sync(0xffffffffu, v, 5, W);
  o[2 * 32 + lane] = __shfl_up_sync(0xffffffffu, v, 1, W);
  o[3 * 32 + lane] = __shfl_up_sync(0xffffffffu, v, 3, W);
  o[4 * 32 + lane] = __shfl_down_sync(0xffffffffu, v, 2, W);
  o[5 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 1, W);
  o[6 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 5, W);
}
extern "C" __global__ void shfl_width(const u32* in, u32* out) {
  shfl_width_block<4>(in, out, 0);
  shfl_width_block<8>(in, out, 1);
  shfl_width_block<16>(in, out, 2);
  shfl_width_block<32>(in, out, 3);
  u32 lane = lane_id();
  u64 x = mk64(in[lane], in[32 + lane]);
  u64 y = __shfl_down_sync(0xffffffffu, x, 3, 8);
  out[28 * 32 + 2 * lane] = lo32(y);
  out[28 * 32 + 2 * lane + 1] = hi32(y);
  double dx = __hiloint2double((int)in[32 + lane], (int)in[lane]);
  double dy = __shfl_xor_sync(0xffffffffu, dx, 6, 16);
  out[30 * 32 + 2 * lane] = (u32)__double2loint(dy);
  out[30 * 32 + 2 * lane + 1] = (u32)__double2hiint(dy);
}

// PTX ISA examples: butterfly reduction (f32) and .up inclusive scan (f32 and u32),
// every intermediate step recorded. in[lane] = f32 bits of the input.
extern "C" __global__ void shfl_bfly_scan(const u32* in, u32* out) {
  u32 lane = lane_id();
  float x = __uint_as_float(in[lane]);
  asm volatile("{ .reg .f32 y; shfl.sync.bfly.b32 y, %0, 0x10, 0x1f, 0xffffffff; add.f32 %0, y, %0; }" : "+f"(x));
  out[0 * 32 + lane] = __float_as_uint(x);
  asm volatile("{ .reg .f32 y; shfl.sync.bfly.b32 y, %0, 0x8, 0x1f, 0xffffffff; add.f32 %0, y, %0; }" : "+f"(x));
  out[1 * 32 + lane] = __float_as_uint(x);
  asm volatile("{ .reg .f32 y; shfl.sync.bfly.b32 y, %0, 0x4, 0x1f, 0xffffffff; add.f32 %0, y, %0; }" : "+f"(x));
  out[2 * 32 + lane] = __float_as_uint(x);
  asm volatile("{ .reg .f32 y; shfl.sync.bfly.b32 y, %0, 0x2, 0x1f, 0xffffffff; add.f32 %0, y, %0; }" : "+f"(x));
  out[3 * 32 + lane] = __float_as_uint(x);
  asm volatile("{ .reg .f32 y; shfl.sync.bfly.b32 y, %0, 0x1, 0x1f, 0xffffffff; add.f32 %0, y, %0; }" : "+f"(x));
  out[4 * 32 + lane] = __float_as_uint(x);

  float s = __uint_as_float(in[lane]);
  asm volatile("{ .reg .pred p; .reg .f32 y; shfl.sync.up.b32 y|p, %0, 0x1, 0x0, 0xffffffff; @p add.f32 %0, y, %0; }" : "+f"(s));
  out[5 * 32 + lane] = __float_as_uint(s);
  asm volatile("{ .reg .pred p; .reg .f32 y; shfl.sync.up.b32 y|p, %0, 0x2, 0x0, 0xffffffff; @p add.f32 %0, y, %0; }" : "+f"(s));
  out[6 * 32 + lane] = __float_as_uint(s);
  asm volatile("{ .reg .pred p; .reg .f32 y; shfl.sync.up.b32 y|p, %0, 0x4, 0x0, 0xffffffff; @p add.f32 %0, y, %0; }" : "+f"(s));
  out[7 * 32 + lane] = __float_as_uint(s);
  asm volatile("{ .reg .pred p; .reg .f32 y; shfl.sync.up.b32 y|p, %0, 0x8, 0x0, 0xffffffff; @p add.f32 %0, y, %0; }" : "+f"(s));
  out[8 * 32 + lane] = __float_as_uint(s);
  asm volatile("{ .reg .pred p; .reg .f32 y; shfl.sync.up.b32 y|p, %0, 0x10, 0x0, 0xffffffff; @p add.f32 %0, y, %0; }" : "+f"(s));
  out[9 * 32 + lane] = __float_as_uint(s);

  u32 t = in[lane] & 0xffffu;
  for (int k = 0; k < 5; ++k) {
    u32 off = 1u << k;
    asm volatile("{ .reg .pred p; .reg .b32 y; shfl.sync.up.b32 y|p, %0, %1, 0x0, 0xffffffff; @p add.u32 %0, y, %0; }" : "+r"(t) : "r"(off));
    out[(10 + k) * 32 + lane] = t;
  }
}

// Partial member masks executed only by the lanes named in the mask (defined).
extern "C" __global__ void shfl_partial_mask(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  if (lane < 16) {
    out[0 * 32 + lane] = __shfl_sync(0x0000ffffu, v, (int)((lane + 3) & 15));
    out[1 * 32 + lane] = __shfl_down_sync(0x0000ffffu, v, 1, 16);
    out[2 * 32 + lane] = __shfl_xor_sync(0x0000ffffu, v, 4);
    out[3 * 32 + lane] = __shfl_up_sync(0x0000ffffu, v, 2);
  } else {
    out[4 * 32 + lane] = __shfl_sync(0xffff0000u, v, (int)(16 + ((lane * 5) & 15)));
    out[5 * 32 + lane] = __shfl_xor_sync(0xffff0000u, v, 1);
  }
  if (lane & 1) {
    out[6 * 32 + lane] = __shfl_xor_sync(0xaaaaaaaau, v, 2);
    out[7 * 32 + lane] = __shfl_sync(0xaaaaaaaau, v, (int)((lane + 4) & 31));
    u32 d, p;
    asm volatile("{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }"
                 : "=r"(d), "=r"(p) : "r"(v));
    out[8 * 32 + lane] = d;
    out[9 * 32 + lane] = p;
  }
}

// Lanes 16..31 exit, then full-mask shuffles whose sources are all live (defined).
extern "C" __global__ void shfl_exited16(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if (lane >= 16) return;
  out[0 * 32 + lane] = __shfl_sync(0xffffffffu, v, (int)(lane ^ 1));
  out[1 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 8);
  out[2 * 32 + lane] = __shfl_up_sync(0xffffffffu, v, 1);
  out[3 * 32 + lane] = __shfl_down_sync(0xffffffffu, v, 1, 16);
  out[4 * 32 + lane] = __shfl_sync(0xffffffffu, v, 15 - (int)lane);
}

// UNDEFINED: lanes 16..31 exited, full-mask shuffles sourcing exited lanes.
extern "C" __global__ void shfl_undef_exited_src(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if (lane >= 16) return;
  u32 d, p;
  asm volatile("{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v), "r"(lane + 16));
  out[0 * 32 + lane] = d; out[1 * 32 + lane] = p;
  asm volatile("{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v));
  out[2 * 32 + lane] = d; out[3 * 32 + lane] = p;
  asm volatile("{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v));
  out[4 * 32 + lane] = d; out[5 * 32 + lane] = p;
}

// UNDEFINED: inside `if (lane < 16)` with membermask 0x0000ffff, sources in 16..31
// (inactive and not in membermask). The else branch writes its own words.
extern "C" __global__ void shfl_undef_inactive_src(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if (lane < 16) {
    u32 d, p;
    asm volatile("{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }"
                 : "=r"(d), "=r"(p) : "r"(v), "r"(lane + 16));
    out[0 * 32 + lane] = d; out[1 * 32 + lane] = p;
    asm volatile("{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 8, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }"
                 : "=r"(d), "=r"(p) : "r"(v));
    out[2 * 32 + lane] = d; out[3 * 32 + lane] = p;
  } else {
    out[4 * 32 + lane] = v ^ 0x5a5a5a5au;
  }
}

// UNDEFINED: whole warp converged, lanes 0..15 pass membermask 0x0000ffff and
// lanes 16..31 pass 0xffff0000 (in a register); each sources lane ^ 16, which is
// active but not in its membermask.
extern "C" __global__ void shfl_undef_not_in_mask(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  u32 mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  u32 d, p;
  asm volatile("{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v), "r"(lane ^ 16), "r"(mask));
  out[0 * 32 + lane] = d; out[1 * 32 + lane] = p;
  asm volatile("{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, %3; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v), "r"(mask));
  out[2 * 32 + lane] = d; out[3 * 32 + lane] = p;
  asm volatile("{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p) : "r"(v), "r"((lane + 1) & 31), "r"(mask));
  out[4 * 32 + lane] = d; out[5 * 32 + lane] = p;
}
