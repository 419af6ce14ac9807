// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module hwmode_b.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_b.cu -o hwmode_b.ptx
// Layouts (in/out rows, sites) are in cases.json.
#include "hwmode_common.cuh"

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_idx_half(const u32* in, u32* out) {
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

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_idx_even(const u32* in, u32* out) {
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

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_idx_rand(const u32* in, u32* out) {
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

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_up_half(const u32* in, u32* out) {
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

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_up_even(const u32* in, u32* out) {
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

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_up_rand(const u32* in, u32* out) {
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

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_down_half(const u32* in, u32* out) {
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

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_down_even(const u32* in, u32* out) {
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

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_down_rand(const u32* in, u32* out) {
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

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_bfly_half(const u32* in, u32* out) {
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

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_bfly_even(const u32* in, u32* out) {
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

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_shfl_bfly_rand(const u32* in, u32* out) {
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

// vote.sync .all .any .uni .ballot | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_vote_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 4), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_vote_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 4), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_vote_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 1), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 4), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_match_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 3)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 4)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
    out[11 * 32 + lane] = p_;
  }
  {  // site 3: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(3, 12, 13, 14);
    out[15 * 32 + lane] = d_;
  }
  {  // site 4: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_match_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 3)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 4)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
    out[11 * 32 + lane] = p_;
  }
  {  // site 3: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(3, 12, 13, 14);
    out[15 * 32 + lane] = d_;
  }
  {  // site 4: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_match_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 1)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 3)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 4)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
    out[11 * 32 + lane] = p_;
  }
  {  // site 3: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(3, 12, 13, 14);
    out[15 * 32 + lane] = d_;
  }
  {  // site 4: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_redux_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 1): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 2): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 3): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 4): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 5): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 6): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 7): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 8): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 9): random 32-bit
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(5, 19, 20, 21);
    out[22 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(6, 23, 24, 25);
    out[26 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(7, 27, 28, 29);
    out[30 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(8, 31, 32, 33);
    out[34 * 32 + lane] = d_;
  }
  {  // site 9: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S9\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(9, 35, 36, 37);
    out[38 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_redux_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 1): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 2): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 3): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 4): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 5): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 6): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 7): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 8): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 9): random 32-bit
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(5, 19, 20, 21);
    out[22 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(6, 23, 24, 25);
    out[26 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(7, 27, 28, 29);
    out[30 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(8, 31, 32, 33);
    out[34 * 32 + lane] = d_;
  }
  {  // site 9: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S9\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(9, 35, 36, 37);
    out[38 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_redux_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 1): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 2): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 3): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 4): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 5): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 6): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 7): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 8): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 9): random 32-bit
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S1\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
  {  // site 2: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(2, 7, 8, 9);
    out[10 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(5, 19, 20, 21);
    out[22 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(6, 23, 24, 25);
    out[26 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(7, 27, 28, 29);
    out[30 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(8, 31, 32, 33);
    out[34 * 32 + lane] = d_;
  }
  {  // site 9: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S9\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(9, 35, 36, 37);
    out[38 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_barwarp_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
    asm volatile("// hwm S1\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = n1_;
    out[7 * 32 + lane] = n16_;
  }
  {  // site 2: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
    asm volatile("// hwm S2\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = n1_;
    out[12 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_barwarp_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
    asm volatile("// hwm S1\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = n1_;
    out[7 * 32 + lane] = n16_;
  }
  {  // site 2: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
    asm volatile("// hwm S2\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = n1_;
    out[12 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_barwarp_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (1u << 16) | lane;
    asm volatile("// hwm S1\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = n1_;
    out[7 * 32 + lane] = n16_;
  }
  {  // site 2: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
    asm volatile("// hwm S2\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = n1_;
    out[12 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | b_exit (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_elect_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | b_exit (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_elect_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | b_exit (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name no exemption for exited lanes
extern "C" __global__ void b_exit_elect_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    HWM_EXIT();
  }
  {  // site 1: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S1\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
    out[7 * 32 + lane] = p_;
  }
  {  // site 2: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_idx_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f) | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_idx_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 2)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl a (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
  const u32 v7 = hwm_pin(in[224 + lane]);  // shfl b (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 0, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.idx.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x181f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6), "r"(v7) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_up_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00) | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_up_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 1, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, %3, 0x0, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.up.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.up.b32 %0|q, %2, 2, 0x1c00, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_down_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f) | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_down_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 1, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.down.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, 2, 0xf, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_bfly_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// shfl.sync .bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f) | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_shfl_bfly_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl a (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // shfl b (site 3)
  const u32 v6 = hwm_pin(in[192 + lane]);  // shfl a (site 4)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4), "r"(v5) : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = d_;
    out[15 * 32 + lane] = p_;
  }
  {  // site 4: shfl.sync.bfly.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S4\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 1, 0x1c1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v6) : "memory");
    HWM_MARK(4, 16, 17, 18);
    out[19 * 32 + lane] = d_;
    out[20 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_vote_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 4), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 5), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
  {  // site 4: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(4, 14, 15, 16);
    out[17 * 32 + lane] = d_;
  }
  {  // site 5: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(5, 18, 19, 20);
    out[21 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// vote.sync .all .any .uni .ballot | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_vote_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 2), non-zero = true
  const u32 v4 = hwm_pin(in[128 + lane]);  // vote predicate (site 3), non-zero = true
  const u32 v5 = hwm_pin(in[160 + lane]);  // vote predicate (site 4), non-zero = true
  const u32 v6 = hwm_pin(in[192 + lane]);  // vote predicate (site 5), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: vote.sync.all.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: vote.sync.any.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.any.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
  {  // site 4: vote.sync.uni.pred, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\t{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.uni.pred r, q, 0xffffffff; selp.u32 %0, 1, 0, r; }" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(4, 14, 15, 16);
    out[17 * 32 + lane] = d_;
  }
  {  // site 5: vote.sync.ballot.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(5, 18, 19, 20);
    out[21 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_match_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 4)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 4)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 5)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 5)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
  {  // site 4: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
  {  // site 5: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S5\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(5, 19, 20, 21);
    out[22 * 32 + lane] = d_;
    out[23 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// match.sync .any.b32 .all.b32 .any.b64 .all.b64 | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_match_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 2)
  const u32 v4 = hwm_pin(in[128 + lane]);  // match value low word (site 3)
  const u32 v5 = hwm_pin(in[160 + lane]);  // match value low word (site 4)
  const u32 v6 = hwm_pin(in[192 + lane]);  // match value high word (site 4)
  const u32 v7 = hwm_pin(in[224 + lane]);  // match value low word (site 5)
  const u32 v8 = hwm_pin(in[256 + lane]);  // match value high word (site 5)
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: match.any.sync.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: match.all.sync.b32, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
    out[14 * 32 + lane] = p_;
  }
  {  // site 4: match.any.sync.b64, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tmatch.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(d_) : "l"(((u64)v6 << 32) | v5) : "memory");
    HWM_MARK(4, 15, 16, 17);
    out[18 * 32 + lane] = d_;
  }
  {  // site 5: match.all.sync.b64, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S5\n\t{ .reg .pred q; match.all.sync.b64 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "l"(((u64)v8 << 32) | v7) : "memory");
    HWM_MARK(5, 19, 20, 21);
    out[22 * 32 + lane] = d_;
    out[23 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_redux_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 2): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 3): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 4): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 5): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 6): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 7): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 8): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 9): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 10): random 32-bit
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(4, 14, 15, 16);
    out[17 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(5, 18, 19, 20);
    out[21 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(6, 22, 23, 24);
    out[25 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(7, 26, 27, 28);
    out[29 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(8, 30, 31, 32);
    out[33 * 32 + lane] = d_;
  }
  {  // site 9: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S9\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(9, 34, 35, 36);
    out[37 * 32 + lane] = d_;
  }
  {  // site 10: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S10\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(10, 38, 39, 40);
    out[41 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// redux.sync .add.u32 .add.s32 .min.u32 .min.s32 .max.u32 .max.s32 .and.b32 .or.b32 .xor.b32 | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_redux_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 2): 1 << lane (the result is the set of lanes counted)
  const u32 v4 = hwm_pin(in[128 + lane]);  // redux value (site 3): random in [-1000, 1000]
  const u32 v5 = hwm_pin(in[160 + lane]);  // redux value (site 4): random 32-bit
  const u32 v6 = hwm_pin(in[192 + lane]);  // redux value (site 5): random 32-bit
  const u32 v7 = hwm_pin(in[224 + lane]);  // redux value (site 6): random 32-bit
  const u32 v8 = hwm_pin(in[256 + lane]);  // redux value (site 7): random 32-bit
  const u32 v9 = hwm_pin(in[288 + lane]);  // redux value (site 8): ~(1 << lane) (the result is ~(set of lanes counted))
  const u32 v10 = hwm_pin(in[320 + lane]);  // redux value (site 9): 1 << lane (the result is the set of lanes counted)
  const u32 v11 = hwm_pin(in[352 + lane]);  // redux value (site 10): random 32-bit
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: redux.sync.add.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S2\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  {  // site 3: redux.sync.add.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S3\n\tredux.sync.add.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v4) : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
  {  // site 4: redux.sync.min.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S4\n\tredux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v5) : "memory");
    HWM_MARK(4, 14, 15, 16);
    out[17 * 32 + lane] = d_;
  }
  {  // site 5: redux.sync.min.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S5\n\tredux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v6) : "memory");
    HWM_MARK(5, 18, 19, 20);
    out[21 * 32 + lane] = d_;
  }
  {  // site 6: redux.sync.max.u32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S6\n\tredux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v7) : "memory");
    HWM_MARK(6, 22, 23, 24);
    out[25 * 32 + lane] = d_;
  }
  {  // site 7: redux.sync.max.s32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S7\n\tredux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v8) : "memory");
    HWM_MARK(7, 26, 27, 28);
    out[29 * 32 + lane] = d_;
  }
  {  // site 8: redux.sync.and.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S8\n\tredux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v9) : "memory");
    HWM_MARK(8, 30, 31, 32);
    out[33 * 32 + lane] = d_;
  }
  {  // site 9: redux.sync.or.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S9\n\tredux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v10) : "memory");
    HWM_MARK(9, 34, 35, 36);
    out[37 * 32 + lane] = d_;
  }
  {  // site 10: redux.sync.xor.b32, membermask 0xffffffff
    u32 d_;
    asm volatile("// hwm S10\n\tredux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v11) : "memory");
    HWM_MARK(10, 38, 39, 40);
    out[41 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_barwarp_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    vbuf[lane] = 0xB2000000u | lane;
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
    asm volatile("// hwm S2\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = n1_;
    out[10 * 32 + lane] = n16_;
  }
  {  // site 3: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (3u << 16) | lane;
    asm volatile("// hwm S3\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = n1_;
    out[15 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// bar.warp.sync (two in a row) | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_barwarp_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (lane == 0) hwm_ctr = 0u;
  hwm_buf[lane] = 0xB0000000u | lane;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    vbuf[lane] = 0xB2000000u | lane;
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (2u << 16) | lane;
    asm volatile("// hwm S2\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = n1_;
    out[10 * 32 + lane] = n16_;
  }
  {  // site 3: bar.warp.sync, membermask 0xffffffff
    vbuf[lane] = 0xB1000000u | (3u << 16) | lane;
    asm volatile("// hwm S3\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
    const u32 n1_ = vbuf[(lane + 1u) & 31u];
    const u32 n16_ = vbuf[lane ^ 16u];
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = n1_;
    out[15 * 32 + lane] = n16_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | b_late (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_elect_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}

// elect.sync d|p, _|p | b_late (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)
extern "C" __global__ void b_late_elect_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin, before return
    HWM_EXIT();
  }
  {  // site 2: elect.sync, membermask 0xffffffff
    u32 d_, p_;
    asm volatile("// hwm S2\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
    out[10 * 32 + lane] = p_;
  }
  {  // site 3: elect.sync, membermask 0xffffffff
    u32 p_;
    asm volatile("// hwm S3\n\t{ .reg .pred q; elect.sync _|q, 0xffffffff; selp.u32 %0, 1, 0, q; }" : "=r"(p_) :  : "memory");
    HWM_MARK(3, 11, 12, 13);
    out[14 * 32 + lane] = p_;
  }
#undef HWM_EXIT
}
