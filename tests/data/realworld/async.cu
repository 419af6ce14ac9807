// Real-world corpus, module "async": Ampere/Hopper asynchronous copies and mbarriers as
// users write them. Covers the pipeline primitives (__pipeline_memcpy_async /
// __pipeline_commit / __pipeline_wait_prior), inline cp.async.ca/.cg with 4/8/16 bytes and
// zero-fill + commit_group / wait_group / wait_all, cp.async.mbarrier.arrive(.noinc),
// cuda::memcpy_async with cuda::barrier, cuda::device::memcpy_async_tx +
// barrier_arrive_tx, cp.async.bulk global->shared (TMA 1-D) with
// mbarrier.arrive.expect_tx + try_wait.parity (inline PTX, two phases, and cuda::ptx
// double buffering), cp.async.bulk shared->global bulk_group + commit_group /
// wait_group.read, cp.reduce.async.bulk .add/.xor into global from 4 CTAs, st.async into a
// peer CTA (cluster of 2), cp.async.bulk / cp.reduce.async.bulk shared::cta ->
// shared::cluster (cluster of 2), a warp-specialised producer/consumer pipeline with
// full/empty mbarriers, cuda::pipeline (the programming guide's with_staging) and
// cp.async.bulk .multicast::cluster (cluster of 2, ctaMask 0b11).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx async.cu -o async.ptx
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/ptx>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;
typedef unsigned int u32;
typedef unsigned long long u64;

// ---------------------------------------------------------------- inline-PTX helpers

__device__ __forceinline__ u32 smem_u32(const void* p) { return (u32)__cvta_generic_to_shared(p); }
__device__ __forceinline__ u64 gmem_u64(const void* p) { return (u64)__cvta_generic_to_global(p); }

__device__ __forceinline__ void mbar_init(u32 bar, u32 count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(u32 bar, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(u32 bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(u32 bar, u32 parity) {
  u32 ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"(bar), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ void mbar_wait(u32 bar, u32 parity) {
  while (!mbar_try_wait(bar, parity)) {
  }
}
__device__ __forceinline__ void fence_proxy_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void fence_mbarrier_init_cluster() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ u32 mapa(u32 addr, u32 rank) {
  u32 r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}
// TMA 1-D: global -> this CTA's shared memory, completion counted in bytes on `bar`.
__device__ __forceinline__ void bulk_g2s(u32 dst, const void* src, u32 bytes, u32 bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
               "l"(gmem_u64(src)), "r"(bytes), "r"(bar)
               : "memory");
}

// ---------------------------------------------------------------- cp.async (Ampere style)

// Block 128, 8 tiles of 128 words, double-buffered with the pipeline primitives: the copy
// of tile k+1 is in flight while tile k is consumed. in[0..1024).
// out[k*128 + t] = buf[127 - t] * (k + 1) + buf[t] for tile k.
extern "C" __global__ void async_pipeline_primitives(const u32* in, u32* out) {
  __shared__ __align__(16) u32 buf[2][128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(u32));
  __pipeline_commit();
  for (int k = 0; k < 8; ++k) {
    if (k + 1 < 8) __pipeline_memcpy_async(&buf[(k + 1) & 1][t], &in[(k + 1) * 128 + t], sizeof(u32));
    __pipeline_commit();  // possibly empty: keeps the group arithmetic uniform
    __pipeline_wait_prior(1);
    __syncthreads();
    out[k * 128 + t] = buf[k & 1][127 - t] * (k + 1) + buf[k & 1][t];
    __syncthreads();
  }
}

// Block 64. Inline cp.async with every size and the zero-fill form, in three commit groups.
// in: A [0, 64), B [64, 320), C [320, 448), D [448, 704).
// Group 0: A word t (cp.async.ca 4 B). Group 1: B words 4t..4t+3 (cp.async.cg 16 B) and C
// words 2t, 2t+1 (cp.async.ca 8 B). Group 2: D words 4t..4t+3 (cp.async.cg 16 B with
// src-size = (t % 5) * 4: the rest of the 16 bytes is zero-filled).
// out[t] = own A word right after cp.async.wait_group 2 (only group 0 must be complete);
// after wait_all + __syncthreads: out[64 + i] = B[255 - i], out[320 + i] = C[127 - i],
// out[448 + i] = D[i].
extern "C" __global__ void async_cp_async_groups(const u32* in, u32* out) {
  __shared__ __align__(16) u32 A[64], B[256], C[128], D[256];
  u32 t = threadIdx.x;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_u32(&A[t])), "l"(gmem_u64(in + t)) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_u32(&B[4 * t])), "l"(gmem_u64(in + 64 + 4 * t))
               : "memory");
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(smem_u32(&C[2 * t])), "l"(gmem_u64(in + 320 + 2 * t))
               : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  u32 src_size = (t % 5) * 4;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(smem_u32(&D[4 * t])),
               "l"(gmem_u64(in + 448 + 4 * t)), "r"(src_size)
               : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 2;" ::: "memory");
  out[t] = A[t];
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  for (u32 i = t; i < 256; i += 64) out[64 + i] = B[255 - i];
  for (u32 i = t; i < 128; i += 64) out[320 + i] = C[127 - i];
  for (u32 i = t; i < 256; i += 64) out[448 + i] = D[i];
}

