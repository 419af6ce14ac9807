// Real-world corpus, module "cub_warp": CUB warp-level collectives as users write them.
// Covers WarpReduce (full warp, logical warps of 4/8/16, partial Sum(v, valid),
// HeadSegmentedSum, TailSegmentedReduce), WarpScan (inclusive/exclusive sum with
// aggregate, logical warp of 16, custom non-commutative op with an initial value),
// WarpExchange (BlockedToStriped / StripedToBlocked with the SMEM and SHUFFLE
// algorithms, ScatterToStriped) and WarpMergeSort (keys; keys+values, partial tile).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cub_warp.cu -o cub_warp.ptx
#include <cub/cub.cuh>
#include <cuda/functional>

typedef unsigned int u32;

// Block 64 (2 warps). in[0..64) int values, in[64..128) float bits.
// out[w*5 + 0] = WarpReduce<int>::Sum, out[w*5 + 1] = float Sum (bits),
// out[w*5 + 2] = WarpReduce<u32>::Reduce(max), out[w*5 + 3..5) = 64-bit sum of v*v (lo, hi).
extern "C" __global__ void cub_warp_reduce_full(const u32* in, u32* out) {
  using WRi = cub::WarpReduce<int>;
  using WRf = cub::WarpReduce<float>;
  using WRu = cub::WarpReduce<u32>;
  using WRl = cub::WarpReduce<unsigned long long>;
  __shared__ typename WRi::TempStorage ti[2];
  __shared__ typename WRf::TempStorage tf[2];
  __shared__ typename WRu::TempStorage tu[2];
  __shared__ typename WRl::TempStorage tl[2];
  int t = threadIdx.x, w = t / 32, lane = t % 32;
  int v = (int)in[t];
  float f = __uint_as_float(in[64 + t]);
  int si = WRi(ti[w]).Sum(v);
  float sf = WRf(tf[w]).Sum(f);
  u32 mx = WRu(tu[w]).Reduce((u32)v, cuda::maximum<>{});
  unsigned long long sq = (unsigned long long)(long long)v * (unsigned long long)(long long)v;
  unsigned long long sl = WRl(tl[w]).Sum(sq);
  if (lane == 0) {
    out[w * 5 + 0] = (u32)si;
    out[w * 5 + 1] = __float_as_uint(sf);
    out[w * 5 + 2] = mx;
    out[w * 5 + 3] = (u32)sl;
    out[w * 5 + 4] = (u32)(sl >> 32);
  }
}

// Block 64. Logical warps: 4 lanes (int Sum), 8 lanes (u32 max), 16 lanes (long long Sum).
// in[0..64) values (small signed ints).
// out[0..16)  = Sum over each group of 4 lanes (written by lane%4 == 0)
// out[16..24) = max over each group of 8 lanes
// out[24..32) = 64-bit Sum over each group of 16 lanes of (long long)v * 65537, lo/hi pairs
extern "C" __global__ void cub_warp_reduce_logical(const u32* in, u32* out) {
  using WR4 = cub::WarpReduce<int, 4>;
  using WR8 = cub::WarpReduce<u32, 8>;
  using WR16 = cub::WarpReduce<long long, 16>;
  __shared__ typename WR4::TempStorage t4[16];
  __shared__ typename WR8::TempStorage t8[8];
  __shared__ typename WR16::TempStorage t16[4];
  int t = threadIdx.x;
  int v = (int)in[t];
  int s4 = WR4(t4[t / 4]).Sum(v);
  u32 m8 = WR8(t8[t / 8]).Reduce((u32)v, cuda::maximum<>{});
  long long s16 = WR16(t16[t / 16]).Sum((long long)v * 65537);
  if (t % 4 == 0) out[t / 4] = (u32)s4;
  if (t % 8 == 0) out[16 + t / 8] = m8;
  if (t % 16 == 0) {
    out[24 + 2 * (t / 16)] = (u32)s16;
    out[24 + 2 * (t / 16) + 1] = (u32)((unsigned long long)s16 >> 32);
  }
}

// Block 128 (4 warps). Partial reductions: only the first `valid` lanes count.
// in[0..4) valid count per warp (1..32), in[4..132) values,
// in[132..148) valid count per 8-lane logical warp (1..8).
// out[w] = WarpReduce<int>::Sum(v, valid_w); out[4 + w] = Reduce(v, max, valid_w) (int);
// out[8 + g] = WarpReduce<int, 8>::Sum(v, valid_g) for the 16 groups of 8 lanes.
extern "C" __global__ void cub_warp_reduce_partial(const u32* in, u32* out) {
  using WR = cub::WarpReduce<int>;
  using WR8 = cub::WarpReduce<int, 8>;
  __shared__ typename WR::TempStorage ts[4];
  __shared__ typename WR::TempStorage tm[4];
  __shared__ typename WR8::TempStorage t8[16];
  int t = threadIdx.x, w = t / 32, lane = t % 32, g = t / 8;
  int valid = (int)in[w];
  int v = (int)in[4 + t];
  int s = WR(ts[w]).Sum(v, valid);
  int m = WR(tm[w]).Reduce(v, cuda::maximum<>{}, valid);
  int s8 = WR8(t8[g]).Sum(v, (int)in[132 + g]);
  if (lane == 0) {
    out[w] = (u32)s;
    out[4 + w] = (u32)m;
  }
  if (t % 8 == 0) out[8 + g] = (u32)s8;
}

