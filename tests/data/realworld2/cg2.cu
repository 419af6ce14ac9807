// Real-world corpus batch 2, module "cg2": cooperative groups batch 1 does not use.
// Covers thread_block_tile<32> / <16> match_any / match_all / ballot / any / all,
// cg::reduce on float / double / 64-bit with cg::plus / cg::greater / cg::less /
// cg::bit_xor, cg::invoke_one and cg::invoke_one_broadcast (tiles and coalesced groups),
// tiled_partition<2> and <1>, coalesced_threads() two branch levels deep, thread_block
// queries on a 3-D block (thread_rank, group_index, thread_index, dim_threads,
// num_threads) with block.sync(), cluster_group split barriers (barrier_arrive /
// barrier_wait) with map_shared_rank, cg::memcpy_async with cuda::aligned_size_t and
// cg::wait_prior in a 3-stage pipeline (block- and tile-level copies), reductions / scans
// over partial groups (tiled_partition of a coalesced group), and tile shuffles of
// double / 64-bit / struct values.
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. t = threadIdx.x (linear rank for 3-D blocks).
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cg2.cu -o cg2.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;
typedef unsigned int u32;
typedef unsigned long long u64;

// Block 64. v = in[t] (few distinct values), w = in[64 + t].
// out[t*8 + 0] = tile32.match_any(v), [1] = tile32.match_all(v >> 28, pred) ^ pred,
// [2] = tile32.match_any((u64)w << 32 | v & 1), [3] = tile32.ballot(w & 1),
// [4] = tile32.any(w == 0) | tile32.all(w != 0) << 1, [5] = tile16.match_any(v & 7),
// [6] = tile16.ballot(w & 2) , [7] = tile8.all(v < 4) | tile8.any(v == 0) << 1.
extern "C" __global__ void cg_tile32_match_vote(const u32* in, u32* out) {
  auto block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t8 = cg::tiled_partition<8>(block);
  u32 t = block.thread_rank();
  u32 v = in[t], w = in[64 + t];
  u32* o = out + t * 8;
  o[0] = t32.match_any(v);
  int pred = 0;
  u32 m = t32.match_all(v >> 28, pred);
  o[1] = m ^ (u32)pred;
  o[2] = t32.match_any(((u64)w << 32) | (v & 1));
  o[3] = t32.ballot(w & 1);
  o[4] = (u32)t32.any(w == 0) | ((u32)t32.all(w != 0) << 1);
  o[5] = t16.match_any(v & 7);
  o[6] = t16.ballot(w & 2);
  o[7] = (u32)t8.all(v < 4) | ((u32)t8.any(v == 0) << 1);
}

// Block 64. f = float in[t], d = double from in[64 + 2t], in[65 + 2t], x = u64 from
// in[192 + 2t], in[193 + 2t]. Per thread out[t*12 + ...]:
// [0] cg::reduce(tile32, f, plus<float>), [1] reduce(tile32, f, greater<float>) (max),
// [2..4) reduce(tile32, d, plus<double>), [4..6) reduce(tile16, d, less<double>) (min),
// [6..8) reduce(tile32, x, plus<u64>), [8..10) reduce(tile8, x, bit_xor<u64>),
// [10] reduce(tile4, (int)in[t], greater<int>), [11] reduce(tile32, f * 3, less<float>).
extern "C" __global__ void cg_reduce_fp_64bit(const u32* in, u32* out) {
  auto block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t8 = cg::tiled_partition<8>(block);
  auto t4 = cg::tiled_partition<4>(block);
  u32 t = block.thread_rank();
  float f = __uint_as_float(in[t]);
  double d = __longlong_as_double((long long)((u64)in[64 + 2 * t] | ((u64)in[65 + 2 * t] << 32)));
  u64 x = (u64)in[192 + 2 * t] | ((u64)in[193 + 2 * t] << 32);
  u32* o = out + t * 12;
  auto D = [](u32* p, u64 b) {
    p[0] = (u32)b;
    p[1] = (u32)(b >> 32);
  };
  o[0] = __float_as_uint(cg::reduce(t32, f, cg::plus<float>()));
  o[1] = __float_as_uint(cg::reduce(t32, f, cg::greater<float>()));
  D(o + 2, (u64)__double_as_longlong(cg::reduce(t32, d, cg::plus<double>())));
  D(o + 4, (u64)__double_as_longlong(cg::reduce(t16, d, cg::less<double>())));
  D(o + 6, cg::reduce(t32, x, cg::plus<u64>()));
  D(o + 8, cg::reduce(t8, x, cg::bit_xor<u64>()));
  o[10] = (u32)cg::reduce(t4, (int)in[t], cg::greater<int>());
  o[11] = __float_as_uint(cg::reduce(t32, f * 3.0f, cg::less<float>()));
}