// Block 128. cp.async completion tracked by an mbarrier (count 128).
// Phase 0: each thread copies in[t] (4 B) and signals with cp.async.mbarrier.arrive.noinc
// (the async arrival IS the thread's arrival). Phase 1: each thread copies in[128 + t],
// signals with cp.async.mbarrier.arrive (no .noinc: pending +1, -1 on completion) and then
// arrives normally. out[t] = buf0[(t + 37) % 128], out[128 + t] = buf1[(3t) % 128].
extern "C" __global__ void async_cp_async_mbarrier(const u32* in, u32* out) {
  __shared__ __align__(16) u32 buf0[128], buf1[128];
  __shared__ __align__(8) u64 bar_mem;
  u32 t = threadIdx.x, bar = smem_u32(&bar_mem);
  if (t == 0) mbar_init(bar, 128);
  __syncthreads();
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_u32(&buf0[t])), "l"(gmem_u64(in + t)) : "memory");
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
  mbar_wait(bar, 0);
  out[t] = buf0[(t + 37) % 128];
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_u32(&buf1[t])), "l"(gmem_u64(in + 128 + t))
               : "memory");
  asm volatile("cp.async.mbarrier.arrive.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
  mbar_arrive(bar);
  mbar_wait(bar, 1);
  out[128 + t] = buf1[(3 * t) % 128];
}

// Grid 2, block 128. cuda::memcpy_async of the whole 1 KiB tile by the block (aligned to
// 16), completion on a cuda::barrier; then a per-thread cuda::memcpy_async of one word each
// into a second array on the same barrier (its next phase).
// out[b*512 + i] = tile[255 - i] ^ i, out[b*512 + 256 + i] = words[(i + 1) % 256] + tile[i]
// (tile from in[b*256 ..], words from in[512 + b*256 ..]).
extern "C" __global__ void async_memcpy_async_barrier(const u32* in, u32* out) {
  __shared__ __align__(16) u32 tile[256];
  __shared__ __align__(16) u32 words[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  u32 b = blockIdx.x, t = block.thread_rank();
  if (t == 0) {
    init(&bar, block.size());
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);  // the copy below may be a TMA bulk copy
  }
  block.sync();
  cuda::memcpy_async(block, tile, in + b * 256, cuda::aligned_size_t<16>(sizeof(u32) * 256), bar);
  bar.arrive_and_wait();
  for (u32 i = t; i < 256; i += 128) {
    cuda::memcpy_async(&words[i], &in[512 + b * 256 + i], sizeof(u32), bar);
  }
  bar.arrive_and_wait();
  for (u32 i = t; i < 256; i += 128) {
    out[b * 512 + i] = tile[255 - i] ^ i;
    out[b * 512 + 256 + i] = words[(i + 1) % 256] + tile[i];
  }
}

