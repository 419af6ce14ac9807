// Real-world corpus, module "cub_block": CUB block-level collectives as users write them.
// Covers BlockReduce with all three algorithms (WARP_REDUCTIONS, RAKING,
// RAKING_COMMUTATIVE_ONLY on a 2-D block), BlockScan with all three algorithms
// (RAKING, RAKING_MEMOIZE, WARP_SCANS on a 2-D block with a running-prefix callback),
// BlockHistogram (ATOMIC, SORT), BlockLoad/BlockStore with the transpose, warp-transpose,
// vectorized, timesliced, striped and guarded direct algorithms, BlockDiscontinuity
// (FlagHeads / FlagTails / FlagHeadsAndTails), BlockAdjacentDifference and
// BlockRunLengthDecode.
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cub_block.cu -o cub_block.ptx
#include <cub/cub.cuh>
#include <cuda/functional>

typedef unsigned int u32;

// ---------------------------------------------------------------- BlockReduce

// Grid 2, block 128. in[b*128 + t] values (signed, small); in[256 + b] = num_valid (1..128).
// out[b*3 + 0] = Sum, out[b*3 + 1] = Reduce(max), out[b*3 + 2] = Sum(v, num_valid)
// (results are defined in thread 0 only).
extern "C" __global__ void cub_block_reduce_warp_reductions(const u32* in, u32* out) {
  using BR = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  __shared__ typename BR::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x;
  int v = (int)in[b * 128 + t];
  int s = BR(ts).Sum(v);
  __syncthreads();
  int m = BR(ts).Reduce(v, cuda::maximum<>{});
  __syncthreads();
  int p = BR(ts).Sum(v, (int)in[256 + b]);
  if (t == 0) {
    out[b * 3 + 0] = (u32)s;
    out[b * 3 + 1] = (u32)m;
    out[b * 3 + 2] = (u32)p;
  }
}

// Grid 2, block 96 (not a power of two). in[b*96 + t] float bits; in[192 + b*96 + t] ints;
// in[384 + b] = num_valid (1..96).
// out[b*2 + 0] = BlockReduce<float, 96, RAKING>::Sum (bits; the association order is CUB's),
// out[b*2 + 1] = BlockReduce<int, 96, RAKING>::Sum(v, num_valid).
extern "C" __global__ void cub_block_reduce_raking(const u32* in, u32* out) {
  using BRf = cub::BlockReduce<float, 96, cub::BLOCK_REDUCE_RAKING>;
  using BRi = cub::BlockReduce<int, 96, cub::BLOCK_REDUCE_RAKING>;
  __shared__ typename BRf::TempStorage tf;
  __shared__ typename BRi::TempStorage ti;
  int t = threadIdx.x, b = blockIdx.x;
  float f = __uint_as_float(in[b * 96 + t]);
  int v = (int)in[192 + b * 96 + t];
  float sf = BRf(tf).Sum(f);
  int si = BRi(ti).Sum(v, (int)in[384 + b]);
  if (t == 0) {
    out[b * 2 + 0] = __float_as_uint(sf);
    out[b * 2 + 1] = (u32)si;
  }
}

// Grid 2, block (16, 8): BlockReduce<int, 16, RAKING_COMMUTATIVE_ONLY, 8>, 4 items per thread.
// Linear rank r = y*16 + x; items[i] = in[b*512 + r*4 + i].
// out[b*2 + 0] = Sum(items), out[b*2 + 1] = Reduce(items, max) (unsigned max).
extern "C" __global__ void cub_block_reduce_raking_commutative(const u32* in, u32* out) {
  using BR = cub::BlockReduce<int, 16, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 8>;
  using BRu = cub::BlockReduce<u32, 16, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 8>;
  __shared__ typename BR::TempStorage ts;
  __shared__ typename BRu::TempStorage tu;
  int r = threadIdx.y * 16 + threadIdx.x, b = blockIdx.x;
  int items[4];
  u32 uitems[4];
  for (int i = 0; i < 4; ++i) {
    items[i] = (int)in[b * 512 + r * 4 + i];
    uitems[i] = in[b * 512 + r * 4 + i];
  }
  int s = BR(ts).Sum(items);
  u32 m = BRu(tu).Reduce(uitems, cuda::maximum<>{});
  if (r == 0) {
    out[b * 2 + 0] = (u32)s;
    out[b * 2 + 1] = m;
  }
}

