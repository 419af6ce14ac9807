// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module hwmode_d.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_d.cu -o hwmode_d.ptx
// Layouts (in/out rows, sites) are in cases.json.
#include "hwmode_common.cuh"

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_inactive (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_idx_half(const u32* in, u32* out) {
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
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_inactive (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_idx_rand(const u32* in, u32* out) {
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
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
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
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_inactive (d) | pattern hi P=0xffff0000 Q=0x0000ffff | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_up_hi(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
    {  // site 1: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
    {  // site 2: shfl.sync.up.b32, membermask 0xffff0000
      u32 d_, p_;
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffff0000; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_inactive (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_up_rand(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.up.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
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
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_inactive (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_down_half(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.down.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
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
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_inactive (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_down_rand(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.down.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
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
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_inactive (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_bfly_half(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0x0000ffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0x0000ffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
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
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_inactive (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, not in the mask); Q wait at the join
extern "C" __global__ void d_inactive_shfl_bfly_rand(const u32* in, u32* out) {
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
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0xc9df835c
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
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
      asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xc9df835c; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
      HWM_MARK(2, 10, 11, 12);
      out[13 * 32 + lane] = d_;
      out[14 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(3, 15, 16, 17);  // mark: Q skip
  }
  HWM_MARK(4, 18, 19, 20);  // mark: join
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_outside (d) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_idx_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_outside (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_idx_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.idx.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_outside (d) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_up_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_outside (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_up_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.up.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_outside (d) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_down_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_outside (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_down_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.down.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_outside (d) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_bfly_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_outside (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: converged, lanes pass their own group's mask (P or Q) and the register sources lie in the other group (active, outside the reader's mask)
extern "C" __global__ void d_outside_shfl_bfly_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 hm = hwm_pin(in[32 + lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 1)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 2)
#define HWM_EXIT() return
  {  // site 0: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(hm) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
    out[4 * 32 + lane] = p_;
  }
  {  // site 1: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, %4; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5), "r"(hm) : "memory");
    HWM_MARK(1, 5, 6, 7);
    out[8 * 32 + lane] = d_;
    out[9 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.bfly.b32, membermask per-lane register (in row 1)
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, %3; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(hm) : "memory");
    HWM_MARK(2, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_exited (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_idx_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | d_exited (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_idx_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 1)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_exited (d) | pattern hi P=0xffff0000 Q=0x0000ffff | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_up_hi(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | d_exited (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_up_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_exited (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_down_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | d_exited (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_down_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_exited (d) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_bfly_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | d_exited (d) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q (exited)
extern "C" __global__ void d_exited_shfl_bfly_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 2)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 3)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
    out[12 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(3, 13, 14, 15);
    out[16 * 32 + lane] = d_;
    out[17 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}
