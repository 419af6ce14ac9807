// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module hwmode_def.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_def.cu -o hwmode_def.ptx
// Layouts (in/out rows, sites) are in cases.json.
#include "hwmode_common.cuh"

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_shfl_idx(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_shfl_up(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_shfl_down(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_shfl_bfly(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_vote(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 3), non-zero = true
#define HWM_EXIT() return
  {  // site 0: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S0\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
  }
  {  // site 1: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
  }
  {  // site 2: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(3, 12, 13, 14);
    out[15 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_match(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 3)
#define HWM_EXIT() return
  {  // site 0: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S0\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
  }
  {  // site 1: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
    out[8 * 32 + lane] = p_;
  }
  {  // site 2: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(2, 9, 10, 11);
    out[12 * 32 + lane] = d_;
  }
  {  // site 3: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_redux(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 0): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 1): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 2): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 3): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 4): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 5): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 6): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 7): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 8): random 32-bit
#define HWM_EXIT() return
  {  // site 0: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
  }
  {  // site 1: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
  }
  {  // site 2: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(3, 12, 13, 14);
    out[15 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(5, 20, 21, 22);
    out[23 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(6, 24, 25, 26);
    out[27 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(7, 28, 29, 30);
    out[31 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(8, 32, 33, 34);
    out[35 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_barwarp(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  {  // site 0: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
    asm volatile("// hwm S0\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = n1_;
    out[4 * 32 + lane] = n16_;
  }
  {  // site 1: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
    asm volatile("// hwm S1\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = n1_;
    out[9 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | def_full (control) | defined: full membermask, whole warp converged
extern "C" __global__ void def_full_elect(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  {  // site 0: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_idx_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 3)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 4)
  const u32 v11 = hwm_pin(in[352 + lane]);  // shfl a (site 5)
  const u32 v12 = hwm_pin(in[384 + lane]);  // shfl b (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.idx.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.idx.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.idx.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.idx.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.idx.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 16, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.idx.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v11), "r"(v12) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_idx_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 3)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 4)
  const u32 v11 = hwm_pin(in[352 + lane]);  // shfl a (site 5)
  const u32 v12 = hwm_pin(in[384 + lane]);  // shfl b (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.idx.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.idx.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.idx.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.idx.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.idx.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 1, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.idx.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v11), "r"(v12) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_idx_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 3)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 4)
  const u32 v11 = hwm_pin(in[352 + lane]);  // shfl a (site 5)
  const u32 v12 = hwm_pin(in[384 + lane]);  // shfl b (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.idx.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.idx.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 2, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.idx.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.idx.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.idx.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.idx.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v11), "r"(v12) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_up_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.up.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.up.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.up.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x1000, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_up_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.up.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x0, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.up.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.up.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.up.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x0, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.up.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.up.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_up_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.up.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 11, 0x1000, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.up.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.up.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 11, 0x1000, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.up.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 28, 0x0, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.up.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.up.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 28, 0x0, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_down_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.down.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x101f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.down.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.down.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.down.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.down.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.down.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_down_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.down.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.down.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.down.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.down.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.down.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.down.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_down_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.down.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 7, 0x181f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.down.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.down.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 7, 0x181f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.down.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 28, 0x1f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.down.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.down.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 11, 0xf, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_bfly_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.bfly.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.bfly.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.bfly.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.bfly.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.bfly.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_bfly_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.bfly.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.bfly.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 2, 0x1c1f, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.bfly.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.bfly.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.bfly.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 2, 0x1c1f, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_shfl_bfly_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl a (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // shfl a (site 4)
  const u32 v9 = hwm_pin(in[288 + lane]);  // shfl b (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // shfl a (site 5)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 7, 0x1800, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.bfly.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.bfly.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 7, 0x1800, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    {  // site 3: shfl.sync.bfly.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x0, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v7) : "memory");
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = d_;
      out[19 * 32 + lane] = p_;
    }
    {  // site 4: shfl.sync.bfly.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v8), "r"(v9) : "memory");
      HWM_MARK(4, 20, 21, 22);
      out[23 * 32 + lane] = d_;
      out[24 * 32 + lane] = p_;
    }
    {  // site 5: shfl.sync.bfly.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x0, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 25, 26, 27);
      out[28 * 32 + lane] = d_;
      out[29 * 32 + lane] = p_;
    }
  }
  HWM_MARK(6, 30, 31, 32);  // mark: join
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_vote_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v7 = hwm_pin(in[224 + lane]);  // vote predicate (site 4), non-zero = true
  const u32 v8 = hwm_pin(in[256 + lane]);  // vote predicate (site 5), non-zero = true
  const u32 v9 = hwm_pin(in[288 + lane]);  // vote predicate (site 6), non-zero = true
  const u32 v10 = hwm_pin(in[320 + lane]);  // vote predicate (site 7), non-zero = true
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: vote.sync.all.pred, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0x0000ffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: vote.sync.any.pred, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0x0000ffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: vote.sync.uni.pred, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0x0000ffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: vote.sync.ballot.b32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
  } else {
    {  // site 4: vote.sync.all.pred, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S4\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffff0000; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: vote.sync.any.pred, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S5\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffff0000; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: vote.sync.uni.pred, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S6\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffff0000; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: vote.sync.ballot.b32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffff0000; }" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
  }
  HWM_MARK(8, 32, 33, 34);  // mark: join
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_vote_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v7 = hwm_pin(in[224 + lane]);  // vote predicate (site 4), non-zero = true
  const u32 v8 = hwm_pin(in[256 + lane]);  // vote predicate (site 5), non-zero = true
  const u32 v9 = hwm_pin(in[288 + lane]);  // vote predicate (site 6), non-zero = true
  const u32 v10 = hwm_pin(in[320 + lane]);  // vote predicate (site 7), non-zero = true
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: vote.sync.all.pred, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0x55555555; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: vote.sync.any.pred, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0x55555555; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: vote.sync.uni.pred, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0x55555555; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: vote.sync.ballot.b32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x55555555; }" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
  } else {
    {  // site 4: vote.sync.all.pred, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S4\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xaaaaaaaa; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: vote.sync.any.pred, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S5\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xaaaaaaaa; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: vote.sync.uni.pred, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S6\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xaaaaaaaa; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: vote.sync.ballot.b32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xaaaaaaaa; }" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
  }
  HWM_MARK(8, 32, 33, 34);  // mark: join
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_vote_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v7 = hwm_pin(in[224 + lane]);  // vote predicate (site 4), non-zero = true
  const u32 v8 = hwm_pin(in[256 + lane]);  // vote predicate (site 5), non-zero = true
  const u32 v9 = hwm_pin(in[288 + lane]);  // vote predicate (site 6), non-zero = true
  const u32 v10 = hwm_pin(in[320 + lane]);  // vote predicate (site 7), non-zero = true
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: vote.sync.all.pred, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xc9df835c; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: vote.sync.any.pred, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xc9df835c; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: vote.sync.uni.pred, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xc9df835c; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: vote.sync.ballot.b32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xc9df835c; }" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
  } else {
    {  // site 4: vote.sync.all.pred, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S4\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0x36207ca3; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: vote.sync.any.pred, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S5\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0x36207ca3; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: vote.sync.uni.pred, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S6\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0x36207ca3; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: vote.sync.ballot.b32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x36207ca3; }" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
  }
  HWM_MARK(8, 32, 33, 34);  // mark: join
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_match_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // match value low word (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // match value low word (site 5)
  const u32 v11 = hwm_pin(in[352 + lane]);  // match value low word (site 6)
  const u32 v12 = hwm_pin(in[384 + lane]);  // match value high word (site 6)
  const u32 v13 = hwm_pin(in[416 + lane]);  // match value low word (site 7)
  const u32 v14 = hwm_pin(in[448 + lane]);  // match value high word (site 7)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: match.any.sync.b32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S0\n\tmatch.any.sync.b32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: match.all.sync.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
      out[8 * 32 + lane] = p_;
    }
    {  // site 2: match.any.sync.b64, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S2\n\tmatch.any.sync.b64 %0, %1, 0x0000ffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
    }
    {  // site 3: match.all.sync.b64, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
      HWM_MARK(3, 13, 14, 15);
      out[16 * 32 + lane] = d_;
      out[17 * 32 + lane] = p_;
    }
  } else {
    {  // site 4: match.any.sync.b32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S4\n\tmatch.any.sync.b32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(4, 18, 19, 20);
      out[21 * 32 + lane] = d_;
    }
    {  // site 5: match.all.sync.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 22, 23, 24);
      out[25 * 32 + lane] = d_;
      out[26 * 32 + lane] = p_;
    }
    {  // site 6: match.any.sync.b64, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S6\n\tmatch.any.sync.b64 %0, %1, 0xffff0000;" : "=r"(d_) : "l"(((u64)v12 << 32) | v11) : "memory");
      HWM_MARK(6, 27, 28, 29);
      out[30 * 32 + lane] = d_;
    }
    {  // site 7: match.all.sync.b64, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v14 << 32) | v13) : "memory");
      HWM_MARK(7, 31, 32, 33);
      out[34 * 32 + lane] = d_;
      out[35 * 32 + lane] = p_;
    }
  }
  HWM_MARK(8, 36, 37, 38);  // mark: join
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_match_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // match value low word (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // match value low word (site 5)
  const u32 v11 = hwm_pin(in[352 + lane]);  // match value low word (site 6)
  const u32 v12 = hwm_pin(in[384 + lane]);  // match value high word (site 6)
  const u32 v13 = hwm_pin(in[416 + lane]);  // match value low word (site 7)
  const u32 v14 = hwm_pin(in[448 + lane]);  // match value high word (site 7)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: match.any.sync.b32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S0\n\tmatch.any.sync.b32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: match.all.sync.b32, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
      out[8 * 32 + lane] = p_;
    }
    {  // site 2: match.any.sync.b64, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S2\n\tmatch.any.sync.b64 %0, %1, 0x55555555;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
    }
    {  // site 3: match.all.sync.b64, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
      HWM_MARK(3, 13, 14, 15);
      out[16 * 32 + lane] = d_;
      out[17 * 32 + lane] = p_;
    }
  } else {
    {  // site 4: match.any.sync.b32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S4\n\tmatch.any.sync.b32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(4, 18, 19, 20);
      out[21 * 32 + lane] = d_;
    }
    {  // site 5: match.all.sync.b32, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 22, 23, 24);
      out[25 * 32 + lane] = d_;
      out[26 * 32 + lane] = p_;
    }
    {  // site 6: match.any.sync.b64, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S6\n\tmatch.any.sync.b64 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "l"(((u64)v12 << 32) | v11) : "memory");
      HWM_MARK(6, 27, 28, 29);
      out[30 * 32 + lane] = d_;
    }
    {  // site 7: match.all.sync.b64, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v14 << 32) | v13) : "memory");
      HWM_MARK(7, 31, 32, 33);
      out[34 * 32 + lane] = d_;
      out[35 * 32 + lane] = p_;
    }
  }
  HWM_MARK(8, 36, 37, 38);  // mark: join
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_match_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 3)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 3)
  const u32 v9 = hwm_pin(in[288 + lane]);  // match value low word (site 4)
  const u32 v10 = hwm_pin(in[320 + lane]);  // match value low word (site 5)
  const u32 v11 = hwm_pin(in[352 + lane]);  // match value low word (site 6)
  const u32 v12 = hwm_pin(in[384 + lane]);  // match value high word (site 6)
  const u32 v13 = hwm_pin(in[416 + lane]);  // match value low word (site 7)
  const u32 v14 = hwm_pin(in[448 + lane]);  // match value high word (site 7)
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: match.any.sync.b32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S0\n\tmatch.any.sync.b32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: match.all.sync.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
      out[8 * 32 + lane] = p_;
    }
    {  // site 2: match.any.sync.b64, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S2\n\tmatch.any.sync.b64 %0, %1, 0xc9df835c;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
    }
    {  // site 3: match.all.sync.b64, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
      HWM_MARK(3, 13, 14, 15);
      out[16 * 32 + lane] = d_;
      out[17 * 32 + lane] = p_;
    }
  } else {
    {  // site 4: match.any.sync.b32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S4\n\tmatch.any.sync.b32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(4, 18, 19, 20);
      out[21 * 32 + lane] = d_;
    }
    {  // site 5: match.all.sync.b32, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S5\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v10) : "memory");
      HWM_MARK(5, 22, 23, 24);
      out[25 * 32 + lane] = d_;
      out[26 * 32 + lane] = p_;
    }
    {  // site 6: match.any.sync.b64, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S6\n\tmatch.any.sync.b64 %0, %1, 0x36207ca3;" : "=r"(d_) : "l"(((u64)v12 << 32) | v11) : "memory");
      HWM_MARK(6, 27, 28, 29);
      out[30 * 32 + lane] = d_;
    }
    {  // site 7: match.all.sync.b64, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S7\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v14 << 32) | v13) : "memory");
      HWM_MARK(7, 31, 32, 33);
      out[34 * 32 + lane] = d_;
      out[35 * 32 + lane] = p_;
    }
  }
  HWM_MARK(8, 36, 37, 38);  // mark: join
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_redux_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 0): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 1): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 2): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 3): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 4): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 5): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 6): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 7): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 8): random 32-bit
  const u32 v12 = hwm_pin(in[384 + lane]);  // redux value (site 9): 1 << lane (the result is the set of lanes counted)
  const u32 v13 = hwm_pin(in[416 + lane]);  // redux value (site 10): random in [-1000, 1000]
  const u32 v14 = hwm_pin(in[448 + lane]);  // redux value (site 11): random 32-bit
  const u32 v15 = hwm_pin(in[480 + lane]);  // redux value (site 12): random 32-bit
  const u32 v16 = hwm_pin(in[512 + lane]);  // redux value (site 13): random 32-bit
  const u32 v17 = hwm_pin(in[544 + lane]);  // redux value (site 14): random 32-bit
  const u32 v18 = hwm_pin(in[576 + lane]);  // redux value (site 15): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v19 = hwm_pin(in[608 + lane]);  // redux value (site 16): 1 << lane (the result is the set of lanes counted)
  const u32 v20 = hwm_pin(in[640 + lane]);  // redux value (site 17): random 32-bit
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: redux.sync.add.u32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: redux.sync.add.s32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S1\n\tredux.sync.add.s32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: redux.sync.min.u32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S2\n\tredux.sync.min.u32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: redux.sync.min.s32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S3\n\tredux.sync.min.s32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
    {  // site 4: redux.sync.max.u32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S4\n\tredux.sync.max.u32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: redux.sync.max.s32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S5\n\tredux.sync.max.s32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: redux.sync.and.b32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S6\n\tredux.sync.and.b32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: redux.sync.or.b32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S7\n\tredux.sync.or.b32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
    {  // site 8: redux.sync.xor.b32, membermask 0x0000ffff
      u32 d_;
      asm volatile("// hwm S8\n\tredux.sync.xor.b32 %0, %1, 0x0000ffff;" : "=r"(d_) : "r"(v11) : "memory");
      HWM_MARK(8, 32, 33, 34);
      out[35 * 32 + lane] = d_;
    }
  } else {
    {  // site 9: redux.sync.add.u32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S9\n\tredux.sync.add.u32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v12) : "memory");
      HWM_MARK(9, 36, 37, 38);
      out[39 * 32 + lane] = d_;
    }
    {  // site 10: redux.sync.add.s32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S10\n\tredux.sync.add.s32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v13) : "memory");
      HWM_MARK(10, 40, 41, 42);
      out[43 * 32 + lane] = d_;
    }
    {  // site 11: redux.sync.min.u32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S11\n\tredux.sync.min.u32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v14) : "memory");
      HWM_MARK(11, 44, 45, 46);
      out[47 * 32 + lane] = d_;
    }
    {  // site 12: redux.sync.min.s32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S12\n\tredux.sync.min.s32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v15) : "memory");
      HWM_MARK(12, 48, 49, 50);
      out[51 * 32 + lane] = d_;
    }
    {  // site 13: redux.sync.max.u32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S13\n\tredux.sync.max.u32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v16) : "memory");
      HWM_MARK(13, 52, 53, 54);
      out[55 * 32 + lane] = d_;
    }
    {  // site 14: redux.sync.max.s32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S14\n\tredux.sync.max.s32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v17) : "memory");
      HWM_MARK(14, 56, 57, 58);
      out[59 * 32 + lane] = d_;
    }
    {  // site 15: redux.sync.and.b32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S15\n\tredux.sync.and.b32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v18) : "memory");
      HWM_MARK(15, 60, 61, 62);
      out[63 * 32 + lane] = d_;
    }
    {  // site 16: redux.sync.or.b32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S16\n\tredux.sync.or.b32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v19) : "memory");
      HWM_MARK(16, 64, 65, 66);
      out[67 * 32 + lane] = d_;
    }
    {  // site 17: redux.sync.xor.b32, membermask 0xffff0000
      u32 d_;
      asm volatile("// hwm S17\n\tredux.sync.xor.b32 %0, %1, 0xffff0000;" : "=r"(d_) : "r"(v20) : "memory");
      HWM_MARK(17, 68, 69, 70);
      out[71 * 32 + lane] = d_;
    }
  }
  HWM_MARK(18, 72, 73, 74);  // mark: join
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_redux_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 0): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 1): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 2): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 3): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 4): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 5): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 6): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 7): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 8): random 32-bit
  const u32 v12 = hwm_pin(in[384 + lane]);  // redux value (site 9): 1 << lane (the result is the set of lanes counted)
  const u32 v13 = hwm_pin(in[416 + lane]);  // redux value (site 10): random in [-1000, 1000]
  const u32 v14 = hwm_pin(in[448 + lane]);  // redux value (site 11): random 32-bit
  const u32 v15 = hwm_pin(in[480 + lane]);  // redux value (site 12): random 32-bit
  const u32 v16 = hwm_pin(in[512 + lane]);  // redux value (site 13): random 32-bit
  const u32 v17 = hwm_pin(in[544 + lane]);  // redux value (site 14): random 32-bit
  const u32 v18 = hwm_pin(in[576 + lane]);  // redux value (site 15): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v19 = hwm_pin(in[608 + lane]);  // redux value (site 16): 1 << lane (the result is the set of lanes counted)
  const u32 v20 = hwm_pin(in[640 + lane]);  // redux value (site 17): random 32-bit
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: redux.sync.add.u32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: redux.sync.add.s32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S1\n\tredux.sync.add.s32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: redux.sync.min.u32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S2\n\tredux.sync.min.u32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: redux.sync.min.s32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S3\n\tredux.sync.min.s32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
    {  // site 4: redux.sync.max.u32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S4\n\tredux.sync.max.u32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: redux.sync.max.s32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S5\n\tredux.sync.max.s32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: redux.sync.and.b32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S6\n\tredux.sync.and.b32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: redux.sync.or.b32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S7\n\tredux.sync.or.b32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
    {  // site 8: redux.sync.xor.b32, membermask 0x55555555
      u32 d_;
      asm volatile("// hwm S8\n\tredux.sync.xor.b32 %0, %1, 0x55555555;" : "=r"(d_) : "r"(v11) : "memory");
      HWM_MARK(8, 32, 33, 34);
      out[35 * 32 + lane] = d_;
    }
  } else {
    {  // site 9: redux.sync.add.u32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S9\n\tredux.sync.add.u32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v12) : "memory");
      HWM_MARK(9, 36, 37, 38);
      out[39 * 32 + lane] = d_;
    }
    {  // site 10: redux.sync.add.s32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S10\n\tredux.sync.add.s32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v13) : "memory");
      HWM_MARK(10, 40, 41, 42);
      out[43 * 32 + lane] = d_;
    }
    {  // site 11: redux.sync.min.u32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S11\n\tredux.sync.min.u32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v14) : "memory");
      HWM_MARK(11, 44, 45, 46);
      out[47 * 32 + lane] = d_;
    }
    {  // site 12: redux.sync.min.s32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S12\n\tredux.sync.min.s32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v15) : "memory");
      HWM_MARK(12, 48, 49, 50);
      out[51 * 32 + lane] = d_;
    }
    {  // site 13: redux.sync.max.u32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S13\n\tredux.sync.max.u32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v16) : "memory");
      HWM_MARK(13, 52, 53, 54);
      out[55 * 32 + lane] = d_;
    }
    {  // site 14: redux.sync.max.s32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S14\n\tredux.sync.max.s32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v17) : "memory");
      HWM_MARK(14, 56, 57, 58);
      out[59 * 32 + lane] = d_;
    }
    {  // site 15: redux.sync.and.b32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S15\n\tredux.sync.and.b32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v18) : "memory");
      HWM_MARK(15, 60, 61, 62);
      out[63 * 32 + lane] = d_;
    }
    {  // site 16: redux.sync.or.b32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S16\n\tredux.sync.or.b32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v19) : "memory");
      HWM_MARK(16, 64, 65, 66);
      out[67 * 32 + lane] = d_;
    }
    {  // site 17: redux.sync.xor.b32, membermask 0xaaaaaaaa
      u32 d_;
      asm volatile("// hwm S17\n\tredux.sync.xor.b32 %0, %1, 0xaaaaaaaa;" : "=r"(d_) : "r"(v20) : "memory");
      HWM_MARK(17, 68, 69, 70);
      out[71 * 32 + lane] = d_;
    }
  }
  HWM_MARK(18, 72, 73, 74);  // mark: join
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_redux_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 0): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 1): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 2): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 3): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 4): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 5): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 6): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 7): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 8): random 32-bit
  const u32 v12 = hwm_pin(in[384 + lane]);  // redux value (site 9): 1 << lane (the result is the set of lanes counted)
  const u32 v13 = hwm_pin(in[416 + lane]);  // redux value (site 10): random in [-1000, 1000]
  const u32 v14 = hwm_pin(in[448 + lane]);  // redux value (site 11): random 32-bit
  const u32 v15 = hwm_pin(in[480 + lane]);  // redux value (site 12): random 32-bit
  const u32 v16 = hwm_pin(in[512 + lane]);  // redux value (site 13): random 32-bit
  const u32 v17 = hwm_pin(in[544 + lane]);  // redux value (site 14): random 32-bit
  const u32 v18 = hwm_pin(in[576 + lane]);  // redux value (site 15): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v19 = hwm_pin(in[608 + lane]);  // redux value (site 16): 1 << lane (the result is the set of lanes counted)
  const u32 v20 = hwm_pin(in[640 + lane]);  // redux value (site 17): random 32-bit
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: redux.sync.add.u32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    {  // site 1: redux.sync.add.s32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S1\n\tredux.sync.add.s32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v4) : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
    {  // site 2: redux.sync.min.u32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S2\n\tredux.sync.min.u32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v5) : "memory");
      HWM_MARK(2, 8, 9, 10);
      out[11 * 32 + lane] = d_;
    }
    {  // site 3: redux.sync.min.s32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S3\n\tredux.sync.min.s32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v6) : "memory");
      HWM_MARK(3, 12, 13, 14);
      out[15 * 32 + lane] = d_;
    }
    {  // site 4: redux.sync.max.u32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S4\n\tredux.sync.max.u32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v7) : "memory");
      HWM_MARK(4, 16, 17, 18);
      out[19 * 32 + lane] = d_;
    }
    {  // site 5: redux.sync.max.s32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S5\n\tredux.sync.max.s32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v8) : "memory");
      HWM_MARK(5, 20, 21, 22);
      out[23 * 32 + lane] = d_;
    }
    {  // site 6: redux.sync.and.b32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S6\n\tredux.sync.and.b32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v9) : "memory");
      HWM_MARK(6, 24, 25, 26);
      out[27 * 32 + lane] = d_;
    }
    {  // site 7: redux.sync.or.b32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S7\n\tredux.sync.or.b32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v10) : "memory");
      HWM_MARK(7, 28, 29, 30);
      out[31 * 32 + lane] = d_;
    }
    {  // site 8: redux.sync.xor.b32, membermask 0xc9df835c
      u32 d_;
      asm volatile("// hwm S8\n\tredux.sync.xor.b32 %0, %1, 0xc9df835c;" : "=r"(d_) : "r"(v11) : "memory");
      HWM_MARK(8, 32, 33, 34);
      out[35 * 32 + lane] = d_;
    }
  } else {
    {  // site 9: redux.sync.add.u32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S9\n\tredux.sync.add.u32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v12) : "memory");
      HWM_MARK(9, 36, 37, 38);
      out[39 * 32 + lane] = d_;
    }
    {  // site 10: redux.sync.add.s32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S10\n\tredux.sync.add.s32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v13) : "memory");
      HWM_MARK(10, 40, 41, 42);
      out[43 * 32 + lane] = d_;
    }
    {  // site 11: redux.sync.min.u32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S11\n\tredux.sync.min.u32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v14) : "memory");
      HWM_MARK(11, 44, 45, 46);
      out[47 * 32 + lane] = d_;
    }
    {  // site 12: redux.sync.min.s32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S12\n\tredux.sync.min.s32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v15) : "memory");
      HWM_MARK(12, 48, 49, 50);
      out[51 * 32 + lane] = d_;
    }
    {  // site 13: redux.sync.max.u32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S13\n\tredux.sync.max.u32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v16) : "memory");
      HWM_MARK(13, 52, 53, 54);
      out[55 * 32 + lane] = d_;
    }
    {  // site 14: redux.sync.max.s32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S14\n\tredux.sync.max.s32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v17) : "memory");
      HWM_MARK(14, 56, 57, 58);
      out[59 * 32 + lane] = d_;
    }
    {  // site 15: redux.sync.and.b32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S15\n\tredux.sync.and.b32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v18) : "memory");
      HWM_MARK(15, 60, 61, 62);
      out[63 * 32 + lane] = d_;
    }
    {  // site 16: redux.sync.or.b32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S16\n\tredux.sync.or.b32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v19) : "memory");
      HWM_MARK(16, 64, 65, 66);
      out[67 * 32 + lane] = d_;
    }
    {  // site 17: redux.sync.xor.b32, membermask 0x36207ca3
      u32 d_;
      asm volatile("// hwm S17\n\tredux.sync.xor.b32 %0, %1, 0x36207ca3;" : "=r"(d_) : "r"(v20) : "memory");
      HWM_MARK(17, 68, 69, 70);
      out[71 * 32 + lane] = d_;
    }
  }
  HWM_MARK(18, 72, 73, 74);  // mark: join
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_barwarp_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: bar.warp.sync, membermask 0x0000ffff
      vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
      asm volatile("// hwm S0\n\tbar.warp.sync 0x0000ffff;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = n1_;
      out[4 * 32 + lane] = n16_;
    }
    {  // site 1: bar.warp.sync, membermask 0x0000ffff
      vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
      asm volatile("// hwm S1\n\tbar.warp.sync 0x0000ffff;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = n1_;
      out[9 * 32 + lane] = n16_;
    }
  } else {
    {  // site 2: bar.warp.sync, membermask 0xffff0000
      vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
      asm volatile("// hwm S2\n\tbar.warp.sync 0xffff0000;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = n1_;
      out[14 * 32 + lane] = n16_;
    }
    {  // site 3: bar.warp.sync, membermask 0xffff0000
      vbuf[lane] = 0xB1000000u | (3u << 16) | lane;
      asm volatile("// hwm S3\n\tbar.warp.sync 0xffff0000;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = n1_;
      out[19 * 32 + lane] = n16_;
    }
  }
  HWM_MARK(4, 20, 21, 22);  // mark: join
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_barwarp_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: bar.warp.sync, membermask 0x55555555
      vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
      asm volatile("// hwm S0\n\tbar.warp.sync 0x55555555;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = n1_;
      out[4 * 32 + lane] = n16_;
    }
    {  // site 1: bar.warp.sync, membermask 0x55555555
      vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
      asm volatile("// hwm S1\n\tbar.warp.sync 0x55555555;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = n1_;
      out[9 * 32 + lane] = n16_;
    }
  } else {
    {  // site 2: bar.warp.sync, membermask 0xaaaaaaaa
      vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
      asm volatile("// hwm S2\n\tbar.warp.sync 0xaaaaaaaa;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = n1_;
      out[14 * 32 + lane] = n16_;
    }
    {  // site 3: bar.warp.sync, membermask 0xaaaaaaaa
      vbuf[lane] = 0xB1000000u | (3u << 16) | lane;
      asm volatile("// hwm S3\n\tbar.warp.sync 0xaaaaaaaa;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = n1_;
      out[19 * 32 + lane] = n16_;
    }
  }
  HWM_MARK(4, 20, 21, 22);  // mark: join
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_barwarp_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: bar.warp.sync, membermask 0xc9df835c
      vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
      asm volatile("// hwm S0\n\tbar.warp.sync 0xc9df835c;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = n1_;
      out[4 * 32 + lane] = n16_;
    }
    {  // site 1: bar.warp.sync, membermask 0xc9df835c
      vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
      asm volatile("// hwm S1\n\tbar.warp.sync 0xc9df835c;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = n1_;
      out[9 * 32 + lane] = n16_;
    }
  } else {
    {  // site 2: bar.warp.sync, membermask 0x36207ca3
      vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
      asm volatile("// hwm S2\n\tbar.warp.sync 0x36207ca3;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = n1_;
      out[14 * 32 + lane] = n16_;
    }
    {  // site 3: bar.warp.sync, membermask 0x36207ca3
      vbuf[lane] = 0xB1000000u | (3u << 16) | lane;
      asm volatile("// hwm S3\n\tbar.warp.sync 0x36207ca3;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(3, 15, 16, 17);
      out[18 * 32 + lane] = n1_;
      out[19 * 32 + lane] = n16_;
    }
  }
  HWM_MARK(4, 20, 21, 22);  // mark: join
#undef HWM_EXIT
}

// elect.sync d|p, _|p | def_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_elect_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: elect.sync, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; elect.sync %0|q, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: elect.sync, membermask 0x0000ffff
      u32 p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync _|q, 0x0000ffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = p_;
    }
  } else {
    {  // site 2: elect.sync, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync %0|q, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
      out[13 * 32 + lane] = p_;
    }
    {  // site 3: elect.sync, membermask 0xffff0000
      u32 p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; elect.sync _|q, 0xffff0000; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(3, 14, 15, 16);
      out[17 * 32 + lane] = p_;
    }
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// elect.sync d|p, _|p | def_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_elect_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: elect.sync, membermask 0x55555555
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; elect.sync %0|q, 0x55555555; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: elect.sync, membermask 0x55555555
      u32 p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync _|q, 0x55555555; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = p_;
    }
  } else {
    {  // site 2: elect.sync, membermask 0xaaaaaaaa
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync %0|q, 0xaaaaaaaa; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
      out[13 * 32 + lane] = p_;
    }
    {  // site 3: elect.sync, membermask 0xaaaaaaaa
      u32 p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; elect.sync _|q, 0xaaaaaaaa; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(3, 14, 15, 16);
      out[17 * 32 + lane] = p_;
    }
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// elect.sync d|p, _|p | def_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes (shfl operands chosen so every source is in the group)
extern "C" __global__ void def_part_elect_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: elect.sync, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; elect.sync %0|q, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: elect.sync, membermask 0xc9df835c
      u32 p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync _|q, 0xc9df835c; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = p_;
    }
  } else {
    {  // site 2: elect.sync, membermask 0x36207ca3
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync %0|q, 0x36207ca3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(2, 9, 10, 11);
      out[12 * 32 + lane] = d_;
      out[13 * 32 + lane] = p_;
    }
    {  // site 3: elect.sync, membermask 0x36207ca3
      u32 p_;
      asm volatile("// hwm S3\n\t{ .reg .pred q; elect.sync _|q, 0x36207ca3; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
      HWM_MARK(3, 14, 15, 16);
      out[17 * 32 + lane] = p_;
    }
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}
