// The layout the F2 probes share with tests/data/hwmode (64 threads: warp 0
// runs the test, thread 32 the watchdog; in.json's words): the prologue, the
// end mark, and the vote under test (membermask 0x0000ffff, run by all 32
// lanes of warp 0, so lanes 16-31 are outside it).
#pragma once
#include "../../hwmode/hwmode_common.cuh"
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
#define VOTE(S) do { u32 b; asm volatile("// hwm S" #S "\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }" : "=r"(b) : "r"(sel) : "memory"); out[(8 + S) * 32 + lane] = b; } while (0)
