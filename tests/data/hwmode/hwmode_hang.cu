// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module hwmode_hang.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_hang.cu -o hwmode_hang.ptx
// Layouts (in/out rows, sites) are in cases.json.
#include "hwmode_common.cuh"

// shfl.sync shfl.sync.idx.b32 | b_join (b) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_shfl_idx_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 352);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: shfl.sync.idx.b32, membermask 0xffffffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(1, 5, 6, 7);  // mark: Q skip
  }
  HWM_MARK(2, 8, 9, 10);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// vote.sync vote.sync.ballot.b32 | b_join (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_vote_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 320);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: vote.sync.ballot.b32, membermask 0xffffffff
      u32 d_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    HWM_MARK(1, 4, 5, 6);  // mark: Q skip
  }
  HWM_MARK(2, 7, 8, 9);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// redux.sync redux.sync.add.u32 | b_join (b) | pattern rand P=0xc9df835c Q=0x36207ca3 | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_redux_rand(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 320);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // redux value (site 0): 1 << lane (the result is the set of lanes counted)
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: redux.sync.add.u32, membermask 0xffffffff
      u32 d_;
      asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    HWM_MARK(1, 4, 5, 6);  // mark: Q skip
  }
  HWM_MARK(2, 7, 8, 9);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// match.sync match.any.sync.b32 | b_join (b) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_match_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 320);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // match value low word (site 0)
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: match.any.sync.b32, membermask 0xffffffff
      u32 d_;
      asm volatile("// hwm S0\n\tmatch.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(d_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
    }
  } else {
    HWM_MARK(1, 4, 5, 6);  // mark: Q skip
  }
  HWM_MARK(2, 7, 8, 9);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// elect.sync elect.sync | b_join (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_elect_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 352);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: elect.sync, membermask 0xffffffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; elect.sync %0|q, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) :  : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
  } else {
    HWM_MARK(1, 5, 6, 7);  // mark: Q skip
  }
  HWM_MARK(2, 8, 9, 10);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// bar.warp.sync bar.warp.sync | b_join (b) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the join (may hang)
extern "C" __global__ void b_join_barwarp_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  if (threadIdx.x < 32) hwm_buf[threadIdx.x] = 0xB0000000u | threadIdx.x;
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 352);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: bar.warp.sync, membermask 0xffffffff
      vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
      asm volatile("// hwm S0\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = n1_;
      out[4 * 32 + lane] = n16_;
    }
  } else {
    HWM_MARK(1, 5, 6, 7);  // mark: Q skip
  }
  HWM_MARK(2, 8, 9, 10);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// shfl.sync shfl.sync.bfly.b32 | b_site_join (b) | pattern half P=0x0000ffff Q=0xffff0000 | the CUDA guide's Volta example: if (lane<16) shfl.bfly 16 FULL else shfl.bfly 16 FULL, then the join (may hang)