// ---------------------------------------------------------------- BlockScan

// Grid 2, block 128. BlockScan<int, 128, RAKING>.
// in[b*128 + t] value v; in[256 + b*256 + t*2 + i] items (2 per thread, blocked).
// Per block (stride 385): out[b*385 + t] = ExclusiveSum(v); out[b*385 + 128 + t*2 + i] =
// InclusiveSum(items); out[b*385 + 384] = block aggregate of the ExclusiveSum.
extern "C" __global__ void cub_block_scan_raking(const u32* in, u32* out) {
  using BS = cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING>;
  __shared__ typename BS::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x;
  int v = (int)in[b * 128 + t], excl, agg;
  BS(ts).ExclusiveSum(v, excl, agg);
  __syncthreads();
  int items[2];
  for (int i = 0; i < 2; ++i) items[i] = (int)in[256 + b * 256 + t * 2 + i];
  BS(ts).InclusiveSum(items, items);
  u32* o = out + b * 385;
  o[t] = (u32)excl;
  for (int i = 0; i < 2; ++i) o[128 + t * 2 + i] = (u32)items[i];
  if (t == 0) o[384] = (u32)agg;
}

// Grid 1, block 64. BlockScan<int, 64, RAKING_MEMOIZE>, 4 items per thread (blocked).
// items[i] = in[t*4 + i]; in[256] = initial value of the exclusive scan.
// out[t*4 + i] = InclusiveScan(items, max); out[256 + t*4 + i] = ExclusiveScan(items, init, plus).
extern "C" __global__ void cub_block_scan_raking_memoize(const u32* in, u32* out) {
  using BS = cub::BlockScan<int, 64, cub::BLOCK_SCAN_RAKING_MEMOIZE>;
  __shared__ typename BS::TempStorage ts;
  int t = threadIdx.x;
  int items[4], mx[4], ex[4];
  for (int i = 0; i < 4; ++i) items[i] = (int)in[t * 4 + i];
  BS(ts).InclusiveScan(items, mx, cuda::maximum<>{});
  __syncthreads();
  BS(ts).ExclusiveScan(items, ex, (int)in[256], cuda::std::plus<>{});
  for (int i = 0; i < 4; ++i) {
    out[t * 4 + i] = (u32)mx[i];
    out[256 + t * 4 + i] = (u32)ex[i];
  }
}

// The classic running-prefix functor from the CUB documentation: warp 0 calls it with
// the tile aggregate; lane 0's return value seeds the tile's scan.
struct BlockPrefixCallbackOp {
  int running_total;
  __device__ BlockPrefixCallbackOp(int r) : running_total(r) {}
  __device__ int operator()(int block_aggregate) {
    int old = running_total;
    running_total += block_aggregate;
    return old;
  }
};

// Grid 1, block (32, 4): BlockScan<int, 32, WARP_SCANS, 4>, 2 items per thread, 4 tiles of
// 256 items scanned with a running prefix. Linear rank r = y*32 + x.
// out[k] = exclusive prefix sum of in[0..k) for k < 1024; out[1024] = running total
// held by thread 0 after the last tile.
extern "C" __global__ void cub_block_scan_warp_scans_prefix(const u32* in, u32* out) {
  using BS = cub::BlockScan<int, 32, cub::BLOCK_SCAN_WARP_SCANS, 4>;
  __shared__ typename BS::TempStorage ts;
  int r = threadIdx.y * 32 + threadIdx.x;
  BlockPrefixCallbackOp prefix(0);
  for (int tile = 0; tile < 4; ++tile) {
    int items[2];
    for (int i = 0; i < 2; ++i) items[i] = (int)in[tile * 256 + r * 2 + i];
    BS(ts).ExclusiveSum(items, items, prefix);
    __syncthreads();
    for (int i = 0; i < 2; ++i) out[tile * 256 + r * 2 + i] = (u32)items[i];
  }
  if (r == 0) out[1024] = (u32)prefix.running_total;
}

