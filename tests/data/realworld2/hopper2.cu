// Real-world corpus batch 2, module "hopper2": Hopper pipelines as users write them.
// Covers cuda::barrier<thread_scope_block> + cuda::device::barrier_arrive_tx +
// cuda::ptx::cp_async_bulk with barrier_native_handle over three phases, elect.sync
// single-thread issue, a 4-stage producer / consumer ring (full / empty mbarriers, 12
// tiles, per-warp empty arrivals), cp.async.bulk shared->global stores in several bulk
// groups with wait_group.read 2 before buffer reuse, an Ampere cp.async 3-stage pipeline
// (the __pipeline_* primitives) feeding an FMA tile GEMM, cuda::pipeline with
// thread_scope_thread (3 stages, cuda::memcpy_async of 8 bytes), mbarrier token waits
// (try_wait with a state token, test_wait.parity, try_wait.parity with a suspend-time
// hint, arrive with a count, expect_tx / complete_tx, arrive_drop), a 2-CTA cluster with
// remote mbarrier.arrive.release.cluster.shared::cluster, DSMEM stores,
// fence.mbarrier_init.release.cluster and barrier.cluster.arrive.relaxed, cp.async.bulk
// with .L2::cache_hint (createpolicy.fractional) including the prefetch and the store,
// the PTX 8.6 cp.async.bulk.shared::cta.global form, and a TMA-fed ldmatrix + mma.sync
// GEMM (bulk copies of A and B tiles, double buffered). No cp.async.bulk.tensor, no wgmma.
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. t = threadIdx.x.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx hopper2.cu -o hopper2.ptx
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/ptx>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;
typedef unsigned int u32;
typedef unsigned long long u64;

__device__ __forceinline__ u32 smem_u32(const void* p) { return (u32)__cvta_generic_to_shared(p); }
__device__ __forceinline__ u64 gmem_u64(const void* p) { return (u64)__cvta_generic_to_global(p); }

// CUTLASS-style: one lane of the (converged) warp is elected.
__device__ __forceinline__ bool elect_one_sync() {
  u32 pred = 0;
  asm volatile(
      "{\n .reg .b32 r;\n .reg .pred p;\n elect.sync r|p, 0xffffffff;\n selp.u32 %0, 1, 0, p;\n}\n"
      : "=r"(pred));
  return pred != 0;
}

// Grid 2, block 128. cuda::barrier + barrier_arrive_tx + cuda::ptx::cp_async_bulk, three
// phases: in phase r the elected lane of warp 0 copies four 256-byte tiles
// (in[b*768 + r*256 ..]) into buf with cp_async_bulk on the barrier's native handle and
// arrives with barrier_arrive_tx(bar, 1, 1024); everybody else arrives normally; all wait
// on their tokens. out[b*768 + r*256 + i] = buf[(i * 5) % 256] ^ r.
extern "C" __global__ void hop_barrier_arrive_tx_bulk(const u32* in, u32* out) {
  __shared__ alignas(128) u32 buf[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  u32 t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  for (u32 r = 0; r < 3; ++r) {
    cuda::barrier<cuda::thread_scope_block>::arrival_token tok;
    bool issuer = false;
    if (t < 32) issuer = elect_one_sync();
    if (issuer) {
      for (u32 c = 0; c < 4; ++c)
        ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &buf[c * 64], in + b * 768 + r * 256 + c * 64, 256u,
                           cuda::device::barrier_native_handle(bar));
      tok = cuda::device::barrier_arrive_tx(bar, 1, 1024);
    } else {
      tok = bar.arrive();
    }
    bar.wait(cuda::std::move(tok));
    for (u32 i = t; i < 256; i += 128) out[b * 768 + r * 256 + i] = buf[(i * 5) % 256] ^ r;
    __syncthreads();  // all generic reads of buf are done before the next phase's copies
    if (t == 0) ptx::fence_proxy_async(ptx::space_shared);
  }
}