// Block 64. Segmented reductions; in[0..64) values, in[64..128) flags (0/1).
// out[t]      = HeadSegmentedSum(v, head = flag[t]) in lanes that start a segment
//               (lane 0 or flag set); other lanes leave out_init.
// out[64 + t] = TailSegmentedReduce(v, tail = flag[t], max) in lanes that start a
//               segment (lane 0 or the previous lane's tail flag set).
extern "C" __global__ void cub_warp_segmented(const u32* in, u32* out) {
  using WR = cub::WarpReduce<int>;
  __shared__ typename WR::TempStorage th[2];
  __shared__ typename WR::TempStorage tt[2];
  int t = threadIdx.x, w = t / 32, lane = t % 32;
  int v = (int)in[t];
  int flag = (int)in[64 + t];
  int hs = WR(th[w]).HeadSegmentedSum(v, flag);
  int tr = WR(tt[w]).TailSegmentedReduce(v, flag, cuda::maximum<>{});
  if (lane == 0 || flag) out[t] = (u32)hs;
  if (lane == 0 || in[64 + t - 1]) out[64 + t] = (u32)tr;
}

// Block 64. in[0..64) values (small non-negative).
// out[0..64)   = WarpScan<int>::InclusiveSum
// out[64..128) = WarpScan<int>::ExclusiveSum (with aggregate)
// out[128..130) = warp aggregate per warp (lane 0 writes)
// out[130..194) = WarpScan<u32, 16>::InclusiveSum over logical warps of 16
// out[194..258) = WarpScan<u32, 16>::ExclusiveScan(v, init = 1000, plus)
extern "C" __global__ void cub_warp_scan_sum(const u32* in, u32* out) {
  using WS = cub::WarpScan<int>;
  using WS16 = cub::WarpScan<u32, 16>;
  __shared__ typename WS::TempStorage ts[2];
  __shared__ typename WS16::TempStorage t16[4];
  int t = threadIdx.x, w = t / 32, lane = t % 32;
  int v = (int)in[t];
  int incl, excl, agg;
  WS(ts[w]).InclusiveSum(v, incl);
  __syncwarp();
  WS(ts[w]).ExclusiveSum(v, excl, agg);
  u32 i16, e16;
  WS16(t16[t / 16]).InclusiveSum((u32)v, i16);
  __syncwarp();
  WS16(t16[t / 16]).ExclusiveScan((u32)v, e16, 1000u, cuda::std::plus<>{});
  out[t] = (u32)incl;
  out[64 + t] = (u32)excl;
  if (lane == 0) out[128 + w] = (u32)agg;
  out[130 + t] = i16;
  out[194 + t] = e16;
}

// Affine map x -> a*x + b (mod 2^32). Composition is associative but NOT commutative,
// so a scan that combines operands in the wrong order gives a visibly wrong answer.
struct Affine {
  u32 a, b;
};
struct ComposeAffine {
  // "first f, then g": g(f(x)) = g.a*(f.a*x + f.b) + g.b
  __device__ Affine operator()(const Affine& f, const Affine& g) const {
    Affine r;
    r.a = g.a * f.a;
    r.b = g.a * f.b + g.b;
    return r;
  }
};

// Block 64. in[2t], in[2t+1] = (a, b) of thread t; in[128], in[129] = initial value.
// out[4t + 0..2) = InclusiveScan(compose) (a, b); out[4t + 2..4) = ExclusiveScan(init, compose);
// out[256 + t]  = InclusiveScan(v = a, max) (custom functor on a plain int).
extern "C" __global__ void cub_warp_scan_custom(const u32* in, u32* out) {
  using WSA = cub::WarpScan<Affine>;
  using WSI = cub::WarpScan<int>;
  __shared__ typename WSA::TempStorage ta[2];
  __shared__ typename WSI::TempStorage ti[2];
  int t = threadIdx.x, w = t / 32;
  Affine v = {in[2 * t], in[2 * t + 1]};
  Affine init = {in[128], in[129]};
  Affine incl, excl;
  WSA(ta[w]).InclusiveScan(v, incl, ComposeAffine());
  __syncwarp();
  WSA(ta[w]).ExclusiveScan(v, excl, init, ComposeAffine());
  int mx;
  WSI(ti[w]).InclusiveScan((int)v.a, mx, cuda::maximum<>{});
  out[4 * t + 0] = incl.a;
  out[4 * t + 1] = incl.b;
  out[4 * t + 2] = excl.a;
  out[4 * t + 3] = excl.b;
  out[256 + t] = (u32)mx;
}

