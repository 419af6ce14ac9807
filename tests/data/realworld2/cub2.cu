// Real-world corpus batch 2, module "cub2": CUB pieces batch 1 does not use.
// Covers BlockShuffle (Offset / Rotate / Up / Down with suffix and prefix), WarpLoad /
// WarpStore (DIRECT, STRIPED, VECTORIZE, TRANSPOSE, guarded loads, logical warps of 16),
// BlockExchange (StripedToBlocked, BlockedToWarpStriped, WarpStripedToBlocked,
// ScatterToBlocked), BlockMergeSort (keys with a custom comparator; pairs, 3 items per
// thread, partial tile, StableSort), BlockRadixSort with 64-bit keys on a 2-D block and
// with 16-bit keys at 8 items per thread (bit range, descending blocked-to-striped),
// BlockScan BLOCK_SCAN_WARP_SCANS (ExclusiveScan with a custom op, ExclusiveSum of float,
// InclusiveScan with an initial value), WarpReduce / WarpScan of double and of a custom
// struct, BlockReduce on a 3-D block with all three algorithms, cub::ThreadReduce /
// ThreadScanInclusive / ThreadScanExclusive, BlockAdjacentDifference of float
// (SubtractLeft with a predecessor, SubtractRightPartialTile) and cache-modified
// iterators / ThreadLoad / ThreadStore (LDG, CS, CG, CA, WB).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. t = threadIdx.x (linear rank for 2-D/3-D blocks).
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cub2.cu -o cub2.ptx
#include <cub/block/block_shuffle.cuh>
#include <cub/cub.cuh>
#include <cuda/functional>

typedef unsigned int u32;
typedef unsigned long long u64;

#define SENT 0xeeeeeeeeu

// Block 128. BlockShuffle<u32, 128>; v = in[t], items[k] = in[128 + 4t + k].
// out[t*13 + 0] = Offset(v, +3) (threads 125..127 keep SENT), [1] = Offset(v, -5)
// (threads 0..4 keep SENT), [2] = Rotate(v, 7), [3..7) = Up(items, prev) (thread 0's
// prev[0] keeps SENT), [7..11) = Down(items, prev, block_prefix) (the last thread's
// prev[3] keeps SENT), [11] = block_suffix of Up(items, prev, suffix), [12] = block_prefix.
extern "C" __global__ void cub_block_shuffle(const u32* in, u32* out) {
  using Shuffle = cub::BlockShuffle<u32, 128>;
  __shared__ typename Shuffle::TempStorage ts;
  u32 t = threadIdx.x;
  u32 v = in[t];
  u32 items[4];
  for (int k = 0; k < 4; ++k) items[k] = in[128 + 4 * t + k];
  u32* o = out + t * 13;
  u32 a = SENT, b = SENT, c = SENT;
  Shuffle(ts).Offset(v, a, 3);
  __syncthreads();
  Shuffle(ts).Offset(v, b, -5);
  __syncthreads();
  Shuffle(ts).Rotate(v, c, 7);
  __syncthreads();
  o[0] = a;
  o[1] = b;
  o[2] = c;
  u32 prev[4] = {SENT, SENT, SENT, SENT};
  Shuffle(ts).Up(items, prev);
  __syncthreads();
  for (int k = 0; k < 4; ++k) o[3 + k] = prev[k];
  u32 next[4] = {SENT, SENT, SENT, SENT}, prefix = SENT, suffix = SENT;
  Shuffle(ts).Down(items, next, prefix);
  __syncthreads();
  for (int k = 0; k < 4; ++k) o[7 + k] = next[k];
  u32 prev2[4];
  Shuffle(ts).Up(items, prev2, suffix);
  o[11] = suffix;
  o[12] = prefix;
}

