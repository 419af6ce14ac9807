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

extern "C" __global__ void x_never_arrives_shfl_after_join(const u32* in, u32* out) {
  HWM_PROLOGUE

  u32 s = 0u;
  if (sel != 0u) {
    asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(s) : "r"(1u << lane) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = s;
  }
  u32 d;
  asm volatile("// hwm S1\n\tshfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(d) : "r"(s) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = d;
  HWM_DONE;
}

extern "C" __global__ void x_f2_dynamic_converged(const u32* in, u32* out) {
  HWM_PROLOGUE

  if (in[64 + 2] == 1u) {
    u32 b;
    asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
                 : "=r"(b) : "r"(sel) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = b;
  }
  HWM_DONE;
}

extern "C" __global__ void x_loop_exit_plain(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    HWM_MARK(0, (0 + i_ * 3), (1 + i_ * 3), (2 + i_ * 3));
  }
  HWM_MARK(1, 6, 7, 8);
  HWM_DONE;
}

extern "C" __global__ void x_loop_exit_sync_all(const u32* in, u32* out) {
  HWM_PROLOGUE

  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    if (i_ == 0u) {
      u32 b;
      asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
                   : "=r"(b) : "r"(sel) : "memory");
      out[9 * 32 + lane] = b;
    }
    HWM_MARK(0, (0 + i_ * 3), (1 + i_ * 3), (2 + i_ * 3));
  }
  HWM_MARK(1, 6, 7, 8);
  HWM_DONE;
}