// ---------------------------------------------------------------- BlockHistogram

// Grid 2, block 128, 4 samples per thread, 64 bins, BLOCK_HISTO_ATOMIC (shared atomics:
// the counts do not depend on the order). samples[i] = in[b*512 + t*4 + i] (< 64).
// out[b*64 + bin] = count.
extern "C" __global__ void cub_block_histogram_atomic(const u32* in, u32* out) {
  using BH = cub::BlockHistogram<unsigned char, 128, 4, 64, cub::BLOCK_HISTO_ATOMIC>;
  __shared__ typename BH::TempStorage ts;
  __shared__ u32 hist[64];
  int t = threadIdx.x, b = blockIdx.x;
  unsigned char samples[4];
  for (int i = 0; i < 4; ++i) samples[i] = (unsigned char)in[b * 512 + t * 4 + i];
  BH(ts).Histogram(samples, hist);
  __syncthreads();
  if (t < 64) out[b * 64 + t] = hist[t];
}

// Grid 1, block 128, 8 samples per thread, 256 bins, BLOCK_HISTO_SORT (radix sort +
// discontinuity). samples[i] = in[t*8 + i] (< 256, skewed).
// out[bin] = count.
extern "C" __global__ void cub_block_histogram_sort(const u32* in, u32* out) {
  using BH = cub::BlockHistogram<unsigned char, 128, 8, 256, cub::BLOCK_HISTO_SORT>;
  __shared__ typename BH::TempStorage ts;
  __shared__ u32 hist[256];
  int t = threadIdx.x;
  unsigned char samples[8];
  for (int i = 0; i < 8; ++i) samples[i] = (unsigned char)in[t * 8 + i];
  BH(ts).Histogram(samples, hist);
  __syncthreads();
  for (int k = t; k < 256; k += 128) out[k] = hist[k];
}

// ---------------------------------------------------------------- BlockLoad / BlockStore

// Every load/store entry tags each item with the thread and slot that held it between
// the load and the store: item + t*0x10000 + i*0x1000000, so a wrong arrangement shows.
__device__ __forceinline__ u32 tag(u32 v, int t, int i) { return v + (u32)t * 0x10000u + (u32)i * 0x1000000u; }

// Grid 2, block 128, 4 items. BLOCK_LOAD_TRANSPOSE (striped global reads, then blocked)
// + BLOCK_STORE_WARP_TRANSPOSE. Tile of block b = [b*512, b*512 + 512) in both in and out.
extern "C" __global__ void cub_load_transpose_store_warp_transpose(const u32* in, u32* out) {
  using BL = cub::BlockLoad<u32, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>;
  using BSt = cub::BlockStore<u32, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename BL::TempStorage load;
    typename BSt::TempStorage store;
  } ts;
  int t = threadIdx.x, b = blockIdx.x;
  u32 items[4];
  BL(ts.load).Load(in + b * 512, items);
  for (int i = 0; i < 4; ++i) items[i] = tag(items[i], t, i);
  __syncthreads();
  BSt(ts.store).Store(out + b * 512, items);
}