// Block 64 (2 warps). WarpLoad / WarpStore, 4 items per thread.
// A: full warps, WARP_LOAD_DIRECT from in[w*128 ..], WARP_STORE_STRIPED to out[w*128 ..]
//    after items[k] += k (so out = a blocked-to-striped reshuffle of in + position).
// B: WARP_LOAD_STRIPED from in[256 + w*128 ..], WARP_STORE_VECTORIZE to out[256 + w*128 ..]
//    (items ^ lane).
// C: logical warps of 16 (4 groups), WARP_LOAD_VECTORIZE from in[512 + g*64 ..],
//    WARP_STORE_TRANSPOSE to out[512 + g*64 ..] (items * 3).
// D: WARP_LOAD_TRANSPOSE guarded: valid = in[768 + w] items of in[772 + w*128 ..], the
//    rest = 0xabcdabcd; WARP_STORE_DIRECT guarded (same valid) to out[768 + w*128 ..]
//    (items + 1); words past valid keep out_init.
extern "C" __global__ void cub_warp_load_store(const u32* in, u32* out) {
  constexpr int IPT = 4;
  using LoadD = cub::WarpLoad<u32, IPT, cub::WARP_LOAD_DIRECT>;
  using StoreS = cub::WarpStore<u32, IPT, cub::WARP_STORE_STRIPED>;
  using LoadS = cub::WarpLoad<u32, IPT, cub::WARP_LOAD_STRIPED>;
  using StoreV = cub::WarpStore<u32, IPT, cub::WARP_STORE_VECTORIZE>;
  using LoadV16 = cub::WarpLoad<u32, IPT, cub::WARP_LOAD_VECTORIZE, 16>;
  using StoreT16 = cub::WarpStore<u32, IPT, cub::WARP_STORE_TRANSPOSE, 16>;
  using LoadT = cub::WarpLoad<u32, IPT, cub::WARP_LOAD_TRANSPOSE>;
  using StoreD = cub::WarpStore<u32, IPT, cub::WARP_STORE_DIRECT>;
  __shared__ typename LoadT::TempStorage lt[2];
  __shared__ typename StoreT16::TempStorage st16[4];
  __shared__ typename LoadD::TempStorage ld[2];
  __shared__ typename StoreS::TempStorage ss[2];
  __shared__ typename LoadS::TempStorage ls[2];
  __shared__ typename StoreV::TempStorage sv[2];
  __shared__ typename LoadV16::TempStorage lv16[4];
  __shared__ typename StoreD::TempStorage sd[2];
  u32 t = threadIdx.x, w = t / 32, lane = t % 32, g = t / 16;
  u32 items[IPT];
  LoadD(ld[w]).Load(in + w * 128, items);
  for (int k = 0; k < IPT; ++k) items[k] += k;
  StoreS(ss[w]).Store(out + w * 128, items);
  LoadS(ls[w]).Load(in + 256 + w * 128, items);
  for (int k = 0; k < IPT; ++k) items[k] ^= lane;
  StoreV(sv[w]).Store(out + 256 + w * 128, items);
  LoadV16(lv16[g]).Load(in + 512 + g * 64, items);
  for (int k = 0; k < IPT; ++k) items[k] *= 3;
  StoreT16(st16[g]).Store(out + 512 + g * 64, items);
  int valid = (int)in[768 + w];
  LoadT(lt[w]).Load(in + 772 + w * 128, items, valid, 0xabcdabcdu);
  for (int k = 0; k < IPT; ++k) items[k] += 1;
  StoreD(sd[w]).Store(out + 768 + w * 128, items, valid);
}