// Block 128. cg::invoke_one / invoke_one_broadcast.
// Per tile16 (8 tiles): invoke_one writes out[g] = in[g * 16] * 2 + g (one thread of the
// tile runs the lambda); invoke_one_broadcast returns the tile's ticket from a shared
// atomicAdd: out[8 + t] = ticket (multiset over out[8..136): each ticket 0..7 appears 16
// times); invoke_one_broadcast of a lambda returning in[g * 16 + 1] ^ 0x55:
// out[136 + t]. Then in divergent code (lanes with in[t] odd), invoke_one on the
// coalesced group atomically ORs (1 << its meta rank... the group size) into the shared
// word res: out[264] = res after __syncthreads (bit s set for every warp whose odd-lane
// group has size s % 32).
extern "C" __global__ void cg_invoke_one(const u32* in, u32* out) {
  __shared__ u32 ticket, res;
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  u32 t = block.thread_rank(), g = tile.meta_group_rank();
  if (t == 0) {
    ticket = 0;
    res = 0;
  }
  block.sync();
  cg::invoke_one(tile, [&] { out[g] = in[g * 16] * 2 + g; });
  u32 tk = cg::invoke_one_broadcast(tile, [&] { return atomicAdd(&ticket, 1u); });
  out[8 + t] = tk;
  u32 b = cg::invoke_one_broadcast(tile, [&] { return in[g * 16 + 1] ^ 0x55u; });
  out[136 + t] = b;
  if (in[t] & 1) {
    auto active = cg::coalesced_threads();
    cg::invoke_one(active, [&] { atomicOr(&res, 1u << (active.size() % 32)); });
  }
  block.sync();
  if (t == 0) out[264] = res;
}

// Block 64. Tiny tiles. v = in[t].
// out[t*8 + 0] = tile2.shfl_xor(v, 1), [1] = cg::reduce(tile2, v, plus), [2] = tile2.ballot(v & 1),
// [3] = tile2.thread_rank() | tile2.meta_group_rank() << 8 | tile2.meta_group_size() << 16,
// [4] = tile1.shfl(v, 0) (own value), [5] = tile1.size() | tile1.thread_rank() << 8 |
// tile1.meta_group_rank() << 16, [6] = tile1.any(v & 2) | tile1.all(v & 4) << 1,
// [7] = cg::reduce(tile1, v, plus) + tile2.shfl_down(v, 1).
extern "C" __global__ void cg_tiny_tiles(const u32* in, u32* out) {
  auto block = cg::this_thread_block();
  auto t2 = cg::tiled_partition<2>(block);
  auto t1 = cg::tiled_partition<1>(block);
  u32 t = block.thread_rank(), v = in[t];
  u32* o = out + t * 8;
  o[0] = t2.shfl_xor(v, 1);
  o[1] = cg::reduce(t2, v, cg::plus<u32>());
  o[2] = t2.ballot(v & 1);
  o[3] = t2.thread_rank() | (t2.meta_group_rank() << 8) | (t2.meta_group_size() << 16);
  o[4] = t1.shfl(v, 0);
  o[5] = t1.size() | (t1.thread_rank() << 8) | (t1.meta_group_rank() << 16);
  o[6] = (u32)t1.any(v & 2) | ((u32)t1.all(v & 4) << 1);
  o[7] = cg::reduce(t1, v, cg::plus<u32>()) + t2.shfl_down(v, 1);
}

// Block 64. coalesced_threads() two branch levels deep. v = in[t].
// Lanes with v % 3 != 0 enter level 1; of those, lanes with v & 4 enter level 2, the
// others take the level-2 else branch. In each of the three groups (level 1 before the
// split, level 2 then, level 2 else): size, thread_rank, shfl(v, 0), reduce plus,
// inclusive_scan plus, ballot(v & 1), any(v > 3e9). out[t*14 + ...]: level 1: [0] size |
// rank << 8, [1] shfl, [2] reduce; level 2 (whichever branch): [3] size | rank << 8,
// [4] shfl(v, size - 1), [5] reduce, [6] inclusive_scan, [7] exclusive_scan(bit_xor),
// [8] ballot, [9] any; [10..14) = 0 unless the level-1 branch was taken, then
// group.num_threads(), meta_group_rank, meta_group_size and the shuffled lane id of rank 0.
// Lanes that skip level 1 write 0xffffffff to all 14 words.
extern "C" __global__ void cg_coalesced_nested(const u32* in, u32* out) {
  u32 t = threadIdx.x, lane = t % 32, v = in[t];
  u32* o = out + t * 14;
  for (int i = 0; i < 14; ++i) o[i] = 0xffffffffu;
  if (v % 3 != 0) {
    auto g1 = cg::coalesced_threads();
    o[0] = g1.size() | (g1.thread_rank() << 8);
    o[1] = g1.shfl(v, 0);
    o[2] = cg::reduce(g1, v, cg::plus<u32>());
    o[10] = (u32)g1.num_threads();
    o[11] = g1.meta_group_rank();
    o[12] = g1.meta_group_size();
    o[13] = g1.shfl(lane, 0);
    if (v & 4) {
      auto g2 = cg::coalesced_threads();
      o[3] = g2.size() | (g2.thread_rank() << 8);
      o[4] = g2.shfl(v, g2.size() - 1);
      o[5] = cg::reduce(g2, v, cg::plus<u32>());
      o[6] = cg::inclusive_scan(g2, v, cg::plus<u32>());
      o[7] = cg::exclusive_scan(g2, v, cg::bit_xor<u32>());
      o[8] = g2.ballot(v & 1);
      o[9] = (u32)g2.any(v > 3000000000u);
    } else {
      auto g2 = cg::coalesced_threads();
      o[3] = g2.size() | (g2.thread_rank() << 8) | 0x10000u;
      o[4] = g2.shfl(v, g2.size() - 1);
      o[5] = cg::reduce(g2, v, cg::plus<u32>());
      o[6] = cg::inclusive_scan(g2, v, cg::plus<u32>());
      o[7] = cg::exclusive_scan(g2, v, cg::bit_xor<u32>());
      o[8] = g2.ballot(v & 1);
      o[9] = (u32)g2.any(v > 3000000000u);
    }
  }
}

