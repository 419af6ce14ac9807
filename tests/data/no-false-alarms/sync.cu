// Correct synchronization as real code writes it (issue 28, item 2): none of
// these may draw a diagnostic, race or otherwise. Each takes
// (const unsigned* in, unsigned* out) and is launched from gen_plan.py's plan
// by tests/hwrec/record.cu; golden-sync.json.gz is what an H200 wrote.
//   /usr/local/cuda/bin/nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx sync.cu -o sync.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/atomic>
#include <cuda/barrier>
namespace cg = cooperative_groups;

// CUB's decoupled look-back: 4 tiles of 128 words scanned by 4 CTAs, each
// CTA's prefix found by cub::TilePrefixCallbackOp polling its predecessors'
// tile descriptors (what cub::DeviceScan does inside). out[0..512) gets the
// inclusive scan of in; out[512..) holds the descriptors, which the launch
// initialises as ScanTileState::InitializeStatus would (32 padding
// descriptors SCAN_TILE_OOB, then one SCAN_TILE_INVALID per tile).
constexpr int kScanThreads = 128;
extern "C" __global__ void cub_lookback_scan(const unsigned* in, unsigned* out) {
  using TileState = cub::ScanTileState<unsigned>;
  using Prefix = cub::TilePrefixCallbackOp<unsigned, cuda::std::plus<>, TileState>;
  using Scan = cub::BlockScan<unsigned, kScanThreads>;
  __shared__ typename Scan::TempStorage scanStorage;
  __shared__ typename Prefix::TempStorage prefixStorage;
  TileState state;
  state.Init(gridDim.x, out + kScanThreads * gridDim.x, 0);
  const int tile = blockIdx.x;
  unsigned v = in[kScanThreads * tile + threadIdx.x], sum;
  if (tile == 0) {
    unsigned total;
    Scan(scanStorage).InclusiveSum(v, sum, total);
    if (threadIdx.x == 0) state.SetInclusive(0, total);
  } else {
    Prefix prefix(state, prefixStorage, cuda::std::plus<>{}, tile);
    Scan(scanStorage).InclusiveScan(v, sum, cuda::std::plus<>{}, prefix);
  }
  out[kScanThreads * tile + threadIdx.x] = sum;
}

// Message passing between CTAs with st.release / ld.acquire at gpu scope:
// CTA 0 fills 32 words and releases a flag, CTA 1 acquires it, then copies.
extern "C" __global__ void msg_release_acquire(const unsigned* in, unsigned* out) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(out[64]);
  const unsigned lane = threadIdx.x;
  if (blockIdx.x == 0) {
    out[32 + lane] = in[lane] * 5u;
    __syncwarp();
    if (lane == 0) flag.store(1u, cuda::memory_order_release);
  } else {
    if (lane == 0)
      while (flag.load(cuda::memory_order_acquire) == 0u) __nanosleep(32);
    __syncwarp();
    out[lane] = out[32 + lane];
  }
}

// The same with the programming guide's __threadfence() on both sides of a
// volatile flag (fence-fence synchronization).
extern "C" __global__ void msg_fences_both_sides(const unsigned* in, unsigned* out) {
  volatile unsigned* flag = &out[64];
  const unsigned lane = threadIdx.x;
  if (blockIdx.x == 0) {
    out[32 + lane] = in[lane] * 5u;
    __threadfence();
    __syncwarp();
    if (lane == 0) *flag = 1u;
  } else {
    if (lane == 0)
      while (*flag == 0u) {}
    __syncwarp();
    __threadfence();
    out[lane] = out[32 + lane];
  }
}

// A two-stage mbarrier ring (the full/empty pattern of CUTLASS's
// PipelineTmaAsync): warp 0's lane 0 bulk-copies 8 chunks of 32 words into
// two stages, each completing on its stage's "full" barrier; warp 1 waits on
// "full", adds up the chunk and arrives on "empty" so the stage is refilled.
// Parities flip every time a stage comes round.
__device__ unsigned smemAddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ void waitParity(unsigned bar, unsigned parity) {
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar), "r"(parity) : "memory");
}
extern "C" __global__ void mbarrier_ring(const unsigned* in, unsigned* out) {
  constexpr unsigned kStages = 2, kChunks = 8, kBytes = 128;
  __shared__ __align__(16) unsigned stage[kStages][32];
  __shared__ __align__(8) unsigned long long full[kStages], empty[kStages];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (unsigned s = 0; s < kStages; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemAddr(&full[s])) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 32;" ::"r"(smemAddr(&empty[s])) : "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // the inits, visible to the copies
  }
  __syncthreads();
  unsigned acc = 0;
  for (unsigned c = 0; c < kChunks; ++c) {
    const unsigned s = c % kStages, round = c / kStages;
    if (warp == 0 && lane == 0) {
      if (round > 0) waitParity(smemAddr(&empty[s]), (round - 1) & 1u);  // the consumer freed it
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smemAddr(&full[s])), "r"(kBytes) : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"(smemAddr(stage[s])), "l"(__cvta_generic_to_global(in + 32 * c)), "r"(kBytes), "r"(smemAddr(&full[s]))
                   : "memory");
    } else if (warp == 1) {
      waitParity(smemAddr(&full[s]), round & 1u);
      acc += stage[s][lane];
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smemAddr(&empty[s])) : "memory");
    }
  }
  if (warp == 1) out[lane] = acc;
}

// libcu++'s cuda::barrier with cuda::memcpy_async: the whole block copies 256
// bytes into shared memory and waits on the barrier, then reads another
// thread's word.
extern "C" __global__ void cuda_barrier_memcpy(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[64];
  // The programming guide's idiom: a shared barrier constructed by init(),
  // which nvcc warns about (static_var_with_dynamic_init) although it is fine.
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
#pragma nv_diag_default static_var_with_dynamic_init
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in, cuda::aligned_size_t<16>(sizeof tile), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = tile[63 - threadIdx.x] + 1u;
}

// Cooperative groups: cg::memcpy_async + cg::wait brings 128 words into
// shared memory, cg::reduce sums each warp's tile, cg::reduce_update_async
// adds the warp sums into a shared total and cg::reduce_store_async stores
// each warp's maximum.
extern "C" __global__ void cg_async_reductions(const unsigned* in, unsigned* out) {
  __shared__ unsigned data[128];
  __shared__ unsigned total;
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  if (block.thread_rank() == 0) total = 0;
  cg::memcpy_async(block, data, in, sizeof data);
  cg::wait(block);
  const unsigned v = data[(threadIdx.x * 5u) % 128u];
  const unsigned warpSum = cg::reduce(warp, v, cg::plus<unsigned>());
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> totalRef(total);
  cg::reduce_update_async(warp, totalRef, v, cg::plus<unsigned>());
  cg::reduce_store_async(warp, &out[8 + warp.meta_group_rank()], v, cg::greater<unsigned>());
  if (warp.thread_rank() == 0) out[warp.meta_group_rank()] = warpSum;
  block.sync();
  if (block.thread_rank() == 0) out[4] = total;
}