// Block 64, 4 items per thread, BlockExchange<u32, 64, 4>. Four passes over in[0..256):
// out[0..256): items loaded striped (in[k*64 + t]), StripedToBlocked, stored blocked
// (out[4t + k]). out[256..512): items loaded blocked, BlockedToWarpStriped, stored
// warp-striped (out[256 + w*128 + k*32 + lane]). out[512..768): items loaded
// warp-striped, WarpStripedToBlocked, stored blocked. out[768..1024): items loaded
// blocked with ranks[k] = in[256 + 4t + k] (a permutation of 0..255), ScatterToBlocked,
// stored blocked.
extern "C" __global__ void cub_block_exchange(const u32* in, u32* out) {
  using Ex = cub::BlockExchange<u32, 64, 4>;
  __shared__ typename Ex::TempStorage ts;
  u32 t = threadIdx.x, w = t / 32, lane = t % 32;
  u32 it[4];
  for (int k = 0; k < 4; ++k) it[k] = in[k * 64 + t];
  Ex(ts).StripedToBlocked(it);
  for (int k = 0; k < 4; ++k) out[4 * t + k] = it[k];
  __syncthreads();
  for (int k = 0; k < 4; ++k) it[k] = in[4 * t + k];
  Ex(ts).BlockedToWarpStriped(it);
  for (int k = 0; k < 4; ++k) out[256 + w * 128 + k * 32 + lane] = it[k];
  __syncthreads();
  for (int k = 0; k < 4; ++k) it[k] = in[w * 128 + k * 32 + lane];
  Ex(ts).WarpStripedToBlocked(it);
  for (int k = 0; k < 4; ++k) out[512 + 4 * t + k] = it[k];
  __syncthreads();
  int ranks[4];
  for (int k = 0; k < 4; ++k) {
    it[k] = in[4 * t + k];
    ranks[k] = (int)in[256 + 4 * t + k];
  }
  Ex(ts).ScatterToBlocked(it, ranks);
  for (int k = 0; k < 4; ++k) out[768 + 4 * t + k] = it[k];
}

struct LowHalfDesc {
  __device__ bool operator()(const u32& a, const u32& b) const { return (a & 0xffff) > (b & 0xffff); }
};

// Block 128, 4 items per thread: BlockMergeSort<u32, 128, 4> keys (blocked in[4t + k]),
// sorted with a custom comparator (descending by the low 16 bits; the high bits ride
// along), then again ascending with cuda::std::less on the full key.
// out[0..512) = the first sort (blocked), out[512..1024) = the second.
extern "C" __global__ void cub_block_merge_sort_keys(const u32* in, u32* out) {
  using Sort = cub::BlockMergeSort<u32, 128, 4>;
  __shared__ typename Sort::TempStorage ts;
  u32 t = threadIdx.x;
  u32 k[4];
  for (int i = 0; i < 4; ++i) k[i] = in[4 * t + i];
  Sort(ts).Sort(k, LowHalfDesc{});
  for (int i = 0; i < 4; ++i) out[4 * t + i] = k[i];
  __syncthreads();
  Sort(ts).Sort(k, cuda::std::less<u32>{});
  for (int i = 0; i < 4; ++i) out[512 + 4 * t + i] = k[i];
}

// Block 64, 3 items per thread (192-item tile): BlockMergeSort<int, 64, 3, u32> pairs.
// valid = in[0] keys of in[1 + 3t + k] (signed, many equal) with values in[193 + 3t + k];
// StableSort ascending of the partial tile (positions >= valid get oob_default INT_MAX).
// out[3t + k] = key, out[192 + 3t + k] = value for positions < valid (the rest keep
// out_init). Then a full-tile unstable Sort of (key, value) descending by key:
// out[384 + 3t + k] = key, out[576 + 3t + k] = value.
extern "C" __global__ void cub_block_merge_sort_pairs_partial(const u32* in, u32* out) {
  using Sort = cub::BlockMergeSort<int, 64, 3, u32>;
  __shared__ typename Sort::TempStorage ts;
  u32 t = threadIdx.x;
  int valid = (int)in[0];
  int k[3];
  u32 v[3];
  for (int i = 0; i < 3; ++i) {
    k[i] = (int)in[1 + 3 * t + i];
    v[i] = in[193 + 3 * t + i];
  }
  Sort(ts).StableSort(k, v, cuda::std::less<int>{}, valid, 0x7fffffff);
  for (int i = 0; i < 3; ++i) {
    int p = 3 * t + i;
    if (p < valid) {
      out[p] = (u32)k[i];
      out[192 + p] = v[i];
    }
  }
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    k[i] = (int)in[1 + 3 * t + i];
    v[i] = in[193 + 3 * t + i];
  }
  Sort(ts).Sort(k, v, cuda::std::greater<int>{});
  for (int i = 0; i < 3; ++i) {
    out[384 + 3 * t + i] = (u32)k[i];
    out[576 + 3 * t + i] = v[i];
  }
}