// Grid 2, block 128: the libcu++ memcpy_async_tx example. Thread 0 starts one bulk copy
// of 1 KiB (in[b*256 ..]) and arrives with barrier_arrive_tx; the others arrive normally;
// everybody waits on the token. out[b*256 + i] = smem[(i * 5) % 256] + b.
extern "C" __global__ void async_memcpy_async_tx(const u32* in, u32* out) {
  __shared__ alignas(16) u32 smem[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  u32 b = blockIdx.x, t = threadIdx.x;
  if (t == 0) {
    init(&bar, blockDim.x);
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);  // make the init visible to the async proxy
  }
  __syncthreads();
  cuda::barrier<cuda::thread_scope_block>::arrival_token token;
  if (t == 0) {
    cuda::device::memcpy_async_tx(smem, in + b * 256, cuda::aligned_size_t<16>(sizeof(smem)), bar);
    token = cuda::device::barrier_arrive_tx(bar, 1, sizeof(smem));
  } else {
    token = bar.arrive();
  }
  bar.wait(cuda::std::move(token));
  for (u32 i = t; i < 256; i += 128) out[b * 256 + i] = smem[(i * 5) % 256] + b;
}

// ---------------------------------------------------------------- TMA 1-D bulk copies

// Block 128. Two phases on one mbarrier (count 1): thread 0 does arrive.expect_tx(1024)
// and four 256-byte cp.async.bulk copies (phase 0 also prefetches phase 1's source into
// L2); all threads spin on try_wait.parity (0, then 1). Phase p copies in[p*256 .. +256).
// out[p*256 + i] = buf[(i * 7) % 256] + p.
extern "C" __global__ void async_tma_bulk_load(const u32* in, u32* out) {
  __shared__ __align__(128) u32 buf[256];
  __shared__ __align__(8) u64 bar_mem;
  u32 t = threadIdx.x, bar = smem_u32(&bar_mem);
  if (t == 0) {
    mbar_init(bar, 1);
    fence_proxy_async_smem();
  }
  __syncthreads();
  for (u32 p = 0; p < 2; ++p) {
    if (t == 0) {
      if (p == 0)
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], 1024;" ::"l"(gmem_u64(in + 256)) : "memory");
      mbar_arrive_expect_tx(bar, 1024);
      for (u32 c = 0; c < 4; ++c) bulk_g2s(smem_u32(&buf[c * 64]), in + p * 256 + c * 64, 256, bar);
    }
    mbar_wait(bar, p);
    for (u32 i = t; i < 256; i += 128) out[p * 256 + i] = buf[(i * 7) % 256] + p;
    __syncthreads();  // everybody is done reading before the next phase overwrites buf
    if (t == 0) fence_proxy_async_smem();
  }
}

// Block 64. Double buffering with the cuda::ptx wrappers: two buffers of 64 words, two
// "full" mbarriers; thread 0 keeps two 256-byte copies in flight over 6 tiles; tile k uses
// buffer k & 1 and waits on parity (k >> 1) & 1. in[0..384).
// out[k*64 + t] = buf[63 - t] + k, out[384 + t] = a running hash of everything thread t read.
extern "C" __global__ void async_tma_double_buffer(const u32* in, u32* out) {
  namespace ptx = cuda::ptx;
  __shared__ alignas(128) u32 buf[2][64];
  __shared__ alignas(8) uint64_t full[2];  // uint64_t (unsigned long): the type cuda::ptx expects
  u32 t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full[0], 1);
    ptx::mbarrier_init(&full[1], 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  auto issue = [&](u32 k) {
    u32 s = k & 1;
    (void)ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s], 256u);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &buf[s][0], in + k * 64, 256u, &full[s]);
  };
  if (t == 0) {
    issue(0);
    issue(1);
  }
  u32 acc = 0;
  for (u32 k = 0; k < 6; ++k) {
    u32 s = k & 1;
    while (!ptx::mbarrier_try_wait_parity(&full[s], (k >> 1) & 1)) {
    }
    u32 v = buf[s][63 - t];
    acc = acc * 31 + v;
    out[k * 64 + t] = v + k;
    __syncthreads();  // buffer s is free again
    if (t == 0 && k + 2 < 6) {
      ptx::fence_proxy_async(ptx::space_shared);
      issue(k + 2);
    }
  }
  out[384 + t] = acc;
}

