// Real-world corpus, module "cg": cooperative groups as users write them.
// Covers static tiled_partition<N> (shfl_down / shfl_xor / shfl / ballot / any / all,
// meta_group_rank), dynamic tiled_partition(block, n) with the programming guide's
// shared-memory reduce_sum over a thread_group, coalesced_threads() in divergent code
// (rank, size, shfl, reduce, exclusive_scan on a non-contiguous group), labeled_partition,
// binary_partition (stable stream partition), cg::reduce with every functor,
// cg::inclusive_scan / cg::exclusive_scan, multi-warp tiles tiled_partition<64>/<128>
// with block_tile_memory, cluster_group with map_shared_rank (cluster of 4) and a
// distributed-shared-memory histogram (cluster of 2), grid_group queries on a 3-D block
// (no grid.sync, so no cooperative launch), and cg::memcpy_async + cg::wait.
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cg.cu -o cg.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;
typedef unsigned int u32;

// Block 128. Static tiles of 16, 8 and 4 threads. v = in[t]. Per thread (stride 6):
// out[t*6 + 0] = tile16 butterfly sum (shfl_xor), identical in all 16 lanes
// out[t*6 + 1] = tile8 shfl_down tree (rank 0 holds the full sum, others partial sums)
// out[t*6 + 2] = tile4.ballot(v odd)
// out[t*6 + 3] = tile16.any(v > 3e9) | tile16.all(v > 1e9) << 1
// out[t*6 + 4] = tile8 thread_rank | meta_group_rank << 8 | meta_group_size << 16
// out[t*6 + 5] = tile4.shfl(v, (rank + 1) % 4) (rotate left by one)
extern "C" __global__ void cg_tiled_static(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(block);
  auto t8 = cg::tiled_partition<8>(block);
  auto t4 = cg::tiled_partition<4>(block);
  u32 t = block.thread_rank();
  u32 v = in[t];
  u32 bf = v;
  for (int m = 8; m > 0; m >>= 1) bf += t16.shfl_xor(bf, m);
  u32 sd = v;
  for (int d = t8.size() / 2; d > 0; d /= 2) sd += t8.shfl_down(sd, d);
  u32 bal = t4.ballot(v & 1);
  u32 aa = (u32)t16.any(v > 3000000000u) | ((u32)t16.all(v > 1000000000u) << 1);
  u32 info = t8.thread_rank() | (t8.meta_group_rank() << 8) | (t8.meta_group_size() << 16);
  u32 rot = t4.shfl(v, (t4.thread_rank() + 1) % 4);
  u32* o = out + t * 6;
  o[0] = bf;
  o[1] = sd;
  o[2] = bal;
  o[3] = aa;
  o[4] = info;
  o[5] = rot;
}

// The CUDA programming guide's reduce_sum over any thread_group (shared memory + g.sync()).
// Only thread 0 of the group gets the full sum; the others return partial sums.
__device__ int reduce_sum(cg::thread_group g, int* temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;
}

