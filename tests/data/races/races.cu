// Data races as people write them, each beside its correct twin (issue 28).
// Every kernel takes (const unsigned* in, unsigned* out) so that
// tests/hwrec/record.cu launches it from a plan; manifest.json says how each
// is launched and which diagnostic warpscope must report (none for a twin).
//   /usr/local/cuda/bin/nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx races.cu -o races.ptx
#include <cooperative_groups.h>
#include <cuda/atomic>
namespace cg = cooperative_groups;

// ---- shared memory, one CTA ------------------------------------------------

// Tree reduction of 256 words. Without the barrier between levels, thread t
// adds s[t + stride] before thread t + stride (another warp for stride >= 32)
// has stored its own sum of the previous level.
template <bool kSync>
__device__ void treeReduce(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    if (kSync) __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
extern "C" __global__ void reduce_missing_sync(const unsigned* in, unsigned* out) { treeReduce<false>(in, out); }
extern "C" __global__ void reduce_synced(const unsigned* in, unsigned* out) { treeReduce<true>(in, out); }

// Three-point stencil over 128 words: each thread reads its neighbours'
// elements, which the neighbours store (thread 31's right neighbour is in the
// next warp). The buggy one reads before the barrier.
template <bool kSync>
__device__ void stencil(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[128];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  if (kSync) __syncthreads();
  const unsigned left = t > 0 ? s[t - 1] : 0u, right = t < 127 ? s[t + 1] : 0u;
  out[t] = left + s[t] + right;
}
extern "C" __global__ void stencil_before_barrier(const unsigned* in, unsigned* out) { stencil<false>(in, out); }
extern "C" __global__ void stencil_after_barrier(const unsigned* in, unsigned* out) { stencil<true>(in, out); }

// Four tiles of 64 words through one shared buffer: thread t reads element
// 63 - t (the other warp's). Without the second barrier a fast warp stores
// the next tile over words the other warp has not read yet.
template <bool kSecondBarrier>
__device__ void tiles(const unsigned* in, unsigned* out) {
  __shared__ unsigned tile[64];
  const unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (unsigned k = 0; k < 4; ++k) {
    tile[t] = in[64 * k + t];
    __syncthreads();
    acc = acc * 3u + tile[63 - t];
    if (kSecondBarrier) __syncthreads();
  }
  out[t] = acc;
}
extern "C" __global__ void tile_loop_one_barrier(const unsigned* in, unsigned* out) { tiles<false>(in, out); }
extern "C" __global__ void tile_loop_two_barriers(const unsigned* in, unsigned* out) { tiles<true>(in, out); }

// The last warp of a reduction as pre-Volta code did it: "warp-synchronous",
// volatile, no __syncwarp(). Since Volta the lanes of a warp are not ordered
// by anything here: lane t reads v[t + d] while lane t + d may still store it.
extern "C" __global__ void warp_reduce_volatile(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    volatile unsigned* v = s;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
    if (t == 0) out[0] = v[0];
  }
}
// The fix the CUDA programming guide gives: read, __syncwarp(), write,
// __syncwarp(), so every read of a level precedes every write of it.
extern "C" __global__ void warp_reduce_syncwarp(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    unsigned x = s[t] + s[t + 32];
    s[t] = x;
    __syncwarp();
    for (unsigned d = 16; d > 0; d >>= 1) {
      x += s[t + d];
      __syncwarp();
      s[t] = x;
      __syncwarp();
    }
    if (t == 0) out[0] = s[0];
  }
}

// The two halves of a divergent branch hand data through shared memory:
// lanes 0-15 store, lanes 16-31 load what lane - 16 stored. Nothing orders
// the halves of a diverged warp.
extern "C" __global__ void divergent_handoff(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[16];
  const unsigned lane = threadIdx.x;
  if (lane < 16) s[lane] = in[lane] * 2u;
  else out[lane] = s[lane - 16];
}
extern "C" __global__ void divergent_handoff_syncwarp(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[16];
  const unsigned lane = threadIdx.x;
  if (lane < 16) s[lane] = in[lane] * 2u;
  __syncwarp();
  if (lane >= 16) out[lane] = s[lane - 16];
}