// Block 96. Warp-specialised 4-stage ring: warp 0's elected lane produces (TMA 1-D copies
// of 256 bytes), warps 1-2 consume. full[s]: count 1 + expect_tx 256; empty[s]: count 2
// (lane 0 of each consumer warp arrives after __syncwarp). 12 tiles, tile k in stage
// k % 4; the producer waits empty[s] with parity ((k / 4) - 1) & 1 before reusing a stage.
// Consumer c = t - 32 (0..63): out[k*64 + c] = buf[s][(3c + k) % 64] + k * c,
// out[768 + c] = sum over tiles of buf[s][c] * (k + 1).
extern "C" __global__ void hop_ring_4stage(const u32* in, u32* out) {
  constexpr u32 STAGES = 4, TILES = 12;
  __shared__ alignas(128) u32 buf[STAGES][64];
  __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
  u32 t = threadIdx.x, lane = t % 32;
  if (t == 0) {
    for (u32 s = 0; s < STAGES; ++s) {
      ptx::mbarrier_init(&full[s], 1);
      ptx::mbarrier_init(&empty[s], 2);
    }
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t < 32) {
    if (elect_one_sync()) {
      for (u32 k = 0; k < TILES; ++k) {
        u32 s = k % STAGES;
        if (k >= STAGES)
          while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &empty[s], ((k / STAGES) - 1) & 1)) {
          }
        (void)ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 256u);
        ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &buf[s][0], in + k * 64, 256u, &full[s]);
      }
    }
  } else {
    u32 c = t - 32, acc = 0;
    for (u32 k = 0; k < TILES; ++k) {
      u32 s = k % STAGES;
      while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &full[s], (k / STAGES) & 1)) {
      }
      out[k * 64 + c] = buf[s][(3 * c + k) % 64] + k * c;
      acc += buf[s][c] * (k + 1);
      __syncwarp();
      if (lane == 0) (void)ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &empty[s]);
    }
    out[768 + c] = acc;
  }
}

// Block 64. TMA 1-D stores in bulk groups: 6 chunks of 128 words go through a 3-buffer
// ring. Round r fills buf[r % 3] with in[r*128 + i] * (r + 1) + i (every thread then runs
// fence.proxy.async), thread 0 stores it with cuda::ptx::cp_async_bulk (global <- shared)
// to out[r*128 ..] and commits a bulk group; before refilling a buffer, thread 0 waits
// with cp.async.bulk.wait_group.read 2. Odd rounds store through the inline .L2::cache_hint
// form with an evict_first policy. Final wait_group 0. out[0..768).
extern "C" __global__ void hop_bulk_store_groups(const u32* in, u32* out) {
  __shared__ alignas(128) u32 buf[3][128];
  u32 t = threadIdx.x;
  u64 pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  for (u32 r = 0; r < 6; ++r) {
    u32 s = r % 3;
    if (r >= 3) {
      if (t == 0) ptx::cp_async_bulk_wait_group_read(ptx::n32_t<2>());
      __syncthreads();
    }
    for (u32 i = t; i < 128; i += 64) buf[s][i] = in[r * 128 + i] * (r + 1) + i;
    ptx::fence_proxy_async(ptx::space_shared);
    __syncthreads();
    if (t == 0) {
      if (r & 1)
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], 512, %2;" ::"l"(
                         gmem_u64(out + r * 128)),
                     "r"(smem_u32(&buf[s][0])), "l"(pol)
                     : "memory");
      else
        ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + r * 128, &buf[s][0], 512u);
      ptx::cp_async_bulk_commit_group();
    }
  }
  if (t == 0) ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
}

// Block 256 (16 x 16 threads as a flat block). Ampere-style 3-stage cp.async pipeline
// with the __pipeline primitives feeding an FMA tile GEMM: C (32x32) = A (32x96) * B (96x32),
// float, row-major. K is consumed in 6 tiles of 16; threads 0-127 copy a 16-byte chunk of
// the A tile (row t / 4, columns (t % 4) * 4), threads 128-255 a chunk of the B tile.
// Thread (tx, ty) = (t % 16, t / 16) accumulates C[2ty + i][2tx + j].
// in: A [0, 3072), B [3072, 6144) (float bits). out[0..1024) = C row-major.
extern "C" __global__ void hop_cp_async_3stage_gemm(const u32* in, u32* out) {
  constexpr int STAGES = 3, KT = 16, NK = 6;
  __shared__ alignas(16) float As[STAGES][32][KT];
  __shared__ alignas(16) float Bs[STAGES][KT][32];
  const float* A = reinterpret_cast<const float*>(in);
  const float* B = reinterpret_cast<const float*>(in + 3072);
  int t = threadIdx.x, tx = t % 16, ty = t / 16;
  auto issue = [&](int kt) {
    int s = kt % STAGES;
    if (t < 128) {
      int r = t / 4, c = (t % 4) * 4;
      __pipeline_memcpy_async(&As[s][r][c], A + r * 96 + kt * KT + c, 16);
    } else {
      int u = t - 128, r = u / 8, c = (u % 8) * 4;
      __pipeline_memcpy_async(&Bs[s][r][c], B + (kt * KT + r) * 32 + c, 16);
    }
  };
  float acc[2][2] = {};
  issue(0);
  __pipeline_commit();
  issue(1);
  __pipeline_commit();
  for (int kt = 0; kt < NK; ++kt) {
    if (kt + 2 < NK) issue(kt + 2);
    __pipeline_commit();
    __pipeline_wait_prior(2);
    __syncthreads();
    int s = kt % STAGES;
#pragma unroll
    for (int kk = 0; kk < KT; ++kk) {
      float a0 = As[s][2 * ty][kk], a1 = As[s][2 * ty + 1][kk];
      float b0 = Bs[s][kk][2 * tx], b1 = Bs[s][kk][2 * tx + 1];
      acc[0][0] = fmaf(a0, b0, acc[0][0]);
      acc[0][1] = fmaf(a0, b1, acc[0][1]);
      acc[1][0] = fmaf(a1, b0, acc[1][0]);
      acc[1][1] = fmaf(a1, b1, acc[1][1]);
    }
    __syncthreads();
  }
  float* C = reinterpret_cast<float*>(out);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) C[(2 * ty + i) * 32 + 2 * tx + j] = acc[i][j];
}