// Block 128. Dynamic tiles: tiled_partition(block, 16) as a plain thread_group, then
// the whole block as a thread_group. v = in[t] (small).
// out[t]       = reduce_sum(tile16, v) as returned in every thread
// out[128 + t] = reduce_sum(block, v) as returned in every thread
// out[256 + t] = tile16 thread_rank | size << 8 | tiled_partition(block, 4) rank << 16
extern "C" __global__ void cg_tiled_dynamic(const u32* in, u32* out) {
  __shared__ int temp[128];
  __shared__ int temp_block[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile16 = cg::tiled_partition(block, 16);
  u32 t = block.thread_rank();
  int v = (int)in[t];
  int* my_temp = temp + (t / 16) * 16;
  int s16 = reduce_sum(tile16, my_temp, v);
  int sb = reduce_sum(block, temp_block, v);
  cg::thread_group tile4 = cg::tiled_partition(block, 4);
  out[t] = (u32)s16;
  out[128 + t] = (u32)sb;
  out[256 + t] = tile16.thread_rank() | (tile16.size() << 8) | (tile4.thread_rank() << 16);
}

// Block 64. Threads with odd in[t] take one branch, the others the other; each side
// builds coalesced_threads() inside the branch. v = in[t]. Per thread (stride 4):
// odd side:  o[0] = rank | size << 8, o[1] = shfl(v, 0) (the leader's v),
//            o[2] = cg::reduce(plus), o[3] = cg::exclusive_scan(1) (compaction slot)
// even side: o[0] = rank | size << 8 | 0x10000, o[1] = tiled_partition(active, 4)
//            rank | size << 8, o[2] = cg::reduce(bit_xor), o[3] = cg::inclusive_scan(v & 0xff)
// out[256 + w] = number of odd lanes of warp w (ballot popc, written by lane 0).
// Note: relies on the lanes of each branch being converged at coalesced_threads(),
// which is what the hardware does for a simple if/else.
extern "C" __global__ void cg_coalesced_divergent(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 v = in[t];
  u32* o = out + t * 4;
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    o[0] = active.thread_rank() | (active.size() << 8);
    o[1] = active.shfl(v, 0);
    o[2] = cg::reduce(active, v, cg::plus<u32>());
    o[3] = cg::exclusive_scan(active, 1u);
  } else {
    cg::coalesced_group active = cg::coalesced_threads();
    o[0] = active.thread_rank() | (active.size() << 8) | 0x10000u;
    cg::coalesced_group sub = cg::tiled_partition(active, 4);
    o[1] = sub.thread_rank() | (sub.size() << 8);
    o[2] = cg::reduce(active, v, cg::bit_xor<u32>());
    o[3] = cg::inclusive_scan(active, v & 0xffu);
  }
  u32 odd = __popc(__ballot_sync(0xffffffffu, v & 1));
  if (t % 32 == 0) out[256 + t / 32] = odd;
}

// Block 64. labeled_partition of each warp by label = in[t] % 5. v = in[64 + t].
// out[t*3 + 0] = rank | size << 8, out[t*3 + 1] = cg::reduce(plus) over the label group,
// out[t*3 + 2] = shfl(v, size - 1) (the last member's value).
extern "C" __global__ void cg_labeled_partition(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  u32 t = block.thread_rank();
  u32 label = in[t] % 5;
  u32 v = in[64 + t];
  cg::coalesced_group g = cg::labeled_partition(warp, label);
  out[t * 3 + 0] = g.thread_rank() | (g.size() << 8);
  out[t * 3 + 1] = cg::reduce(g, v, cg::plus<u32>());
  out[t * 3 + 2] = g.shfl(v, g.size() - 1);
}

// Block 64. binary_partition of each warp by pred = in[t] < in[64] (threshold), then a
// stable partition of the warp's values: pred lanes first (in lane order), then the rest.
// out[t*2 + 0] = rank | size << 8 | pred << 16, out[t*2 + 1] = cg::reduce(max) over the group,
// out[128 + w*32 + slot] = in[t] (each lane writes exactly one slot: a permutation).
extern "C" __global__ void cg_binary_partition(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  u32 t = block.thread_rank(), w = t / 32;
  u32 v = in[t];
  bool pred = v < in[64];
  cg::coalesced_group g = cg::binary_partition(warp, pred);
  u32 ntrue = __popc(warp.ballot(pred));
  u32 slot = pred ? g.thread_rank() : ntrue + g.thread_rank();
  out[t * 2 + 0] = g.thread_rank() | (g.size() << 8) | ((u32)pred << 16);
  out[t * 2 + 1] = cg::reduce(g, v, cg::greater<u32>());
  out[128 + w * 32 + slot] = v;
}

// Block 64. cg::reduce with every functor on tile<32> and tile<8>. v = in[t] (u32),
// f = in[64 + t] (float bits). Results written by each tile's rank 0:
// out[w*8 + k] (tile32 w = 0..1), out[16 + g*8 + k] (tile8 g = 0..7), k =
// 0 plus, 1 less (min), 2 greater (max), 3 bit_and, 4 bit_or, 5 bit_xor, 6 float plus (bits),
// 7 plus over (int)v >> 8 (signed).
template <class Tile>
__device__ void all_reductions(const Tile& tile, u32 v, float f, u32* o) {
  u32 r0 = cg::reduce(tile, v, cg::plus<u32>());
  u32 r1 = cg::reduce(tile, v, cg::less<u32>());
  u32 r2 = cg::reduce(tile, v, cg::greater<u32>());
  u32 r3 = cg::reduce(tile, v, cg::bit_and<u32>());
  u32 r4 = cg::reduce(tile, v, cg::bit_or<u32>());
  u32 r5 = cg::reduce(tile, v, cg::bit_xor<u32>());
  float r6 = cg::reduce(tile, f, cg::plus<float>());
  int r7 = cg::reduce(tile, (int)v >> 8, cg::plus<int>());
  if (tile.thread_rank() == 0) {
    o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3;
    o[4] = r4; o[5] = r5; o[6] = __float_as_uint(r6); o[7] = (u32)r7;
  }
}