// Block 32x2 (2-D, 64 threads), BlockRadixSort<u64, 32, 4, u32, 4, true,
// BLOCK_SCAN_WARP_SCANS, cudaSharedMemBankSizeFourByte, 2>: 256 64-bit keys
// (key i = in[2i] | in[2i+1] << 32, blocked by linear rank) with values in[512 + i].
// out[2i], out[2i+1] = sorted key i (lo, hi), out[512 + i] = its value (blocked order).
extern "C" __global__ void cub_radix_sort_u64_2d(const u32* in, u32* out) {
  using Sort = cub::BlockRadixSort<u64, 32, 4, u32, 4, true, cub::BLOCK_SCAN_WARP_SCANS, cudaSharedMemBankSizeFourByte, 2>;
  __shared__ typename Sort::TempStorage ts;
  u32 t = threadIdx.y * 32 + threadIdx.x;
  u64 k[4];
  u32 v[4];
  for (int i = 0; i < 4; ++i) {
    u32 j = 4 * t + i;
    k[i] = (u64)in[2 * j] | ((u64)in[2 * j + 1] << 32);
    v[i] = in[512 + j];
  }
  Sort(ts).Sort(k, v);
  for (int i = 0; i < 4; ++i) {
    u32 j = 4 * t + i;
    out[2 * j] = (u32)k[i];
    out[2 * j + 1] = (u32)(k[i] >> 32);
    out[512 + j] = v[i];
  }
}

// Block 64, 8 items per thread, 16-bit keys: BlockRadixSort<unsigned short, 64, 8,
// NullType, 5> (5-bit digits). keys[i] = in[8t + i] & 0xffff.
// Pass 1: Sort(keys, 2, 14) (bits [2, 14) only) -> out[8t + i] (blocked).
// Pass 2: SortDescendingBlockedToStriped(original keys) -> out[512 + i*64 + t] (striped).
extern "C" __global__ void cub_radix_sort_u16_many_items(const u32* in, u32* out) {
  using Sort = cub::BlockRadixSort<unsigned short, 64, 8, cub::NullType, 5>;
  __shared__ typename Sort::TempStorage ts;
  u32 t = threadIdx.x;
  unsigned short k[8];
  for (int i = 0; i < 8; ++i) k[i] = (unsigned short)in[8 * t + i];
  Sort(ts).Sort(k, 2, 14);
  for (int i = 0; i < 8; ++i) out[8 * t + i] = k[i];
  __syncthreads();
  for (int i = 0; i < 8; ++i) k[i] = (unsigned short)in[8 * t + i];
  Sort(ts).SortDescendingBlockedToStriped(k);
  for (int i = 0; i < 8; ++i) out[512 + i * 64 + t] = k[i];
}

struct MaxPlusOp {  // a non-trivial associative op on u32 pairs packed in u64: (max, sum)
  __device__ u64 operator()(const u64& a, const u64& b) const {
    u32 m = max((u32)(a >> 32), (u32)(b >> 32));
    return ((u64)m << 32) | (u32)((u32)a + (u32)b);
  }
};