// Block 64. cuda::pipeline<cuda::thread_scope_thread> (each thread its own 3-stage
// pipeline): 8 batches; batch k of thread t is the 8 bytes in[k*128 + 2t], in[k*128 + 2t + 1],
// copied with cuda::memcpy_async(..., cuda::aligned_size_t<8>(8), pipe) into its stage
// k % 3; producer_acquire / producer_commit, consumer_wait / consumer_release.
// out[k*64 + t] = lo * 3 + hi + k (lo, hi = the two staged words); out[512 + t] = xor of all.
extern "C" __global__ void hop_cuda_pipeline_thread_scope(const u32* in, u32* out) {
  constexpr int STAGES = 3, BATCHES = 8;
  __shared__ alignas(8) u32 st[STAGES][64][2];
  u32 t = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int fetch = 0;
  u32 x = 0;
  for (int k = 0; k < BATCHES; ++k) {
    for (; fetch < BATCHES && fetch < k + STAGES; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(&st[fetch % STAGES][t][0], in + fetch * 128 + 2 * t, cuda::aligned_size_t<8>(8), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    u32 lo = st[k % STAGES][t][0], hi = st[k % STAGES][t][1];
    out[k * 64 + t] = lo * 3 + hi + k;
    x ^= lo ^ hi;
    pipe.consumer_release();
  }
  out[512 + t] = x;
}

// Block 64. mbarrier phases with tokens, counts, transactions and arrive_drop; one
// mbarrier (init count 64). Data is written before arriving and read after the wait.
// Every phase has its own data array (no reuse, so no write-after-read races).
// Phase 0: every thread writes d0[t] = in[t] * 3, arrives (cuda::ptx::mbarrier_arrive returns
// the state token) and waits with mbarrier_try_wait(bar, token). out[t] = d0[63 - t].
// __syncthreads (phase 1 needs only warp 0's arrivals). Phase 1: threads 0-7 write
// d1[8t .. 8t+8) = in[64 + ...] and arrive with count 8; everyone polls
// mbarrier_test_wait_parity(bar, 1). out[64 + t] = d1[(7t) % 64].
// Phase 2: thread 0 calls mbarrier_expect_tx(128) before the block barrier; threads 32-63
// write e[t - 32] = in[128 + t - 32] and signal mbarrier.complete_tx 4 bytes each; every
// thread arrives; everyone waits with try_wait.parity + suspend-time hint (parity 0).
// out[128 + t] = e[(t + 5) % 32].
// Phase 3: threads 32-63 arrive_drop (the expected count becomes 32) and finish; threads
// 0-31 arrive and wait parity 1. Phase 4: threads 0-31 write d4[t] = in[160 + t], arrive
// and wait parity 0 (only 32 arrivals needed now). out[192 + t] (t < 32) = d4[31 - t];
// out[224 + t] (t < 32) = 1 if phase 4 completed.
extern "C" __global__ void hop_mbarrier_token_phases(const u32* in, u32* out) {
  __shared__ u32 d0[64], d1[64], e[32], d4[32];
  __shared__ alignas(8) uint64_t bar;
  u32 t = threadIdx.x;
  if (t == 0) ptx::mbarrier_init(&bar, 64);
  __syncthreads();
  // phase 0
  d0[t] = in[t] * 3;
  uint64_t tok = ptx::mbarrier_arrive(&bar);
  while (!ptx::mbarrier_try_wait(&bar, tok)) {
  }
  out[t] = d0[63 - t];
  // Phase 1 completes on warp 0's arrivals alone: without this barrier warp 0 could finish
  // phase 1 while warp 1 still waits on its phase-0 token (a wait two phases back).
  __syncthreads();
  // phase 1
  if (t < 8) {
    for (int i = 0; i < 8; ++i) d1[8 * t + i] = in[64 + 8 * t + i];
    (void)ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 8u);
  }
  while (!ptx::mbarrier_test_wait_parity(&bar, 1)) {
  }
  out[64 + t] = d1[(7 * t) % 64];
  // phase 2
  if (t == 0) ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar, 128u);
  __syncthreads();
  if (t >= 32) {
    e[t - 32] = in[128 + t - 32];
    asm volatile("mbarrier.complete_tx.shared::cta.b64 [%0], 4;" ::"r"(smem_u32(&bar)) : "memory");
  }
  (void)ptx::mbarrier_arrive(&bar);
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &bar, 0u, 1000000u)) {
  }
  out[128 + t] = e[(t + 5) % 32];
  // phase 3
  if (t >= 32) {
    asm volatile("mbarrier.arrive_drop.shared::cta.b64 _, [%0];" ::"r"(smem_u32(&bar)) : "memory");
    return;
  }
  (void)ptx::mbarrier_arrive(&bar);
  while (!ptx::mbarrier_try_wait_parity(&bar, 1)) {
  }
  // phase 4
  d4[t] = in[160 + t];
  (void)ptx::mbarrier_arrive(&bar);
  u32 done = 0;
  while (!(done = ptx::mbarrier_try_wait_parity(&bar, 0))) {
  }
  out[192 + t] = d4[31 - t];
  out[224 + t] = done;
}

