// Written by gen.py: helpers shared by every hwmode_*.cu kernel.
#pragma once
typedef unsigned int u32;
typedef unsigned long long u64;

static __device__ __forceinline__ u32 hwm_lane() { u32 l; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l)); return l; }
// Makes v a value computed here, before any branch: every lane holds it in a register.
static __device__ __forceinline__ u32 hwm_pin(u32 v) { asm volatile("mov.b32 %0, %0;" : "+r"(v)); return v; }
static __device__ __forceinline__ u64 hwm_gtimer() { u64 t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory"); return t; }
static __device__ __forceinline__ void hwm_spin(u32 ns) {
  const u64 t0 = hwm_gtimer();
  while (hwm_gtimer() - t0 < (u64)ns) { }
}

// A lane records that it reached site S: reach marker, order ticket, activemask.
#define HWM_MARK(S, RR, RO, RA)                                                     \
  do {                                                                              \
    u32 am_;                                                                        \
    asm volatile("// hwm M" #S "\n\tactivemask.b32 %0;" : "=r"(am_) : : "memory");  \
    const u32 t_ = atomicAdd(&hwm_ctr, 1u);                                         \
    out[(RR) * 32 + lane] = 0x52450000u | ((u32)(S) << 8) | lane;                   \
    out[(RO) * 32 + lane] = t_;                                                     \
    out[(RA) * 32 + lane] = am_;                                                    \
  } while (0)

// The watchdog (thread 32 of the 64-thread kernels): waits until all 32 lanes of
// warp 0 have finished (returned or reached the end); if that takes longer than
// deadline ns, traps, so a hang costs a launch error instead of a timeout.
static __device__ __noinline__ void hwm_watchdog(u32 deadline, volatile u32* fin, u32* word) {
  const u64 t0 = hwm_gtimer();
  while (*fin < 32u) {
    if (hwm_gtimer() - t0 > (u64)deadline) asm volatile("trap;");
  }
  *word = 0x600D0000u | *fin;
}
