// Hardware-golden kernels, family "mbarrier": phase sequences on an mbarrier object
// driven by one thread and by many threads: init, arrive (with and without count),
// arrive.noComplete, arrive_drop, expect_tx, complete_tx, arrive.expect_tx, test_wait
// and try_wait with a state token and with .parity, pending_count, inval + re-init.
// out[k] = the value recorded at step k (predicates as 0/1).
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx mbarrier.cu -o mbarrier.ptx
#include "hw_common.cuh"

static __device__ __forceinline__ u64 mb_arrive(u32 bar) { u64 s; asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s) : "r"(bar) : "memory"); return s; }
static __device__ __forceinline__ u64 mb_arrive_cnt(u32 bar, u32 c) { u64 s; asm volatile("mbarrier.arrive.shared.b64 %0, [%1], %2;" : "=l"(s) : "r"(bar), "r"(c) : "memory"); return s; }
static __device__ __forceinline__ u64 mb_arrive_nc(u32 bar, u32 c) { u64 s; asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], %2;" : "=l"(s) : "r"(bar), "r"(c) : "memory"); return s; }
static __device__ __forceinline__ u64 mb_arrive_drop(u32 bar) { u64 s; asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(s) : "r"(bar) : "memory"); return s; }
static __device__ __forceinline__ u64 mb_arrive_tx(u32 bar, u32 tx) { u64 s; asm volatile("mbarrier.arrive.expect_tx.shared.b64 %0, [%1], %2;" : "=l"(s) : "r"(bar), "r"(tx) : "memory"); return s; }
static __device__ __forceinline__ void mb_expect_tx(u32 bar, u32 tx) { asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(tx) : "memory"); }
static __device__ __forceinline__ void mb_complete_tx(u32 bar, u32 tx) { asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(tx) : "memory"); }
static __device__ __forceinline__ u32 mb_test(u32 bar, u64 s) { u32 r; asm volatile("{ .reg .pred q; mbarrier.test_wait.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "l"(s) : "memory"); return r; }
static __device__ __forceinline__ u32 mb_test_par(u32 bar, u32 par) { u32 r; asm volatile("{ .reg .pred q; mbarrier.test_wait.parity.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "r"(par) : "memory"); return r; }
static __device__ __forceinline__ u32 mb_try(u32 bar, u64 s) { u32 r; asm volatile("{ .reg .pred q; mbarrier.try_wait.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "l"(s) : "memory"); return r; }
static __device__ __forceinline__ u32 mb_try_par(u32 bar, u32 par) { u32 r; asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "r"(par) : "memory"); return r; }
static __device__ __forceinline__ u32 mb_pending(u64 s) { u32 r; asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(r) : "l"(s)); return r; }
static __device__ __forceinline__ void mb_init(u32 bar, u32 n) { asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"(bar), "r"(n) : "memory"); }
static __device__ __forceinline__ void mb_inval(u32 bar) { asm volatile("mbarrier.inval.shared.b64 [%0];" :: "r"(bar) : "memory"); }

// One thread drives every step. Steps (out index):
// phase 0, count 3:  0 test_wait(s0) after 1 arrival; 1 pending_count(s0);
//   2 test_wait.parity 0; 3 test_wait.parity 1 (the "preceding" phase);
//   arrive count 2 completes it: 4 test_wait(s0); 5 test_wait(s1); 6 pending_count(s1);
//   7 parity 0; 8 parity 1; 9 try_wait(s1); 10 try_wait.parity 0; 11 try_wait.parity 1
//   (phase 1 incomplete: returns after the time limit).
// phase 1, count 3:  arrive.noComplete 1 (s2), arrive_drop (s3): 12 test_wait(s2);
//   13 pending_count(s2); 14 pending_count(s3); 15 parity 1; arrive (s4) completes:
//   16 test_wait(s2); 17 test_wait(s4); 18 pending_count(s4); 19 parity 1; 20 parity 0.
// phase 2, count 2 (after the drop): expect_tx 64; two arrivals (s5, s6):
//   21 test_wait(s6); 22 pending_count(s6); 23 parity 0; complete_tx 32: 24 test_wait(s6);
//   complete_tx 32: 25 test_wait(s6); 26 parity 0; 27 parity 1.
// phase 3, count 2: arrive.expect_tx 16 (s7): 28 test_wait(s7); 29 pending_count(s7);
//   complete_tx 16: 30 test_wait(s7); arrive (s8): 31 test_wait(s8); 32 test_wait(s7);
//   33 parity 1; 34 parity 0.
// phase 4, count 2: arrive (s9) then the stale token s7 (phase 3) and s9:
//   35 test_wait(s7) (token of the completed previous phase); 36 test_wait(s9);
//   37 try_wait with suspendTimeHint on s7.
// inval, re-init count 1: 38 parity 0 right after init; arrive (s10): 39 test_wait(s10);
//   40 pending_count(s10); 41 parity 0; 42 parity 1.
// .release/.acquire spellings: re-init count 2, 43 test_wait.acquire.cta after
//   arrive.release.cta; 44 the same token after a second arrive.release.cta (state sunk to _).
extern "C" __global__ void mbarrier_single(const u32* in, u32* out) {
  __shared__ u64 bar_mem;
  u32 bar = smem(&bar_mem);
  if (threadIdx.x != 0) return;
  mb_init(bar, 3);
  u64 s0 = mb_arrive(bar);
  out[0] = mb_test(bar, s0); out[1] = mb_pending(s0); out[2] = mb_test_par(bar, 0); out[3] = mb_test_par(bar, 1);
  u64 s1 = mb_arrive_cnt(bar, 2);
  out[4] = mb_test(bar, s0); out[5] = mb_test(bar, s1); out[6] = mb_pending(s1);
  out[7] = mb_test_par(bar, 0); out[8] = mb_test_par(bar, 1);
  out[9] = mb_try(bar, s1); out[10] = mb_try_par(bar, 0); out[11] = mb_try_par(bar, 1);
  u64 s2 = mb_arrive_nc(bar, 1);
  u64 s3 = mb_arrive_drop(bar);
  out[12] = mb_test(bar, s2); out[13] = mb_pending(s2); out[14] = mb_pending(s3); out[15] = mb_test_par(bar, 1);
  u64 s4 = mb_arrive(bar);
  out[16] = mb_test(bar, s2); out[17] = mb_test(bar, s4); out[18] = mb_pending(s4);
  out[19] = mb_test_par(bar, 1); out[20] = mb_test_par(bar, 0);
  mb_expect_tx(bar, 64);
  mb_arrive(bar);
  u64 s6 = mb_arrive(bar);
  out[21] = mb_test(bar, s6); out[22] = mb_pending(s6); out[23] = mb_test_par(bar, 0);
  mb_complete_tx(bar, 32);
  out[24] = mb_test(bar, s6);
  mb_complete_tx(bar, 32);
  out[25] = mb_test(bar, s6); out[26] = mb_test_par(bar, 0); out[27] = mb_test_par(bar, 1);
  u64 s7 = mb_arrive_tx(bar, 16);
  out[28] = mb_test(bar, s7); out[29] = mb_pending(s7);
  mb_complete_tx(bar, 16);
  out[30] = mb_test(bar, s7);
  u64 s8 = mb_arrive(bar);
  out[31] = mb_test(bar, s8); out[32] = mb_test(bar, s7); out[33] = mb_test_par(bar, 1); out[34] = mb_test_par(bar, 0);
  u64 s9 = mb_arrive(bar);
  out[35] = mb_test(bar, s7); out[36] = mb_test(bar, s9);
  { u32 r; asm volatile("{ .reg .pred q; mbarrier.try_wait.shared.b64 q, [%1], %2, 1000; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "l"(s7) : "memory"); out[37] = r; }
  mb_inval(bar);
  mb_init(bar, 1);
  out[38] = mb_test_par(bar, 0);
  u64 s10 = mb_arrive(bar);
  out[39] = mb_test(bar, s10); out[40] = mb_pending(s10); out[41] = mb_test_par(bar, 0); out[42] = mb_test_par(bar, 1);
  mb_inval(bar);
  mb_init(bar, 2);
  u64 s11; u32 r;
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 %0, [%1];" : "=l"(s11) : "r"(bar) : "memory");
  asm volatile("{ .reg .pred q; mbarrier.test_wait.acquire.cta.shared::cta.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "l"(s11) : "memory");
  out[43] = r;
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
  asm volatile("{ .reg .pred q; mbarrier.test_wait.acquire.cta.shared::cta.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "r"(bar), "l"(s11) : "memory");
  out[44] = r;
}

// Many threads (block 128, 4 warps). Per-thread rows out[row*128 + t]:
// phase 0 (count 128): every thread arrives, spins on test_wait(token);
//   row 0 = test_wait(token) after the spin; after __syncthreads row 1 = parity 0, row 2 = parity 1.
// phase 1: even threads arrive with count 2; everybody spins on try_wait.parity 1;
//   row 3 = test_wait.parity 1, row 4 = test_wait.parity 0.
// phase 2: warp 0 arrive_drop, warps 1..3 arrive; all spin on parity 0; row 5 = parity 0.
// phase 3 (count now 96): warps 1..3 arrive, warp 0 waits; row 6 = parity 1 after the spin.
// phase 4: thread 32 arrive.expect_tx 256, threads 33..127 arrive, thread 0 complete_tx 256
//   (order not controlled); all spin on parity 0; row 7 = parity 0 after the spin, row 8 =
//   parity 1.
// second barrier (count 1): row 9 = parity 0 before thread 77 arrives; row 10 = parity 0 after.
extern "C" __global__ void mbarrier_many(const u32* in, u32* out) {
  __shared__ u64 bar_mem, bar2_mem;
  u32 bar = smem(&bar_mem), bar2 = smem(&bar2_mem);
  u32 t = threadIdx.x, N = blockDim.x, w = t / 32;
  if (t == 0) { mb_init(bar, N); mb_init(bar2, 1); }
  __syncthreads();
  u64 s = mb_arrive(bar);
  while (!mb_test(bar, s)) {}
  out[0 * N + t] = mb_test(bar, s);
  __syncthreads();
  out[1 * N + t] = mb_test_par(bar, 0); out[2 * N + t] = mb_test_par(bar, 1);
  __syncthreads();
  if ((t & 1) == 0) mb_arrive_cnt(bar, 2);
  while (!mb_try_par(bar, 1)) {}
  out[3 * N + t] = mb_test_par(bar, 1); out[4 * N + t] = mb_test_par(bar, 0);
  __syncthreads();
  if (w == 0) mb_arrive_drop(bar); else mb_arrive(bar);
  while (!mb_try_par(bar, 0)) {}
  out[5 * N + t] = mb_test_par(bar, 0);
  __syncthreads();
  if (w != 0) mb_arrive(bar);
  while (!mb_try_par(bar, 1)) {}
  out[6 * N + t] = mb_test_par(bar, 1);
  __syncthreads();
  if (t == 32) mb_arrive_tx(bar, 256);
  else if (w != 0) mb_arrive(bar);
  if (t == 0) mb_complete_tx(bar, 256);
  while (!mb_try_par(bar, 0)) {}
  out[7 * N + t] = mb_test_par(bar, 0); out[8 * N + t] = mb_test_par(bar, 1);
  __syncthreads();
  out[9 * N + t] = mb_test_par(bar2, 0);
  __syncthreads();
  if (t == 77) mb_arrive(bar2);
  __syncthreads();
  out[10 * N + t] = mb_test_par(bar2, 0);
}