// Grid 4, cluster 2, block 64. Remote mbarrier arrivals in a 2-CTA cluster.
// Each CTA inits its `ready` mbarrier (count 64), fence.mbarrier_init.release.cluster,
// then barrier.cluster.arrive.relaxed + barrier.cluster.wait (the CUTLASS init handshake).
// Thread t writes inbox[t] of the PEER CTA (generic pointer from map_shared_rank) =
// in[b*64 + t] * 7 + rank, and pair[2t..2t+2) of the peer with st.shared::cluster.v2
// (in[256 + b*128 + 2t ..]), then arrives on the peer's barrier with
// mbarrier.arrive.release.cluster.shared::cluster; each CTA waits on its own barrier with
// try_wait.parity.acquire.cluster. Exit is fenced by barrier.cluster.arrive.release / wait.
// out[b*64 + t] = inbox[63 - t]; out[256 + b*128 + k] = pair[k] ^ 0xffff.
extern "C" __global__ void hop_cluster_remote_arrive(const u32* in, u32* out) {
  __shared__ u32 inbox[64];
  __shared__ alignas(8) u32 pair[128];
  __shared__ alignas(8) uint64_t ready;
  cg::cluster_group cluster = cg::this_cluster();
  u32 t = threadIdx.x, b = blockIdx.x, rank = cluster.block_rank(), peer = rank ^ 1;
  if (t == 0) {
    ptx::mbarrier_init(&ready, 64);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait();
  u32* rin = cluster.map_shared_rank(inbox, peer);
  rin[t] = in[b * 64 + t] * 7 + rank;
  u32 rpair;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rpair) : "r"(smem_u32(&pair[2 * t])), "r"(peer));
  asm volatile("st.shared::cluster.v2.u32 [%0], {%1, %2};" ::"r"(rpair), "r"(in[256 + b * 128 + 2 * t]),
               "r"(in[256 + b * 128 + 2 * t + 1])
               : "memory");
  uint64_t* rbar = cluster.map_shared_rank(&ready, peer);
  ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster, rbar);
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &ready, 0u)) {
  }
  out[b * 64 + t] = inbox[63 - t];
  for (u32 k = t; k < 128; k += 64) out[256 + b * 128 + k] = pair[k] ^ 0xffffu;
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait();
}