// Block 128. TMA 1-D store: threads fill shared memory (generic proxy), fence.proxy.async,
// __syncthreads, thread 0 issues cp.async.bulk.global.shared::cta.bulk_group, commits and
// waits with wait_group.read 0 (source reusable); round 2 refills and stores 1 KiB more
// and waits with wait_group 0.
// Round 1: s[i] = in[i] * 3 + i (i < 256) -> out[0..256) as two 512-byte copies.
// Round 2: s[i] = in[256 + i] ^ 0x5a5a5a5a -> out[256..512) as one 1 KiB copy.
extern "C" __global__ void async_tma_bulk_store(const u32* in, u32* out) {
  __shared__ __align__(128) u32 s[256];
  u32 t = threadIdx.x;
  for (u32 i = t; i < 256; i += 128) s[i] = in[i] * 3 + i;
  fence_proxy_async_smem();
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 512;" ::"l"(gmem_u64(out)),
                 "r"(smem_u32(&s[0]))
                 : "memory");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 512;" ::"l"(gmem_u64(out + 128)),
                 "r"(smem_u32(&s[128]))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
  __syncthreads();
  for (u32 i = t; i < 256; i += 128) s[i] = in[256 + i] ^ 0x5a5a5a5au;
  fence_proxy_async_smem();
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 1024;" ::"l"(gmem_u64(out + 256)),
                 "r"(smem_u32(&s[0]))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

// Grid 4, block 64. Every CTA bulk-reduces its 1 KiB tile (in[b*256 ..]) into the same
// global words: cp.reduce.async.bulk .add.u32 into out[0..256) and .xor.b32 into
// out[256..512). The final words are out_init combined with all four tiles (integer
// add/xor: the order of the four CTAs does not matter).
extern "C" __global__ void async_tma_reduce_add(const u32* in, u32* out) {
  __shared__ __align__(128) u32 s[256];
  u32 t = threadIdx.x, b = blockIdx.x;
  for (u32 i = t; i < 256; i += 64) s[i] = in[b * 256 + i];
  fence_proxy_async_smem();
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%0], [%1], 1024;" ::"l"(gmem_u64(out)),
                 "r"(smem_u32(s))
                 : "memory");
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.xor.b32 [%0], [%1], 1024;" ::"l"(
                     gmem_u64(out + 256)),
                 "r"(smem_u32(s))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

// ---------------------------------------------------------------- cluster (DSMEM) async

// Grid 4, cluster 2, block 64. Each CTA sends 448 words into its peer's `recv` with
// st.async ... mbarrier::complete_tx::bytes: word t as .b32 (recv[0..64)), words
// 64 + 2t.. as .v2.b32 (recv[64..192)), words 192 + 4t.. as .v4.b32 (recv[192..448)).
// Each CTA expects 1792 bytes on its own mbarrier (arrive.expect_tx before cluster sync).
// CTA b sends in[b*448 + k]; out[b*448 + k] = CTA b's recv[k] (= in[(b^1)*448 + k]).
extern "C" __global__ void async_st_async_cluster(const u32* in, u32* out) {
  __shared__ __align__(16) u32 recv[448];
  __shared__ __align__(8) u64 bar_mem;
  cg::cluster_group cluster = cg::this_cluster();
  u32 t = threadIdx.x, b = blockIdx.x, rank = cluster.block_rank(), bar = smem_u32(&bar_mem);
  if (t == 0) {
    mbar_init(bar, 1);
    fence_mbarrier_init_cluster();
    mbar_arrive_expect_tx(bar, 448 * 4);
  }
  cluster.sync();
  u32 peer = rank ^ 1;
  u32 rrecv = mapa(smem_u32(recv), peer), rbar = mapa(bar, peer);
  const u32* src = in + b * 448;
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];" ::"r"(rrecv + 4 * t),
               "r"(src[t]), "r"(rbar)
               : "memory");
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.b32 [%0], {%1, %2}, [%3];" ::"r"(
                   rrecv + 4 * (64 + 2 * t)),
               "r"(src[64 + 2 * t]), "r"(src[64 + 2 * t + 1]), "r"(rbar)
               : "memory");
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
                   rrecv + 4 * (192 + 4 * t)),
               "r"(src[192 + 4 * t]), "r"(src[192 + 4 * t + 1]), "r"(src[192 + 4 * t + 2]), "r"(src[192 + 4 * t + 3]),
               "r"(rbar)
               : "memory");
  mbar_wait(bar, 0);
  for (u32 k = t; k < 448; k += 64) out[b * 448 + k] = recv[k];
  cluster.sync();
}