// Block 128 (4 warps), BlockScan BLOCK_SCAN_WARP_SCANS.
// out[t*6 + 0..2) = ExclusiveScan of x = (in[t] >> 16) << 32 | (in[t] & 0xffff) with
// MaxPlusOp and initial value (7 << 32 | 1000) (lo, hi); [2] = ExclusiveSum of float
// in[128 + t] (bits; random floats: the association order shows); [3] = the block
// aggregate of that ExclusiveSum; [4, 5] = InclusiveScan of two items (in[256 + 2t + k])
// with initial value 50 and cuda::maximum.
extern "C" __global__ void cub_block_scan_warp_scans_custom(const u32* in, u32* out) {
  using ScanU = cub::BlockScan<u64, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  using ScanF = cub::BlockScan<float, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  using ScanI = cub::BlockScan<u32, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename ScanU::TempStorage tu;
  __shared__ typename ScanF::TempStorage tf;
  __shared__ typename ScanI::TempStorage ti;
  u32 t = threadIdx.x;
  u64 x = ((u64)(in[t] >> 16) << 32) | (in[t] & 0xffff);
  u64 ex;
  ScanU(tu).ExclusiveScan(x, ex, (7ull << 32) | 1000u, MaxPlusOp{});
  float f = __uint_as_float(in[128 + t]), fs, agg;
  ScanF(tf).ExclusiveSum(f, fs, agg);
  u32 it[2] = {in[256 + 2 * t], in[256 + 2 * t + 1]}, oi[2];
  ScanI(ti).InclusiveScan(it, oi, 50u, cuda::maximum<>{});
  u32* o = out + t * 6;
  o[0] = (u32)ex;
  o[1] = (u32)(ex >> 32);
  o[2] = __float_as_uint(fs);
  o[3] = __float_as_uint(agg);
  o[4] = oi[0];
  o[5] = oi[1];
}

struct MinMax {
  int mn, mx;
  u32 cnt;
};
struct MinMaxOp {
  __device__ MinMax operator()(const MinMax& a, const MinMax& b) const {
    return MinMax{min(a.mn, b.mn), max(a.mx, b.mx), a.cnt + b.cnt};
  }
};

// Block 64 (2 warps). d = double from in[2t], in[2t+1] (lo, hi); s = MinMax{v, v, 1} with
// v = (int)in[128 + t]. Per thread out[t*10 + ...]:
// [0..2) WarpReduce<double>::Sum (lane 0 only is defined: written by lane 0, the others
// write 0), [2..4) WarpScan<double>::InclusiveSum, [4..6) WarpScan<double>::ExclusiveScan
// with initial value -1.5 and cuda::maximum, [6..8) WarpReduce<MinMax>::Reduce(MinMaxOp)
// on logical warps of 8 (mn, mx; group leaders only, others 0), [8..10) WarpScan<MinMax>
// InclusiveScan (mx, cnt).
extern "C" __global__ void cub_warp_double_struct(const u32* in, u32* out) {
  using WRd = cub::WarpReduce<double>;
  using WSd = cub::WarpScan<double>;
  using WRm = cub::WarpReduce<MinMax, 8>;
  using WSm = cub::WarpScan<MinMax>;
  __shared__ typename WRd::TempStorage trd[2];
  __shared__ typename WSd::TempStorage tsd[2];
  __shared__ typename WRm::TempStorage trm[8];
  __shared__ typename WSm::TempStorage tsm[2];
  u32 t = threadIdx.x, w = t / 32, lane = t % 32;
  double d = __longlong_as_double((long long)((u64)in[2 * t] | ((u64)in[2 * t + 1] << 32)));
  int v = (int)in[128 + t];
  MinMax s{v, v, 1};
  double sum = WRd(trd[w]).Sum(d);
  double inc, exc;
  WSd(tsd[w]).InclusiveSum(d, inc);
  WSd(tsd[w]).ExclusiveScan(d, exc, -1.5, cuda::maximum<>{});
  MinMax r = WRm(trm[t / 8]).Reduce(s, MinMaxOp{});
  MinMax sc;
  WSm(tsm[w]).InclusiveScan(s, sc, MinMaxOp{});
  u32* o = out + t * 10;
  auto D = [](u32* p, double x) {
    u64 b = (u64)__double_as_longlong(x);
    p[0] = (u32)b;
    p[1] = (u32)(b >> 32);
  };
  D(o, lane == 0 ? sum : 0.0);
  D(o + 2, inc);
  D(o + 4, exc);
  o[6] = t % 8 == 0 ? (u32)r.mn : 0u;
  o[7] = t % 8 == 0 ? (u32)r.mx : 0u;
  o[8] = (u32)sc.mx;
  o[9] = sc.cnt;
}