// A shared counter: odd inputs count themselves with atomicAdd, and every
// thread reads the total with a plain load. Without the barrier the read
// overlaps other warps' atomics (an atomic and a plain load are not both
// strong, so they race).
template <bool kSync>
__device__ void sharedCounter(const unsigned* in, unsigned* out) {
  __shared__ unsigned count;
  const unsigned t = threadIdx.x;
  if (t == 0) count = 0;
  __syncthreads();
  if (in[t] & 1u) atomicAdd(&count, 1u);
  if (kSync) __syncthreads();
  out[t] = count;
}
extern "C" __global__ void counter_read_during_atomics(const unsigned* in, unsigned* out) { sharedCounter<false>(in, out); }
extern "C" __global__ void counter_read_after_barrier(const unsigned* in, unsigned* out) { sharedCounter<true>(in, out); }

// ---- global memory, between warps and CTAs --------------------------------

// One lane of every warp counts its warp in out[0]: the buggy one with a
// plain load and store (updates get lost), the twin with atomicAdd.
extern "C" __global__ void global_count_plain(const unsigned*, unsigned* out) {
  if (threadIdx.x % 32 == 0) out[0] = out[0] + 1u;
}
extern "C" __global__ void global_count_atomic(const unsigned*, unsigned* out) {
  if (threadIdx.x % 32 == 0) atomicAdd(&out[0], 1u);
}

// Message passing between two CTAs: CTA 0 writes 32 words to out[32..64) and
// raises the flag out[64]; CTA 1 waits for the flag and copies the words to
// out[0..32). The variants differ only in what orders data and flag.
enum class Order { None, Fences, ReleaseAcquire };
template <Order kOrder>
__device__ void messagePassing(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x;
  unsigned* data = out + 32;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(out[64]);
  if (blockIdx.x == 0) {
    data[lane] = in[lane] + 1000u;
    __syncwarp();
    if (lane == 0) {
      if (kOrder == Order::Fences) __threadfence();
      if (kOrder == Order::ReleaseAcquire) flag.store(1u, cuda::memory_order_release);
      else *(volatile unsigned*)&out[64] = 1u;
    }
  } else {
    if (lane == 0) {
      if (kOrder == Order::ReleaseAcquire) {
        while (flag.load(cuda::memory_order_acquire) == 0u) {}
      } else {
        while (*(volatile unsigned*)&out[64] == 0u) {}
        if (kOrder == Order::Fences) __threadfence();
      }
    }
    __syncwarp();
    out[lane] = data[lane];
  }
}
extern "C" __global__ void flag_volatile_no_fence(const unsigned* in, unsigned* out) { messagePassing<Order::None>(in, out); }
extern "C" __global__ void flag_fences_both_sides(const unsigned* in, unsigned* out) { messagePassing<Order::Fences>(in, out); }
extern "C" __global__ void flag_release_acquire(const unsigned* in, unsigned* out) { messagePassing<Order::ReleaseAcquire>(in, out); }

// Last-block reduction (CUDA samples' threadFenceReduction): each of 4 CTAs
// stores its partial sum to out[8 + b] and takes a ticket; the CTA with the
// last ticket adds the partials into out[0]. kFence: none (the partials race
// with the last CTA's loads), the samples' one fence before the ticket (the
// reader has no fence or acquire after its atomic: ordered only by a pattern
// the memory model does not promise), or a fence on both sides.
enum class Fence { None, Writer, Both };
template <Fence kFence>
__device__ void lastBlock(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = in[64 * blockIdx.x + t];
  __syncthreads();
  for (unsigned stride = 32; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    out[8 + blockIdx.x] = s[0];
    if (kFence != Fence::None) __threadfence();
    const unsigned ticket = atomicInc(&out[4], gridDim.x);
    if (ticket == gridDim.x - 1) {
      if (kFence == Fence::Both) __threadfence();
      unsigned sum = 0;
      for (unsigned b = 0; b < gridDim.x; ++b) sum += out[8 + b];
      out[0] = sum;
    }
  }
}
extern "C" __global__ void last_block_no_fence(const unsigned* in, unsigned* out) { lastBlock<Fence::None>(in, out); }
extern "C" __global__ void last_block_writer_fence(const unsigned* in, unsigned* out) { lastBlock<Fence::Writer>(in, out); }
extern "C" __global__ void last_block_fences(const unsigned* in, unsigned* out) { lastBlock<Fence::Both>(in, out); }