// Grid 2, cluster 2, block 64. Bulk copies between the two CTAs' shared memories:
// thread 0 of each CTA copies its `src` (1 KiB) into the peer's `dst` with
// cp.async.bulk.shared::cluster.shared::cta and bulk-reduces it (.add.u32) into the peer's
// `acc` with cp.reduce.async.bulk.shared::cluster.shared::cta; both complete on the peer's
// mbarrier, which expects 2048 bytes.
// src of CTA r = in[r*256 ..], acc of CTA r starts as in[512 + r*256 ..].
// out[r*512 + i] = dst[i] (= peer's src), out[r*512 + 256 + i] = acc[i] (own + peer's src).
extern "C" __global__ void async_bulk_dsmem_cluster(const u32* in, u32* out) {
  __shared__ __align__(128) u32 src[256];
  __shared__ __align__(128) u32 dst[256];
  __shared__ __align__(128) u32 acc[256];
  __shared__ __align__(8) u64 bar_mem;
  cg::cluster_group cluster = cg::this_cluster();
  u32 t = threadIdx.x, rank = cluster.block_rank(), bar = smem_u32(&bar_mem);
  for (u32 i = t; i < 256; i += 64) {
    src[i] = in[rank * 256 + i];
    acc[i] = in[512 + rank * 256 + i];
  }
  asm volatile("fence.proxy.async;" ::: "memory");  // src and acc are next touched by the async proxy
  if (t == 0) {
    mbar_init(bar, 1);
    fence_mbarrier_init_cluster();
    mbar_arrive_expect_tx(bar, 2048);
  }
  cluster.sync();
  if (t == 0) {
    u32 peer = rank ^ 1, rbar = mapa(bar, peer);
    asm volatile(
        "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];" ::"r"(
            mapa(smem_u32(dst), peer)),
        "r"(smem_u32(src)), "r"(rbar)
        : "memory");
    asm volatile(
        "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%0], [%1], 1024, "
        "[%2];" ::"r"(mapa(smem_u32(acc), peer)),
        "r"(smem_u32(src)), "r"(rbar)
        : "memory");
  }
  mbar_wait(bar, 0);
  for (u32 i = t; i < 256; i += 64) {
    out[rank * 512 + i] = dst[i];
    out[rank * 512 + 256 + i] = acc[i];
  }
  cluster.sync();  // the peer's copies out of our src are complete before anybody exits
}

// Grid 4, cluster 2, block 64. TMA multicast: CTA rank r of cluster c multicasts 512 bytes
// (in[c*256 + r*128 ..]) to the same offset (words r*128..) of BOTH CTAs (ctaMask 0b11);
// each CTA's mbarrier expects 1024 bytes (its own half and the peer's).
// out[b*256 + i] = buf[i] + rank (buf = the cluster's 256 input words).
extern "C" __global__ void async_tma_multicast(const u32* in, u32* out) {
  __shared__ __align__(128) u32 buf[256];
  __shared__ __align__(8) u64 bar_mem;
  cg::cluster_group cluster = cg::this_cluster();
  u32 t = threadIdx.x, b = blockIdx.x, c = b / 2, rank = cluster.block_rank(), bar = smem_u32(&bar_mem);
  if (t == 0) {
    mbar_init(bar, 1);
    fence_mbarrier_init_cluster();
    mbar_arrive_expect_tx(bar, 1024);
  }
  cluster.sync();  // every CTA's barrier is initialised before anybody multicasts into it
  if (t == 0) {
    unsigned short mask = 0x3;
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], 512, [%2], "
        "%3;" ::"r"(smem_u32(&buf[rank * 128])),
        "l"(gmem_u64(in + c * 256 + rank * 128)), "r"(bar), "h"(mask)
        : "memory");
  }
  mbar_wait(bar, 0);
  for (u32 i = t; i < 256; i += 64) out[b * 256 + i] = buf[i] + rank;
  cluster.sync();
}

