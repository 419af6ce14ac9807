// Real-world corpus, module "cub_radix": cub::BlockRadixSort as users write it.
// Covers ascending keys-only sort (2 CTAs), descending sort of signed ints,
// SortBlockedToStriped with values, key-value sort of floats (negative, -0.0, +0.0,
// denormals, infinities) and a sort restricted to a bit range [4, 12) (stable: the
// values show the order of equal keys).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx cub_radix.cu -o cub_radix.ptx
#include <cub/cub.cuh>

typedef unsigned int u32;

// Grid 2, block 128, 4 keys per thread (blocked). Tile of block b = in[b*512 .. +512).
// out[b*512 + t*4 + i] = sorted keys (ascending, blocked arrangement).
extern "C" __global__ void cub_radix_sort_keys(const u32* in, u32* out) {
  using BRS = cub::BlockRadixSort<u32, 128, 4>;
  __shared__ typename BRS::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x;
  u32 keys[4];
  for (int i = 0; i < 4; ++i) keys[i] = in[b * 512 + t * 4 + i];
  BRS(ts).Sort(keys);
  for (int i = 0; i < 4; ++i) out[b * 512 + t * 4 + i] = keys[i];
}

// Grid 1, block 64, 4 signed keys per thread. out[t*4 + i] = keys sorted descending.
extern "C" __global__ void cub_radix_sort_descending(const u32* in, u32* out) {
  using BRS = cub::BlockRadixSort<int, 64, 4>;
  __shared__ typename BRS::TempStorage ts;
  int t = threadIdx.x;
  int keys[4];
  for (int i = 0; i < 4; ++i) keys[i] = (int)in[t * 4 + i];
  BRS(ts).SortDescending(keys);
  for (int i = 0; i < 4; ++i) out[t * 4 + i] = (u32)keys[i];
}

// Grid 1, block 128, 2 (int key, u32 value) pairs per thread, blocked input
// keys in[t*2 + i], values in[256 + t*2 + i]. SortBlockedToStriped: afterwards thread t
// holds sorted ranks i*128 + t. out[i*128 + t] = key, out[256 + i*128 + t] = value.
extern "C" __global__ void cub_radix_sort_blocked_to_striped(const u32* in, u32* out) {
  using BRS = cub::BlockRadixSort<int, 128, 2, u32>;
  __shared__ typename BRS::TempStorage ts;
  int t = threadIdx.x;
  int keys[2];
  u32 vals[2];
  for (int i = 0; i < 2; ++i) {
    keys[i] = (int)in[t * 2 + i];
    vals[i] = in[256 + t * 2 + i];
  }
  BRS(ts).SortBlockedToStriped(keys, vals);
  for (int i = 0; i < 2; ++i) {
    out[i * 128 + t] = (u32)keys[i];
    out[256 + i * 128 + t] = vals[i];
  }
}

// Grid 1, block 64, 4 (float key, u32 value) pairs per thread: keys in[t*4 + i] (float
// bits, no NaN), values in[256 + t*4 + i]. out[t*4 + i] = key bits ascending,
// out[256 + t*4 + i] = value.
extern "C" __global__ void cub_radix_sort_pairs_float(const u32* in, u32* out) {
  using BRS = cub::BlockRadixSort<float, 64, 4, u32>;
  __shared__ typename BRS::TempStorage ts;
  int t = threadIdx.x;
  float keys[4];
  u32 vals[4];
  for (int i = 0; i < 4; ++i) {
    keys[i] = __uint_as_float(in[t * 4 + i]);
    vals[i] = in[256 + t * 4 + i];
  }
  BRS(ts).Sort(keys, vals);
  for (int i = 0; i < 4; ++i) {
    out[t * 4 + i] = __float_as_uint(keys[i]);
    out[256 + t * 4 + i] = vals[i];
  }
}

// Grid 1, block 64, 4 (u32 key, u32 value) pairs per thread, keys in[t*4 + i], values
// in[256 + t*4 + i]. Sort(keys, values, begin_bit = 4, end_bit = 12): only bits [4, 12)
// order the keys; equal ones keep their input order. out as in the float entry.
extern "C" __global__ void cub_radix_sort_bit_range(const u32* in, u32* out) {
  using BRS = cub::BlockRadixSort<u32, 64, 4, u32>;
  __shared__ typename BRS::TempStorage ts;
  int t = threadIdx.x;
  u32 keys[4], vals[4];
  for (int i = 0; i < 4; ++i) {
    keys[i] = in[t * 4 + i];
    vals[i] = in[256 + t * 4 + i];
  }
  BRS(ts).Sort(keys, vals, 4, 12);
  for (int i = 0; i < 4; ++i) {
    out[t * 4 + i] = keys[i];
    out[256 + t * 4 + i] = vals[i];
  }
}