// Block 8x4x4 (3-D, 128 threads). BlockReduce<int, 8, ALGO, 4, 4> with all three
// algorithms; v = (int)in[t] (t = linear rank). out[0] = WARP_REDUCTIONS Sum,
// out[1] = WARP_REDUCTIONS Reduce(max), out[2] = RAKING Sum, out[3] = RAKING Sum of the
// first in[128] threads (partial), out[4] = RAKING_COMMUTATIVE_ONLY Sum of 2 items
// (v and in[129 + t]), out[5] = RAKING_COMMUTATIVE_ONLY Reduce(min).
extern "C" __global__ void cub_block_reduce_3d(const u32* in, u32* out) {
  using RW = cub::BlockReduce<int, 8, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 4, 4>;
  using RR = cub::BlockReduce<int, 8, cub::BLOCK_REDUCE_RAKING, 4, 4>;
  using RC = cub::BlockReduce<int, 8, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 4, 4>;
  __shared__ typename RW::TempStorage tw;
  __shared__ typename RR::TempStorage tr;
  __shared__ typename RC::TempStorage tc;
  u32 t = (threadIdx.z * 4 + threadIdx.y) * 8 + threadIdx.x;
  int v = (int)in[t];
  int r0 = RW(tw).Sum(v);
  __syncthreads();
  int r1 = RW(tw).Reduce(v, cuda::maximum<>{});
  int r2 = RR(tr).Sum(v);
  __syncthreads();
  int r3 = RR(tr).Sum(v, (int)in[128]);
  int two[2] = {v, (int)in[129 + t]};
  int r4 = RC(tc).Sum(two);
  __syncthreads();
  int r5 = RC(tc).Reduce(v, cuda::minimum<>{});
  if (t == 0) {
    out[0] = (u32)r0;
    out[1] = (u32)r1;
    out[2] = (u32)r2;
    out[3] = (u32)r3;
    out[4] = (u32)r4;
    out[5] = (u32)r5;
  }
}

// Block 64. Per-thread CUB helpers on 8 items a[i] = in[8t + i]:
// out[t*20 + 0] = cub::ThreadReduce(a, plus), [1] = ThreadReduce(a, maximum),
// [2] = ThreadReduce of float(a & 0xfff) * 0.5 (bits), [3] = the block's ExclusiveSum of
// [0] (BlockScan), [4..12) = cub::internal::ThreadScanInclusive(a, xor), [12..20) =
// cub::internal::ThreadScanExclusive
// (a, plus, prefix = [3]).
extern "C" __global__ void cub_thread_reduce_scan(const u32* in, u32* out) {
  using Scan = cub::BlockScan<u32, 64>;
  __shared__ typename Scan::TempStorage ts;
  u32 t = threadIdx.x;
  u32 a[8];
  float f[8];
  for (int i = 0; i < 8; ++i) {
    a[i] = in[8 * t + i];
    f[i] = (float)(a[i] & 0xfff) * 0.5f;
  }
  u32* o = out + t * 20;
  u32 sum = cub::ThreadReduce(a, cuda::std::plus<>{});
  o[0] = sum;
  o[1] = cub::ThreadReduce(a, cuda::maximum<>{});
  o[2] = __float_as_uint(cub::ThreadReduce(f, cuda::std::plus<>{}));
  u32 prefix;
  Scan(ts).ExclusiveSum(sum, prefix);
  o[3] = prefix;
  u32 inc[8], exc[8];
  cub::internal::ThreadScanInclusive(a, inc, cuda::std::bit_xor<>{});
  cub::internal::ThreadScanExclusive(a, exc, cuda::std::plus<>{}, prefix);
  for (int i = 0; i < 8; ++i) {
    o[4 + i] = inc[i];
    o[12 + i] = exc[i];
  }
}