// ---- Hopper: the async proxy and clusters ----------------------------------

__device__ unsigned smemAddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ bool tryWaitParity(unsigned bar, unsigned parity) {
  unsigned done;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  return done != 0;
}

// A bulk copy (TMA) of 64 words into shared memory, completed on an
// mbarrier. The buggy one reads its word of the tile before waiting for the
// barrier's phase (and waits afterwards only so that no copy is in flight
// when the CTA exits); out[64 + t] records what the early read saw.
template <bool kWaitFirst>
__device__ void bulkCopy(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[64];
  __shared__ __align__(8) unsigned long long bar;
  const unsigned t = threadIdx.x, b = smemAddr(&bar);
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // the init, visible to the copy
  }
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 256;" ::"r"(b) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];"
                 ::"r"(smemAddr(tile)), "l"(__cvta_generic_to_global(in)), "r"(b) : "memory");
  }
  unsigned early = 0;
  if (!kWaitFirst) early = tile[63 - t];
  while (!tryWaitParity(b, 0)) {}
  out[t] = kWaitFirst ? tile[63 - t] : early;
}
extern "C" __global__ void bulk_read_before_wait(const unsigned* in, unsigned* out) { bulkCopy<false>(in, out); }
extern "C" __global__ void bulk_read_after_wait(const unsigned* in, unsigned* out) { bulkCopy<true>(in, out); }

// Ampere's cp.async: each thread copies in[t] to s[t] and then reads
// s[63 - t], which the other warp's thread copied. The buggy one reads before
// cp.async.wait_group and the barrier; the twin waits for its own copies and
// then meets the others at __syncthreads().
template <bool kWait>
__device__ void cpAsync(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned s[64];
  const unsigned t = threadIdx.x;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smemAddr(&s[t])), "l"(__cvta_generic_to_global(in + t)) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  unsigned v = 0;
  if (!kWait) v = s[63 - t];
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  if (kWait) v = s[63 - t];
  out[t] = v;
}
extern "C" __global__ void cp_async_read_before_wait(const unsigned* in, unsigned* out) { cpAsync<false>(in, out); }
extern "C" __global__ void cp_async_read_after_wait(const unsigned* in, unsigned* out) { cpAsync<true>(in, out); }

// A bulk store of shared memory to global memory: 64 threads store words
// with ordinary (generic-proxy) stores, thread 0 then copies the tile out with
// cp.async.bulk. The copy reads through the async proxy, so each writer needs
// fence.proxy.async before the barrier that hands the tile to thread 0.
template <bool kProxyFence>
__device__ void bulkStore(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[64];
  const unsigned t = threadIdx.x;
  tile[t] = in[t] * 3u;
  if (kProxyFence) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (t == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 256;" ::"l"(__cvta_generic_to_global(out)), "r"(smemAddr(tile)) : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}
extern "C" __global__ void bulk_store_no_proxy_fence(const unsigned* in, unsigned* out) { bulkStore<false>(in, out); }
extern "C" __global__ void bulk_store_proxy_fence(const unsigned* in, unsigned* out) { bulkStore<true>(in, out); }

// Distributed shared memory: a cluster of two CTAs, each stores 32 words in
// its shared memory and reads its peer's. The buggy one reads before the
// cluster barrier; both sync at the end so that no CTA exits while its peer
// reads its shared memory.
template <bool kSyncFirst>
__device__ void dsmem(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[32];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), t = threadIdx.x;
  s[t] = in[32 * rank + t] + 7u;
  if (kSyncFirst) cluster.sync();
  const unsigned* peer = cluster.map_shared_rank(s, rank ^ 1u);
  out[32 * rank + t] = peer[31 - t];
  cluster.sync();
}
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_read_before_cluster_sync(const unsigned* in, unsigned* out) { dsmem<false>(in, out); }
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_read_after_cluster_sync(const unsigned* in, unsigned* out) { dsmem<true>(in, out); }