// ---------------------------------------------------------------- pipelines

// Block 96: warp 0 is the producer (lane 0 issues TMA copies), warps 1-2 (64 threads) are
// consumers. Two stages of 64 words; full[s] (count 1, expect_tx 256) and empty[s]
// (count 64). 8 tiles: tile k uses stage k & 1; the producer waits empty[s] parity
// ((k >> 1) - 1) & 1 before reusing a stage, consumers wait full[s] parity (k >> 1) & 1.
// in[0..512). Consumer c = t - 32: out[k*64 + c] = buf[(c + k) % 64] * 2 + k,
// out[512 + c] = xor of everything it read.
extern "C" __global__ void async_producer_consumer(const u32* in, u32* out) {
  __shared__ __align__(128) u32 buf[2][64];
  __shared__ __align__(8) u64 full_mem[2], empty_mem[2];
  u32 t = threadIdx.x;
  u32 full[2] = {smem_u32(&full_mem[0]), smem_u32(&full_mem[1])};
  u32 empty[2] = {smem_u32(&empty_mem[0]), smem_u32(&empty_mem[1])};
  if (t == 0) {
    for (int s = 0; s < 2; ++s) {
      mbar_init(full[s], 1);
      mbar_init(empty[s], 64);
    }
    fence_proxy_async_smem();
  }
  __syncthreads();
  if (t < 32) {
    if (t == 0) {
      for (u32 k = 0; k < 8; ++k) {
        u32 s = k & 1;
        if (k >= 2) mbar_wait(empty[s], ((k >> 1) - 1) & 1);
        mbar_arrive_expect_tx(full[s], 256);
        bulk_g2s(smem_u32(&buf[s][0]), in + k * 64, 256, full[s]);
      }
    }
  } else {
    u32 c = t - 32, x = 0;
    for (u32 k = 0; k < 8; ++k) {
      u32 s = k & 1;
      mbar_wait(full[s], (k >> 1) & 1);
      u32 v = buf[s][(c + k) % 64];
      out[k * 64 + c] = v * 2 + k;
      x ^= v;
      mbar_arrive(empty[s]);
    }
    out[512 + c] = x;
  }
}

// The programming guide's with_staging example: cuda::pipeline (block scope, 2 stages),
// cuda::memcpy_async of one word per thread per batch, producer_acquire / producer_commit /
// consumer_wait / consumer_release. Grid 2, block 128, 4 batches: batch j of block b is
// in[b*128 + 256*j ..]; the staging buffer is dynamic shared memory (2 * 128 words).
// out[same index] = shared[(t + 1) % 128] * 3 + shared[t] (a neighbour's copied word).
extern "C" __global__ void async_cuda_pipeline(const u32* in, u32* out) {
  constexpr size_t stages_count = 2;
  const size_t batch_sz = 4;
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ u32 shared[];  // stages_count * block.size() words
  size_t shared_offset[stages_count];
  for (int s = 0; s < (int)stages_count; ++s) shared_offset[s] = s * block.size();
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope::thread_scope_block, stages_count> shared_state;
  auto pipeline = cuda::make_pipeline(block, &shared_state);
  auto block_batch = [&](size_t batch) -> size_t { return block.group_index().x * block.size() + grid.size() * batch; };
  u32 t = block.thread_rank();
  for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < batch_sz; ++compute_batch) {
    for (; fetch_batch < batch_sz && fetch_batch < (compute_batch + stages_count); ++fetch_batch) {
      pipeline.producer_acquire();
      size_t shared_idx = fetch_batch % stages_count;
      cuda::memcpy_async(block, shared + shared_offset[shared_idx], in + block_batch(fetch_batch),
                         sizeof(u32) * block.size(), pipeline);
      pipeline.producer_commit();
    }
    pipeline.consumer_wait();
    const u32* sh = shared + shared_offset[compute_batch % stages_count];
    out[block_batch(compute_batch) + t] = sh[(t + 1) % 128] * 3 + sh[t];
    pipeline.consumer_release();
  }
}