// Grid 2x2, block 8x4x2 (64 threads). thread_block queries and block.sync().
// r = block.thread_rank(), b = group_index().y * 2 + group_index().x.
// out[b*64*4 + r*4 + 0] = r | thread_index().x << 8 | .y << 12 | .z << 16,
// [1] = dim_threads().x | .y << 8 | .z << 16 | num_threads() << 24 (only 64 fits: 0x40),
// [2] = group_index().x | .y << 8 | block.size() << 16,
// [3] = after writing in[b*64 + r] to shared and block.sync(): s[63 - r] + s[(r + 9) % 64].
extern "C" __global__ void cg_block_info_3d(const u32* in, u32* out) {
  __shared__ u32 s[64];
  auto block = cg::this_thread_block();
  u32 r = block.thread_rank();
  dim3 gi = block.group_index(), ti = block.thread_index(), dt = block.dim_threads();
  u32 b = gi.y * 2 + gi.x;
  u32* o = out + b * 256 + r * 4;
  o[0] = r | (ti.x << 8) | (ti.y << 12) | (ti.z << 16);
  o[1] = dt.x | (dt.y << 8) | (dt.z << 16) | ((u32)block.num_threads() << 24);
  o[2] = gi.x | (gi.y << 8) | (block.size() << 16);
  s[r] = in[b * 64 + r];
  block.sync();
  o[3] = s[63 - r] + s[(r + 9) % 64];
}

// Grid 8, cluster 4, block 64. Split cluster barriers: each CTA fills its shared buf
// (buf[i] = in[b*64 + i] + rank), then cluster.barrier_arrive(), does independent work
// (a local warp reduction of its own buf), cluster.barrier_wait(), then reads the next
// CTA's buf through map_shared_rank; a final cluster.sync() keeps the peers' shared memory
// alive. out[b*64 + t] = peer_buf[63 - t] + local warp sum of own buf,
// out[512 + b] = rank | num_blocks << 8 | dim_blocks().x << 16 | block_index().x << 24.
extern "C" __global__ void cg_cluster_split_barrier(const u32* in, u32* out) {
  __shared__ u32 buf[64];
  auto cluster = cg::this_cluster();
  auto block = cg::this_thread_block();
  u32 t = block.thread_rank(), b = blockIdx.x, rank = cluster.block_rank();
  buf[t] = in[b * 64 + t] + rank;
  auto token = cluster.barrier_arrive();
  u32 s = buf[t];  // own write, visible to this thread
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  cluster.barrier_wait(std::move(token));
  u32* peer = cluster.map_shared_rank(buf, (rank + 1) % cluster.num_blocks());
  out[b * 64 + t] = peer[63 - t] + s;
  if (t == 0)
    out[512 + b] = rank | (cluster.num_blocks() << 8) | (cluster.dim_blocks().x << 16) |
                   (cluster.block_index().x << 24);
  cluster.sync();
}