// Block 64. Bulk copies with L2 cache hints. Policies from createpolicy.fractional
// (evict_first 1.0, evict_last / evict_unchanged 0.5). Thread 0: prefetches in[256..384)
// to L2 with .L2::cache_hint, expects 1536 bytes on the mbarrier, copies in[0..256) into
// buf with cp.async.bulk ... .L2::cache_hint and in[256..384) into buf2 with the PTX 8.6
// cp.async.bulk.shared::cta.global form (cuda::ptx space_shared). All wait (parity 0),
// then res[i] = buf[255 - i] + buf2[i % 128] * 2, fence.proxy.async, and thread 0 stores res
// with cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint to out[0..256),
// commit, wait_group 0.
extern "C" __global__ void hop_bulk_cache_hint(const u32* in, u32* out) {
  __shared__ alignas(128) u32 buf[256], buf2[128], res[256];
  __shared__ alignas(8) uint64_t bar;
  u32 t = threadIdx.x;
  u64 pol_first, pol_last;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol_first));
  asm volatile("createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64 %0, 0.5;" : "=l"(pol_last));
  if (t == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], 512, %1;" ::"l"(gmem_u64(in + 256)),
                 "l"(pol_last)
                 : "memory");
    (void)ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 1536u);
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], 1024, [%2], "
        "%3;" ::"r"(smem_u32(buf)),
        "l"(gmem_u64(in)), "r"(smem_u32(&bar)), "l"(pol_first)
        : "memory");
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf2, in + 256, 512u, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  for (u32 i = t; i < 256; i += 64) res[i] = buf[255 - i] + buf2[i % 128] * 2;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], 1024, %2;" ::"l"(
                     gmem_u64(out)),
                 "r"(smem_u32(res)), "l"(pol_last)
                 : "memory");
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
  }
}

__device__ __forceinline__ void ldsm_x4(u32 (&r)[4], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}

// Block 128 (4 warps). A TMA-fed tensor-core GEMM: C (32x32 float) = A (32x128 half) *
// B (128x32 half). Global A is stored tile-major: k-tile kt (32 columns) is a contiguous
// row-major 32x32 half block at words [kt*512, kt*512 + 512); B is stored per k-tile as
// an n-major 32(n) x 32(k) half block at words [2048 + kt*512 ..). Thread 0 loads each
// k-tile pair with two 2 KiB cp.async.bulk copies on full[s] (expect_tx 4096), two stages;
// a __syncthreads after each tile frees the stage for tile kt + 2. Warp w owns rows
// (w / 2) * 16 and columns (w % 2) * 16: per 16-wide k-step one ldmatrix.x4 for A, one
// (non-trans) ldmatrix.x4 for both n8 B fragments, two mma.sync m16n8k16 f32.
// out[0..1024) = C row-major float.
extern "C" __global__ void hop_tma_mma_pipeline(const u32* in, u32* out) {
  __shared__ alignas(128) half sA[2][32][32];
  __shared__ alignas(128) half sB[2][32][32];
  __shared__ alignas(8) uint64_t full[2];
  u32 t = threadIdx.x, warp = t / 32, lane = t % 32;
  if (t == 0) {
    ptx::mbarrier_init(&full[0], 1);
    ptx::mbarrier_init(&full[1], 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  auto issue = [&](u32 kt) {
    u32 s = kt & 1;
    (void)ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 4096u);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &sA[s][0][0], in + kt * 512, 2048u, &full[s]);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &sB[s][0][0], in + 2048 + kt * 512, 2048u, &full[s]);
  };
  if (t == 0) {
    issue(0);
    issue(1);
  }
  u32 m0 = (warp / 2) * 16, n0 = (warp % 2) * 16;
  float acc[2][4] = {};
  for (u32 kt = 0; kt < 4; ++kt) {
    u32 s = kt & 1;
    while (!ptx::mbarrier_try_wait_parity(&full[s], (kt >> 1) & 1)) {
    }
#pragma unroll
    for (u32 kk = 0; kk < 32; kk += 16) {
      u32 a[4], bq[4];
      ldsm_x4(a, smem_u32(&sA[s][m0 + lane % 16][kk + (lane / 16) * 8]));
      ldsm_x4(bq, smem_u32(&sB[s][n0 + (lane / 16) * 8 + lane % 8][kk + ((lane / 8) % 2) * 8]));
      for (int j = 0; j < 2; ++j)
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
            "{%0, %1, %2, %3};"
            : "+f"(acc[j][0]), "+f"(acc[j][1]), "+f"(acc[j][2]), "+f"(acc[j][3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(bq[2 * j]), "r"(bq[2 * j + 1]));
    }
    __syncthreads();  // stage s fully consumed
    if (t == 0 && kt + 2 < 4) {
      ptx::fence_proxy_async(ptx::space_shared);
      issue(kt + 2);
    }
  }
  float* C = reinterpret_cast<float*>(out);
  u32 g = lane / 4, tg = lane % 4;
  for (int j = 0; j < 2; ++j) {
    u32 col = n0 + j * 8 + tg * 2;
    C[(m0 + g) * 32 + col] = acc[j][0];
    C[(m0 + g) * 32 + col + 1] = acc[j][1];
    C[(m0 + g + 8) * 32 + col] = acc[j][2];
    C[(m0 + g + 8) * 32 + col + 1] = acc[j][3];
  }
}
