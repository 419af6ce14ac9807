// Written by gen.py (tests/data/hwmode_extra): kernels still to record for issue 14.
#include "../hwmode/hwmode_common.cuh"
#define HWM_PROLOGUE                                                          \
  __shared__ u32 hwm_ctr;                                                     \
  __shared__ u32 hwm_fin;                                                     \
  const u32 tid = threadIdx.x;                                                \
  const u32 lane = hwm_lane();                                                \
  if (tid == 0) { hwm_ctr = 0u; hwm_fin = 0u; }                              \
  __syncthreads();                                                            \
  if (tid >= 32) {                                                            \
    if (tid == 32) hwm_watchdog(in[65], &hwm_fin, &out[15 * 32 + 31]);        \
    return;                                                                   \
  }                                                                           \
  const u32 sel = hwm_pin(in[lane]);
#define HWM_DONE atomicAdd(&hwm_fin, 1u)

extern "C" __global__ void x_f2_reg_converged_vote(const u32* in, u32* out) {
  HWM_PROLOGUE

  __syncwarp();
  const u32 m_ = hwm_pin(in[64 + 3]);
  u32 b;
  asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, %2; }"
               : "=r"(b) : "r"(sel), "r"(m_) : "memory");
  HWM_MARK(0, 0, 1, 2);
  out[3 * 32 + lane] = b;
  HWM_DONE;
}

extern "C" __global__ void x_f2_reg_converged_redux(const u32* in, u32* out) {
  HWM_PROLOGUE

  __syncwarp();
  const u32 m_ = hwm_pin(in[64 + 3]);
  u32 s;
  asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, %2;" : "=r"(s) : "r"(1u << lane), "r"(m_) : "memory");
  HWM_MARK(0, 0, 1, 2);
  out[3 * 32 + lane] = s;
  HWM_DONE;
}

extern "C" __global__ void x_f2_after_join(const u32* in, u32* out) {
  HWM_PROLOGUE

  __syncwarp();
  if (sel != 0u) {
    HWM_MARK(0, 0, 1, 2);
  }
  u32 b;
  asm volatile("// hwm S1\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
               : "=r"(b) : "r"(sel) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = b;
  HWM_DONE;
}

extern "C" __global__ void x_f2_after_join_syncwarp(const u32* in, u32* out) {
  HWM_PROLOGUE

  __syncwarp();
  if (sel != 0u) {
    HWM_MARK(0, 0, 1, 2);
  }
  __syncwarp();
  u32 b;
  asm volatile("// hwm S1\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
               : "=r"(b) : "r"(sel) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = b;
  HWM_DONE;
}

extern "C" __global__ void x_loop_body_store(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
}

extern "C" __global__ void x_loop_body_shared_atomic(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    atomicAdd(&hwm_ctr, 1u);
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
}

extern "C" __global__ void x_loop_body_global_atomic(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    atomicAdd(&out[14 * 32], 1u);
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
}

extern "C" __global__ void x_loop_body_volatile_load(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
  u32 acc = 0u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    acc += *(volatile u32*)&hwm_ctr;
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  out[3 * 32 + lane] = acc;
  HWM_DONE;
}