extern "C" __global__ void b_site_join_shfl_bfly_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 416);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: shfl.sync.bfly.b32, membermask 0xffffffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = d_;
      out[4 * 32 + lane] = p_;
    }
  } else {
    {  // site 1: shfl.sync.bfly.b32, membermask 0xffffffff
      u32 d_, p_;
      asm volatile("// hwm S1\n\t{ .reg .pred q; shfl.sync.bfly.b32 %0|q, %2, 16, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3) : "memory");
      HWM_MARK(1, 5, 6, 7);
      out[8 * 32 + lane] = d_;
      out[9 * 32 + lane] = p_;
    }
  }
  HWM_MARK(2, 10, 11, 12);  // mark: join
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// vote.sync vote.sync.ballot.b32 | b_iter (b) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: P execute the collective (0xffffffff) in loop iteration 0 and Q in iteration 1 (may hang)
extern "C" __global__ void b_iter_vote_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 544);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // vote predicate (site 0), non-zero = true
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  const u32 k_ = (sel != 0u) ? 0u : 1u;
  #pragma unroll 1
  for (u32 i_ = 0; i_ < 2u; ++i_) {
    if (i_ == k_) {
      {  // site 0: vote.sync.ballot.b32, membermask 0xffffffff
        u32 d_;
        asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(d_) : "r"(v3) : "memory");
        HWM_MARK(0, (0 + i_ * 4), (1 + i_ * 4), (2 + i_ * 4));
        out[(3 + i_ * 4) * 32 + lane] = d_;
      }
    } else {
      HWM_MARK(1, (8 + i_ * 3), (9 + i_ * 3), (10 + i_ * 3));  // mark: skipped this iteration
    }
  }
  HWM_MARK(2, 14, 15, 16);  // mark: after the loop
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// shfl.sync shfl.sync.idx.b32 | b_trip (b) | pattern even P=0x55555555 Q=0xaaaaaaaa | undefined: loop with 1 trip for P and 2 for Q and a full-mask collective in the body: in iteration 1 the lanes of P have left the loop (may hang)
extern "C" __global__ void b_trip_shfl_idx_even(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_fin;
  const u32 lane = hwm_lane();
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; }
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 416);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
  const u32 v3 = hwm_pin(in[96 + lane]);  // shfl a (site 0)
  const u32 v4 = hwm_pin(in[128 + lane]);  // shfl b (site 0)
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  const u32 n_ = (sel != 0u) ? 1u : 2u;
  #pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    {  // site 0: shfl.sync.idx.b32, membermask 0xffffffff
      u32 d_, p_;
      asm volatile("// hwm S0\n\t{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, %3, 0x1f, 0xffffffff; selp.u32 %1, 1, 0, q; }" : "=r"(d_), "=r"(p_) : "r"(v3), "r"(v4) : "memory");
      HWM_MARK(0, (0 + i_ * 5), (1 + i_ * 5), (2 + i_ * 5));
      out[(3 + i_ * 5) * 32 + lane] = d_;
      out[(4 + i_ * 5) * 32 + lane] = p_;
    }
  }
  HWM_MARK(1, 10, 11, 12);  // mark: after the loop
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}

// bar.warp.sync bar.warp.sync | b_spin (b) | pattern half P=0x0000ffff Q=0xffff0000 | undefined: P execute bar.warp.sync 0xffffffff, then release Q, which spin until released (no time limit: hangs if the barrier waits for them)
extern "C" __global__ void b_spin_barwarp_half(const u32* in, u32* out) {
  __shared__ u32 hwm_ctr;
  __shared__ u32 hwm_buf[32];
  __shared__ u32 hwm_fin;
  __shared__ u32 hwm_stop;
  const u32 lane = hwm_lane();
  volatile u32* const vbuf = hwm_buf;
  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u; hwm_stop = 0u; }
  if (threadIdx.x < 32) hwm_buf[threadIdx.x] = 0xB0000000u | threadIdx.x;
  __syncthreads();
  if (threadIdx.x >= 32) {
    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + 448);
    return;
  }
  const u32 sel = hwm_pin(in[lane]);
#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)
  if (sel != 0u) {
    {  // site 0: bar.warp.sync, membermask 0xffffffff
      vbuf[lane] = 0xB1000000u | (0u << 16) | lane;
      asm volatile("// hwm S0\n\tbar.warp.sync 0xffffffff;" :  :  : "memory");
      const u32 n1_ = vbuf[(lane + 1u) & 31u];
      const u32 n16_ = vbuf[lane ^ 16u];
      HWM_MARK(0, 0, 1, 2);
      out[3 * 32 + lane] = n1_;
      out[4 * 32 + lane] = n16_;
    }
    hwm_stop = 1u;
    HWM_MARK(1, 5, 6, 7);  // mark: P after releasing Q
  } else {
    HWM_MARK(2, 8, 9, 10);  // mark: Q before the spin
    while (*(volatile u32*)&hwm_stop == 0u) { }
    HWM_MARK(3, 11, 12, 13);  // mark: Q released
    HWM_EXIT();
  }
  atomicAdd(&hwm_fin, 1u);
#undef HWM_EXIT
}
