// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module hwmode_am.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_am.cu -o hwmode_am.ptx
// Layouts (in/out rows, sites) are in cases.json.
#include "hwmode_common.cuh"

// activemask  | am_full (control) | activemask.b32 in a converged warp
extern "C" __global__ void am_full(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  {  // site 0: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S0\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = d_;
  }
  {  // site 1: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_part (control) | pattern half P=0x0000ffff Q=0xffff0000 | activemask.b32 in both sides of if (sel) / else and after the join
extern "C" __global__ void am_part_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S0\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    {  // site 1: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
  }
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_part (control) | pattern even P=0x55555555 Q=0xaaaaaaaa | activemask.b32 in both sides of if (sel) / else and after the join
extern "C" __global__ void am_part_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S0\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    {  // site 1: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
  }
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_part (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | activemask.b32 in both sides of if (sel) / else and after the join
extern "C" __global__ void am_part_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel != 0u) {
    {  // site 0: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S0\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    {  // site 1: activemask.b32, membermask none
      u32 d_;
      asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
      HWM_MARK(1, 4, 5, 6);
      out[7 * 32 + lane] = d_;
    }
  }
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_exit (control) | pattern half P=0x0000ffff Q=0xffff0000 | activemask.b32 after Q returned
extern "C" __global__ void am_exit_half(const u32* in, u32* out) {
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
  {  // site 1: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_exit (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | activemask.b32 after Q returned
extern "C" __global__ void am_exit_rand(const u32* in, u32* out) {
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
  {  // site 1: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(1, 3, 4, 5);
    out[6 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_spin (control) | pattern half P=0x0000ffff Q=0xffff0000 | activemask.b32 in P while Q spin in[64] ns and then return
extern "C" __global__ void am_spin_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin
    HWM_EXIT();
  }
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  hwm_spin(in[64] / 4u);
  {  // site 3: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S3\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_spin (control) | pattern rand P=0xc9df835c Q=0x36207ca3 | activemask.b32 in P while Q spin in[64] ns and then return
extern "C" __global__ void am_spin_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() return
  if (sel == 0u) {
    HWM_MARK(0, 0, 1, 2);  // mark: Q before return
    hwm_spin(in[64]);
    HWM_MARK(1, 3, 4, 5);  // mark: Q after the spin
    HWM_EXIT();
  }
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 6, 7, 8);
    out[9 * 32 + lane] = d_;
  }
  hwm_spin(in[64] / 4u);
  {  // site 3: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S3\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(3, 10, 11, 12);
    out[13 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_wait (b) | pattern half P=0x0000ffff Q=0xffff0000 | Q execute vote.sync.ballot 0xffffffff while P only read activemask, spin and return: does the ballot wait for P (alive, never executing it)?
extern "C" __global__ void am_wait_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    {  // site 0: vote.sync.ballot.b32, membermask 0xffffffff
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    HWM_EXIT();
  }
  {  // site 1: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
  }
  hwm_spin(in[64]);
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}

// activemask  | am_wait (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | Q execute vote.sync.ballot 0xffffffff while P only read activemask, spin and return: does the ballot wait for P (alive, never executing it)?
extern "C" __global__ void am_wait_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  const u32 lane = hwm_lane();
  if (lane == 0) hwm_ctr = 0u;
  asm volatile("// hwm init\n\tbar.warp.sync 0xffffffff;" : : : "memory");
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
#define HWM_EXIT() return
  if (sel == 0u) {
    {  // site 0: vote.sync.ballot.b32, membermask 0xffffffff
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
    HWM_EXIT();
  }
  {  // site 1: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S1\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(1, 4, 5, 6);
    out[7 * 32 + lane] = d_;
  }
  hwm_spin(in[64]);
  {  // site 2: activemask.b32, membermask none
    u32 d_;
    asm volatile("// hwm S2\n\tactivemask.b32 %0;" : "=r"(d_) :  : "memory");
    HWM_MARK(2, 8, 9, 10);
    out[11 * 32 + lane] = d_;
  }
#undef HWM_EXIT
}