// Grid 2, block 64, 4 items. BLOCK_LOAD_VECTORIZE + BLOCK_STORE_VECTORIZE (ld/st .v4:
// the tile start b*256 words is 16-byte aligned). Tile of block b = [b*256, b*256 + 256).
extern "C" __global__ void cub_load_store_vectorize(const u32* in, u32* out) {
  using BL = cub::BlockLoad<u32, 64, 4, cub::BLOCK_LOAD_VECTORIZE>;
  using BSt = cub::BlockStore<u32, 64, 4, cub::BLOCK_STORE_VECTORIZE>;
  __shared__ typename BL::TempStorage tl;
  __shared__ typename BSt::TempStorage tst;
  int t = threadIdx.x, b = blockIdx.x;
  u32 items[4];
  BL(tl).Load(in + b * 256, items);
  for (int i = 0; i < 4; ++i) items[i] = tag(items[i], t, i);
  BSt(tst).Store(out + b * 256, items);
}

// Grid 1, block 128, 4 items. BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED (blocked) then
// BLOCK_STORE_STRIPED (thread t's item i goes to out[i*128 + t]): a transposition.
extern "C" __global__ void cub_load_warp_timesliced_store_striped(const u32* in, u32* out) {
  using BL = cub::BlockLoad<u32, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>;
  using BSt = cub::BlockStore<u32, 128, 4, cub::BLOCK_STORE_STRIPED>;
  __shared__ typename BL::TempStorage tl;
  __shared__ typename BSt::TempStorage tst;
  int t = threadIdx.x;
  u32 items[4];
  BL(tl).Load(in, items);
  for (int i = 0; i < 4; ++i) items[i] = tag(items[i], t, i);
  BSt(tst).Store(out, items);
}

// Grid 1, block 64, 4 items. in[0] = valid items (< 256), data in[1..257).
// BLOCK_LOAD_DIRECT guarded (out-of-range items = 0xDEAD0000 + slot) then
// BLOCK_STORE_TRANSPOSE guarded by the same count: out[k] for k < valid, the rest is
// left at out_init. out[256 + t*4 + i] = every item as held (including the defaults).
extern "C" __global__ void cub_load_direct_guarded_store_transpose(const u32* in, u32* out) {
  using BL = cub::BlockLoad<u32, 64, 4, cub::BLOCK_LOAD_DIRECT>;
  using BSt = cub::BlockStore<u32, 64, 4, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ typename BL::TempStorage tl;
  __shared__ typename BSt::TempStorage tst;
  int t = threadIdx.x;
  int valid = (int)in[0];
  u32 items[4];
  BL(tl).Load(in + 1, items, valid, 0xDEAD0000u);
  for (int i = 0; i < 4; ++i) items[i] = tag(items[i], t, i);
  for (int i = 0; i < 4; ++i) out[256 + t * 4 + i] = items[i];
  BSt(tst).Store(out, items, valid);
}

// ---------------------------------------------------------------- BlockDiscontinuity

// Flags when two neighbours differ by more than 3.
struct BigJump {
  __device__ bool operator()(int a, int b) const { return a - b > 3 || b - a > 3; }
};

// Grid 2, block 64, 4 items (blocked); tile of block b = in[b*256 .. +256), values 0..15.
// Per block (stride 768):
//  out[b*768 + k]       = FlagHeads(not_equal_to), with the previous tile's last item as
//                         tile predecessor for b > 0 (block 0: first item always flagged)
//  out[b*768 + 256 + k] = FlagTails(BigJump) (last block: last item always flagged;
//                         block 0 uses the next tile's first item as tile successor)
//  out[b*768 + 512 + k] = FlagHeadsAndTails(not_equal_to) packed: head | tail << 1
//                         (no predecessor / successor)
extern "C" __global__ void cub_block_discontinuity(const u32* in, u32* out) {
  using BD = cub::BlockDiscontinuity<int, 64>;
  __shared__ typename BD::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x;
  int items[4], heads[4], tails[4], h2[4], t2[4];
  for (int i = 0; i < 4; ++i) items[i] = (int)in[b * 256 + t * 4 + i];
  if (b > 0)
    BD(ts).FlagHeads(heads, items, cuda::std::not_equal_to<>{}, (int)in[b * 256 - 1]);
  else
    BD(ts).FlagHeads(heads, items, cuda::std::not_equal_to<>{});
  __syncthreads();
  if (b + 1 < (int)gridDim.x)
    BD(ts).FlagTails(tails, items, BigJump(), (int)in[(b + 1) * 256]);
  else
    BD(ts).FlagTails(tails, items, BigJump());
  __syncthreads();
  BD(ts).FlagHeadsAndTails(h2, t2, items, cuda::std::not_equal_to<>{});
  u32* o = out + b * 768;
  for (int i = 0; i < 4; ++i) {
    o[t * 4 + i] = (u32)heads[i];
    o[256 + t * 4 + i] = (u32)tails[i];
    o[512 + t * 4 + i] = (u32)(h2[i] | (t2[i] << 1));
  }
}