struct FloatDiff {
  __device__ float operator()(const float& a, const float& b) const { return a - b * 0.5f; }
};

// Grid 2, block 64, 4 float items per thread: BlockAdjacentDifference<float, 64>.
// Tile of block b = float bits in[b*256 + 4t + k]. SubtractLeft with FloatDiff and the
// tile predecessor (block 0: 1.0f, block 1: the last float of block 0's tile) ->
// out[b*256 + 4t + k]; SubtractRightPartialTile with valid = in[512 + b] ->
// out[512 + b*256 + 4t + k].
extern "C" __global__ void cub_block_adjacent_difference_float(const u32* in, u32* out) {
  using AD = cub::BlockAdjacentDifference<float, 64>;
  __shared__ typename AD::TempStorage ts;
  u32 t = threadIdx.x, b = blockIdx.x;
  float x[4], y[4];
  for (int k = 0; k < 4; ++k) x[k] = __uint_as_float(in[b * 256 + 4 * t + k]);
  float pred = b == 0 ? 1.0f : __uint_as_float(in[b * 256 - 1]);
  AD(ts).SubtractLeft(x, y, FloatDiff{}, pred);
  for (int k = 0; k < 4; ++k) out[b * 256 + 4 * t + k] = __float_as_uint(y[k]);
  __syncthreads();
  AD(ts).SubtractRightPartialTile(x, y, FloatDiff{}, (int)in[512 + b]);
  for (int k = 0; k < 4; ++k) out[512 + b * 256 + 4 * t + k] = __float_as_uint(y[k]);
}

// Block 64. Cache-modified loads and stores as CUB users write them.
// BlockLoad<u32, 64, 4, BLOCK_LOAD_DIRECT> through CacheModifiedInputIterator<LOAD_LDG>
// over in[0..256) and <LOAD_CS> over in[256..512); BlockStore<..., BLOCK_STORE_DIRECT>
// through CacheModifiedOutputIterator<STORE_CG> of a + b to out[0..256); then per thread
// ThreadLoad<LOAD_CA>(in + 512 + t) * 3 stored with ThreadStore<STORE_WB> to out[256 + t]
// and ThreadLoad<LOAD_CV>(in + 576 + t) stored with ThreadStore<STORE_CS> to out[320 + t].
extern "C" __global__ void cub_block_load_cache_modified(const u32* in, u32* out) {
  using Load = cub::BlockLoad<u32, 64, 4, cub::BLOCK_LOAD_DIRECT>;
  using Store = cub::BlockStore<u32, 64, 4, cub::BLOCK_STORE_DIRECT>;
  __shared__ typename Load::TempStorage tl;
  __shared__ typename Store::TempStorage tst;
  u32 t = threadIdx.x;
  cub::CacheModifiedInputIterator<cub::LOAD_LDG, u32> ldg(in);
  cub::CacheModifiedInputIterator<cub::LOAD_CS, u32> cs(in + 256);
  cub::CacheModifiedOutputIterator<cub::STORE_CG, u32> cg(out);
  u32 a[4], b[4];
  Load(tl).Load(ldg, a);
  Load(tl).Load(cs, b);
  for (int k = 0; k < 4; ++k) a[k] += b[k];
  Store(tst).Store(cg, a);
  u32 x = cub::ThreadLoad<cub::LOAD_CA>(in + 512 + t);
  cub::ThreadStore<cub::STORE_WB>(out + 256 + t, x * 3);
  u32 y = cub::ThreadLoad<cub::LOAD_CV>(in + 576 + t);
  cub::ThreadStore<cub::STORE_CS>(out + 320 + t, y);
}