// Grid 2, block 128. cg::memcpy_async with cuda::aligned_size_t<16> in a 3-stage ring:
// 6 tiles of 256 words (block b reads in[b*1536 + k*256 ..]); stage k % 3; before
// consuming tile k the block calls cg::wait_prior<N>(block) with N = tiles still in flight
// (2, 1 or 0). Each warp additionally copies a 32-word side chunk with a tile-level
// cg::memcpy_async(tile32, ...) and cg::wait(tile32).
// out[b*1536 + k*256 + i] = stage[i] * (k + 1) + stage[255 - i] for i = t, t + 128;
// out[3072 + b*128 + t] = side[t] + 1 where side is in[3072 + b*128 ..].
extern "C" __global__ void cg_memcpy_async_stages(const u32* in, u32* out) {
  __shared__ __align__(16) u32 stage[3][256];
  __shared__ __align__(16) u32 side[128];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  u32 t = block.thread_rank(), b = blockIdx.x;
  const u32* src = in + b * 1536;
  for (int k = 0; k < 3; ++k) cg::memcpy_async(block, stage[k], src + k * 256, cuda::aligned_size_t<16>(1024));
  for (int k = 0; k < 6; ++k) {
    int inflight = k + 3 <= 6 ? 2 : 5 - k;  // copies issued after tile k
    if (inflight >= 2)
      cg::wait_prior<2>(block);
    else if (inflight == 1)
      cg::wait_prior<1>(block);
    else
      cg::wait(block);
    u32* s = stage[k % 3];
    for (u32 i = t; i < 256; i += 128) out[b * 1536 + k * 256 + i] = s[i] * (k + 1) + s[255 - i];
    block.sync();
    if (k + 3 < 6) cg::memcpy_async(block, stage[k % 3], src + (k + 3) * 256, cuda::aligned_size_t<16>(1024));
  }
  u32 w = tile.meta_group_rank();
  cg::memcpy_async(tile, side + w * 32, in + 3072 + b * 128 + w * 32, cuda::aligned_size_t<16>(128));
  cg::wait(tile);
  out[3072 + b * 128 + t] = side[t] + 1;
}

// Block 64. Reductions and scans over partial groups: lanes with (in[t] & 3) != 0 form a
// coalesced group c (non-contiguous, size varies per warp); tiled_partition(c, 4) splits
// it into groups of 4 with a partial last group. out[t*6 + ...] (0xffffffff for lanes not
// in c): [0] cg::reduce(c, v, plus), [1] reduce(c, v, greater), [2] sub.size() |
// sub.thread_rank() << 8 | sub.meta_group_rank() << 16, [3] reduce(sub, v, plus),
// [4] exclusive_scan(sub, v, plus), [5] sub.shfl(v, sub.size() - 1).
extern "C" __global__ void cg_reduce_partial_groups(const u32* in, u32* out) {
  u32 t = threadIdx.x, v = in[t];
  u32* o = out + t * 6;
  for (int i = 0; i < 6; ++i) o[i] = 0xffffffffu;
  if (v & 3) {
    auto c = cg::coalesced_threads();
    o[0] = cg::reduce(c, v, cg::plus<u32>());
    o[1] = cg::reduce(c, v, cg::greater<u32>());
    auto sub = cg::tiled_partition(c, 4);
    o[2] = sub.size() | (sub.thread_rank() << 8) | (sub.meta_group_rank() << 16);
    o[3] = cg::reduce(sub, v, cg::plus<u32>());
    o[4] = cg::exclusive_scan(sub, v, cg::plus<u32>());
    o[5] = sub.shfl(v, sub.size() - 1);
  }
}

struct Sample {
  float x;
  int k;
  double w;
};

// Block 64. Tile shuffles of wide and struct types. d = double from in[2t], in[2t+1];
// x = the same bits as u64; s = Sample{float in[128 + t], t, d}.
// out[t*10 + ...]: [0..2) tile32.shfl(d, 31 - rank), [2..4) tile16.shfl_down(x, 3),
// [4..6) tile16.shfl_up(d, 5), [6..8) tile8.shfl_xor(x, 6), [8] tile32.shfl(s, rank ^ 9).x
// bits ^ .k, [9] its .w low word.
extern "C" __global__ void cg_tile_shfl_types(const u32* in, u32* out) {
  auto block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t8 = cg::tiled_partition<8>(block);
  u32 t = block.thread_rank();
  u64 x = (u64)in[2 * t] | ((u64)in[2 * t + 1] << 32);
  double d = __longlong_as_double((long long)x);
  Sample s{__uint_as_float(in[128 + t]), (int)t, d};
  u32* o = out + t * 10;
  auto D = [](u32* p, u64 b) {
    p[0] = (u32)b;
    p[1] = (u32)(b >> 32);
  };
  D(o, (u64)__double_as_longlong(t32.shfl(d, 31 - t32.thread_rank())));
  D(o + 2, t16.shfl_down(x, 3));
  D(o + 4, (u64)__double_as_longlong(t16.shfl_up(d, 5)));
  D(o + 6, t8.shfl_xor(x, 6));
  Sample r = t32.shfl(s, t32.thread_rank() ^ 9);
  o[8] = __float_as_uint(r.x) ^ (u32)r.k;
  o[9] = (u32)__double_as_longlong(r.w);
}