extern "C" __global__ void cg_reduce_ops(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t8 = cg::tiled_partition<8>(block);
  u32 t = block.thread_rank();
  u32 v = in[t];
  float f = __uint_as_float(in[64 + t]);
  all_reductions(t32, v, f, out + t32.meta_group_rank() * 8);
  all_reductions(t8, v, f, out + 16 + t8.meta_group_rank() * 8);
}

struct MaxOp {
  __device__ u32 operator()(u32 a, u32 b) const { return a > b ? a : b; }
};

// Block 64. Scans on tile<32> and tile<16>. v = in[t] (small). Per thread (stride 6):
// o[0] = inclusive_scan(t32, v), o[1] = exclusive_scan(t32, v), o[2] = inclusive_scan(t32,
// v, bit_xor), o[3] = exclusive_scan(t32, v, MaxOp) (rank 0 gets 0), o[4] =
// inclusive_scan(t16, v), o[5] = exclusive_scan(t16, v * 3, plus).
extern "C" __global__ void cg_scan(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  u32 t = block.thread_rank();
  u32 v = in[t];
  u32* o = out + t * 6;
  o[0] = cg::inclusive_scan(t32, v);
  o[1] = cg::exclusive_scan(t32, v);
  o[2] = cg::inclusive_scan(t32, v, cg::bit_xor<u32>());
  o[3] = cg::exclusive_scan(t32, v, MaxOp());
  o[4] = cg::inclusive_scan(t16, v);
  o[5] = cg::exclusive_scan(t16, v * 3, cg::plus<u32>());
}

// Block 256. Multi-warp tiles (need block_tile_memory): tiled_partition<128> and <64>.
// v = in[t] (small). Per thread (stride 6):
// o[0] = t64 thread_rank | meta_group_rank << 8 | t128 meta_group_rank << 16
// o[1] = t128.shfl(v, 5) (rank 5 of each 128-tile)
// o[2] = t64.any(v == 7) | t64.all(v < 1000) << 1
// o[3] = cg::reduce(t128, v, plus)
// o[4] = cg::inclusive_scan(t64, v)
// o[5] = cg::exclusive_scan(t128, v)
extern "C" __global__ void cg_multi_warp_tiles(const u32* in, u32* out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto t128 = cg::tiled_partition<128>(block);
  auto t64 = cg::tiled_partition<64>(block);
  u32 t = block.thread_rank();
  u32 v = in[t];
  u32* o = out + t * 6;
  o[0] = t64.thread_rank() | (t64.meta_group_rank() << 8) | (t128.meta_group_rank() << 16);
  o[1] = t128.shfl(v, 5);
  t64.sync();
  o[2] = (u32)t64.any(v == 7) | ((u32)t64.all(v < 1000) << 1);
  o[3] = cg::reduce(t128, v, cg::plus<u32>());
  o[4] = cg::inclusive_scan(t64, v);
  o[5] = cg::exclusive_scan(t128, v);
}