// ---------------------------------------------------------------- BlockAdjacentDifference

// A non-commutative "difference": 3*a - b, so swapped operands show.
struct Diff3 {
  __device__ int operator()(int a, int b) const { return 3 * a - b; }
};

// Grid 2, block 64, 4 items (blocked); tile of block b = in[b*256 .. +256) (small values);
// in[512] = valid items for the partial tile (1..256).
// Per block (stride 768):
//  out[b*768 + k]       = SubtractLeft(Diff3) (block b > 0 uses the previous tile's last item)
//  out[b*768 + 256 + k] = SubtractRight(Diff3) (block 0 uses the next tile's first item)
//  out[b*768 + 512 + k] = SubtractLeftPartialTile(Diff3, valid)
extern "C" __global__ void cub_block_adjacent_difference(const u32* in, u32* out) {
  using BAD = cub::BlockAdjacentDifference<int, 64>;
  __shared__ typename BAD::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x;
  int items[4], l[4], r[4], p[4];
  for (int i = 0; i < 4; ++i) items[i] = (int)in[b * 256 + t * 4 + i];
  if (b > 0)
    BAD(ts).SubtractLeft(items, l, Diff3(), (int)in[b * 256 - 1]);
  else
    BAD(ts).SubtractLeft(items, l, Diff3());
  __syncthreads();
  if (b + 1 < (int)gridDim.x)
    BAD(ts).SubtractRight(items, r, Diff3(), (int)in[(b + 1) * 256]);
  else
    BAD(ts).SubtractRight(items, r, Diff3());
  __syncthreads();
  BAD(ts).SubtractLeftPartialTile(items, p, Diff3(), (int)in[512]);
  u32* o = out + b * 768;
  for (int i = 0; i < 4; ++i) {
    o[t * 4 + i] = (u32)l[i];
    o[256 + t * 4 + i] = (u32)r[i];
    o[512 + t * 4 + i] = (u32)p[i];
  }
}

// ---------------------------------------------------------------- BlockRunLengthDecode

// Grid 1, block 64, 2 runs per thread, 4 decoded items per thread (window of 256).
// Run j (blocked: thread t holds runs 2t, 2t+1): value in[j], length in[128 + j] (1..4).
// out[0] = total decoded size; out[1 + k] = decoded item k and out[513 + k] = its offset
// within its run, for k < total (<= 512); the rest is left at out_init.
extern "C" __global__ void cub_block_run_length_decode(const u32* in, u32* out) {
  using RLD = cub::BlockRunLengthDecode<u32, 64, 2, 4>;
  __shared__ typename RLD::TempStorage ts;
  int t = threadIdx.x;
  u32 vals[2], lens[2];
  for (int j = 0; j < 2; ++j) {
    vals[j] = in[t * 2 + j];
    lens[j] = in[128 + t * 2 + j];
  }
  u32 total = 0;
  RLD rld(ts, vals, lens, total);
  if (t == 0) out[0] = total;
  for (u32 window = 0; window < total; window += 256) {
    u32 items[4], rel[4];
    rld.RunLengthDecode(items, rel, window);
    for (int i = 0; i < 4; ++i) {
      u32 k = window + t * 4 + i;
      if (k < total) {
        out[1 + k] = items[i];
        out[513 + k] = rel[i];
      }
    }
  }
}