// Block 64. Three WarpExchange flavours; each thread writes what it holds afterwards,
// in thread-major order, so the arrangement itself is visible.
// A: WarpExchange<int, 4, 16> (SMEM), BlockedToStriped. Group g = t/16, l = t%16:
//    items[i] = in[g*64 + l*4 + i];                 out[t*4 + i] = items[i]   (out[0..256))
// B: WarpExchange<int, 8, 8, WARP_EXCHANGE_SHUFFLE>, StripedToBlocked. Group g = t/8, l = t%8:
//    items[i] = in[256 + g*64 + i*8 + l];           out[256 + t*8 + i]      (out[256..768))
// C: WarpExchange<int, 4, 32>::ScatterToStriped with ranks (a permutation of 0..127 per warp):
//    items[i] = in[768 + w*128 + lane*4 + i], rank[i] = in[1024 + w*128 + lane*4 + i];
//    out[768 + t*4 + i]                                                     (out[768..1024))
extern "C" __global__ void cub_warp_exchange(const u32* in, u32* out) {
  using WEA = cub::WarpExchange<int, 4, 16>;
  using WEB = cub::WarpExchange<int, 8, 8, cub::WARP_EXCHANGE_SHUFFLE>;
  using WEC = cub::WarpExchange<int, 4, 32>;
  __shared__ typename WEA::TempStorage ta[4];
  __shared__ typename WEB::TempStorage tb[8];
  __shared__ typename WEC::TempStorage tc[2];
  int t = threadIdx.x, w = t / 32, lane = t % 32;
  {
    int g = t / 16, l = t % 16;
    int items[4];
    for (int i = 0; i < 4; ++i) items[i] = (int)in[g * 64 + l * 4 + i];
    WEA(ta[g]).BlockedToStriped(items, items);
    for (int i = 0; i < 4; ++i) out[t * 4 + i] = (u32)items[i];
  }
  {
    int g = t / 8, l = t % 8;
    int items[8];
    for (int i = 0; i < 8; ++i) items[i] = (int)in[256 + g * 64 + i * 8 + l];
    WEB(tb[g]).StripedToBlocked(items, items);
    for (int i = 0; i < 8; ++i) out[256 + t * 8 + i] = (u32)items[i];
  }
  {
    int items[4], ranks[4];
    for (int i = 0; i < 4; ++i) {
      items[i] = (int)in[768 + w * 128 + lane * 4 + i];
      ranks[i] = (int)in[1024 + w * 128 + lane * 4 + i];
    }
    WEC(tc[w]).ScatterToStriped(items, ranks);
    for (int i = 0; i < 4; ++i) out[768 + t * 4 + i] = (u32)items[i];
  }
}

struct IntLess {
  __device__ bool operator()(int a, int b) const { return a < b; }
};
struct KeyGreater {
  __device__ bool operator()(u32 a, u32 b) const { return a > b; }
};

// Block 64. WarpMergeSort<int, 4 items, 32 lanes> keys only, ascending.
// items[i] = in[t*4 + i] (blocked); out[t*4 + i] = sorted items (blocked: each warp's
// 128 keys in order).
extern "C" __global__ void cub_warp_merge_sort(const u32* in, u32* out) {
  using WMS = cub::WarpMergeSort<int, 4, 32>;
  __shared__ typename WMS::TempStorage ts[2];
  int t = threadIdx.x, w = t / 32;
  int keys[4];
  for (int i = 0; i < 4; ++i) keys[i] = (int)in[t * 4 + i];
  WMS(ts[w]).Sort(keys, IntLess());
  for (int i = 0; i < 4; ++i) out[t * 4 + i] = (u32)keys[i];
}

// Block 64. WarpMergeSort<u32, 4 items, 16 lanes, u32 values>, descending by key
// (stable: many equal keys, values show the order), partial tiles.
// in[0..4) valid items per 16-lane group (1..64); keys in[4 + g*64 + l*4 + i],
// values in[260 + g*64 + l*4 + i]. Blocked position p = l*4 + i of group g:
// out[g*64 + p] = key, out[256 + g*64 + p] = value, written only for p < valid_g.
extern "C" __global__ void cub_warp_merge_sort_pairs(const u32* in, u32* out) {
  using WMS = cub::WarpMergeSort<u32, 4, 16, u32>;
  __shared__ typename WMS::TempStorage ts[4];
  int t = threadIdx.x, g = t / 16, l = t % 16;
  int valid = (int)in[g];
  u32 keys[4], vals[4];
  for (int i = 0; i < 4; ++i) {
    keys[i] = in[4 + g * 64 + l * 4 + i];
    vals[i] = in[260 + g * 64 + l * 4 + i];
  }
  // oob_default must order after every valid key: with "greater", that is 0.
  WMS(ts[g]).Sort(keys, vals, KeyGreater(), valid, 0u);
  for (int i = 0; i < 4; ++i) {
    int p = l * 4 + i;
    if (p < valid) {
      out[g * 64 + p] = keys[i];
      out[256 + g * 64 + p] = vals[i];
    }
  }
}