// Grid 8, cluster 4, block 64. Each CTA fills buf[i] = in[blockIdx.x*64 + i] * (rank + 1);
// after cluster.sync() thread i reads buf[63 - i] of CTA (rank + 1) % 4 through
// map_shared_rank. Per CTA (stride 72): out[b*72 + i] = that value; out[b*72 + 64 + k]
// (thread 0): k=0 block_rank, 1 num_blocks, 2 dim_blocks().x, 3 block_index().x,
// 4 cluster thread_rank of thread 0, 5 num_threads, 6 query_shared_rank(own buf),
// 7 the sum over all 4 CTAs of buf[0] read remotely.
extern "C" __global__ void cg_cluster_map_shared_rank(const u32* in, u32* out) {
  __shared__ u32 buf[64];
  cg::cluster_group cluster = cg::this_cluster();
  u32 rank = cluster.block_rank();
  u32 t = threadIdx.x, b = blockIdx.x;
  buf[t] = in[b * 64 + t] * (rank + 1);
  cluster.sync();
  u32* peer = cluster.map_shared_rank(buf, (rank + 1) % 4);
  u32* o = out + b * 72;
  o[t] = peer[63 - t];
  if (t == 0) {
    o[64] = rank;
    o[65] = cluster.num_blocks();
    o[66] = cluster.dim_blocks().x;
    o[67] = cluster.block_index().x;
    o[68] = cluster.thread_rank();
    o[69] = cluster.num_threads();
    o[70] = cluster.query_shared_rank(buf);
    u32 s = 0;
    for (u32 r = 0; r < 4; ++r) s += *cluster.map_shared_rank(&buf[0], r);
    o[71] = s;
  }
  // Nobody may exit while a peer may still read its shared memory.
  cluster.sync();
}

// Grid 4, cluster 2, block 128: the programming guide's distributed shared memory
// histogram. 64 bins, CTA rank r of a cluster owns bins [32r, 32r + 32) in its shared
// memory; every thread adds its 2 samples (in[blockIdx.x*256 + t*2 + j] < 64) into the
// owning CTA's bins with atomicAdd through map_shared_rank (integer counts: the order
// of the atomics does not matter). out[c*64 + bin] = count for cluster c.
extern "C" __global__ void cg_cluster_dsmem_histogram(const u32* in, u32* out) {
  __shared__ u32 bins[32];
  cg::cluster_group cluster = cg::this_cluster();
  u32 rank = cluster.block_rank();
  u32 t = threadIdx.x, b = blockIdx.x, c = b / 2;
  if (t < 32) bins[t] = 0;
  cluster.sync();
  for (int j = 0; j < 2; ++j) {
    u32 s = in[b * 256 + t * 2 + j];
    u32 owner = s / 32, bin = s % 32;
    u32* dst = cluster.map_shared_rank(bins, owner);
    atomicAdd(dst + bin, 1u);
  }
  cluster.sync();
  if (t < 32) out[c * 64 + rank * 32 + t] = bins[t];
}

// Grid (2, 2), block (8, 4, 2): grid_group / thread_block queries on a 3-D block (no
// grid.sync(), so an ordinary launch). in[0] = n (<= 1000), data in[1..1+n).
// g = grid.thread_rank() (0..255). Per thread (stride 4):
// o[0] = g, o[1] = block.thread_rank() | grid.block_rank() << 16,
// o[2] = thread_index x | y << 8 | z << 16, o[3] = grid-stride sum of in[1 + k],
// k = g, g + grid.size(), ... < n.
extern "C" __global__ void cg_grid_info_3d(const u32* in, u32* out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  u32 g = (u32)grid.thread_rank();
  u32 n = in[0];
  u32 s = 0;
  for (u32 k = g; k < n; k += (u32)grid.size()) s += in[1 + k];
  dim3 ti = block.thread_index();
  u32* o = out + g * 4;
  o[0] = g;
  o[1] = block.thread_rank() | ((u32)grid.block_rank() << 16);
  o[2] = ti.x | (ti.y << 8) | (ti.z << 16);
  o[3] = s;
}

// Grid 2, block 128. cg::memcpy_async of this CTA's 256-word tile into shared memory,
// cg::wait(block), then out[b*256 + i] = tile[255 - i] + tile[i] * 2 (reversed, so every
// thread reads words another thread's copy brought in).
extern "C" __global__ void cg_memcpy_async(const u32* in, u32* out) {
  __shared__ __align__(16) u32 tile[256];
  cg::thread_block block = cg::this_thread_block();
  u32 b = blockIdx.x;
  cg::memcpy_async(block, tile, in + b * 256, sizeof(u32) * 256);
  cg::wait(block);
  for (u32 i = block.thread_rank(); i < 256; i += block.size())
    out[b * 256 + i] = tile[255 - i] + tile[i] * 2;
}
