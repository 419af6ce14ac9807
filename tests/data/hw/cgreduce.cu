// Hardware-golden kernels, family "cgreduce": cooperative_groups cg::reduce on
// thread_block_tile<4/8/16/32> for int, unsigned, float and double with cg::plus,
// cg::less, cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor; coalesced groups in
// branches; cg::reduce_update_async / cg::reduce_store_async with cuda::atomic_ref;
// and the CUDA programming guide examples std_dev and block_reduce.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx cgreduce.cu -o cgreduce.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/atomic>
#include "hw_common.cuh"
namespace cg = cooperative_groups;

template <int S, typename T, typename Op>
__device__ __forceinline__ T tile_reduce(T v, Op op) {
  auto tile = cg::tiled_partition<S>(cg::this_thread_block());
  return cg::reduce(tile, v, op);
}

template <int S, typename T>
__device__ __forceinline__ void six_ops(u32* o, u32 t, T v) {
  o[0 * 32 + t] = (u32)tile_reduce<S>(v, cg::plus<T>());
  o[1 * 32 + t] = (u32)tile_reduce<S>(v, cg::less<T>());
  o[2 * 32 + t] = (u32)tile_reduce<S>(v, cg::greater<T>());
  o[3 * 32 + t] = (u32)tile_reduce<S>(v, cg::bit_and<T>());
  o[4 * 32 + t] = (u32)tile_reduce<S>(v, cg::bit_or<T>());
  o[5 * 32 + t] = (u32)tile_reduce<S>(v, cg::bit_xor<T>());
}

// Rows (si*6 + op)*32 + t, si = tile size 4, 8, 16, 32; op = plus less greater
// bit_and bit_or bit_xor. in[t] = value (small signed ints for the int kernel).
extern "C" __global__ void cg_tiles_int(const u32* in, u32* out) {
  u32 t = threadIdx.x; int v = (int)in[t];
  six_ops<4>(out + 0 * 192, t, v); six_ops<8>(out + 1 * 192, t, v);
  six_ops<16>(out + 2 * 192, t, v); six_ops<32>(out + 3 * 192, t, v);
}
extern "C" __global__ void cg_tiles_unsigned(const u32* in, u32* out) {
  u32 t = threadIdx.x; unsigned v = in[t];
  six_ops<4>(out + 0 * 192, t, v); six_ops<8>(out + 1 * 192, t, v);
  six_ops<16>(out + 2 * 192, t, v); six_ops<32>(out + 3 * 192, t, v);
}

// float: rows (si*3 + op)*32 + t with op = plus less greater; in[t] = f32 bits.
extern "C" __global__ void cg_tiles_float(const u32* in, u32* out) {
  u32 t = threadIdx.x; float v = __uint_as_float(in[t]);
#define F3(S, si)                                                                          \
  out[(si * 3 + 0) * 32 + t] = __float_as_uint(tile_reduce<S>(v, cg::plus<float>()));    \
  out[(si * 3 + 1) * 32 + t] = __float_as_uint(tile_reduce<S>(v, cg::less<float>()));    \
  out[(si * 3 + 2) * 32 + t] = __float_as_uint(tile_reduce<S>(v, cg::greater<float>()));
  F3(4, 0) F3(8, 1) F3(16, 2) F3(32, 3)
#undef F3
}

// double: row r = si*3 + op occupies words [r*64, r*64+64), lo/hi pairs per thread;
// in[2t], in[2t+1] = lo/hi of the f64 input.
extern "C" __global__ void cg_tiles_double(const u32* in, u32* out) {
  u32 t = threadIdx.x; double v = __hiloint2double((int)in[2 * t + 1], (int)in[2 * t]);
#define D1(r, x) { double y = (x); out[(r) * 64 + 2 * t] = (u32)__double2loint(y); out[(r) * 64 + 2 * t + 1] = (u32)__double2hiint(y); }
#define D3(S, si)                                                   \
  D1(si * 3 + 0, tile_reduce<S>(v, cg::plus<double>()))            \
  D1(si * 3 + 1, tile_reduce<S>(v, cg::less<double>()))            \
  D1(si * 3 + 2, tile_reduce<S>(v, cg::greater<double>()))
  D3(4, 0) D3(8, 1) D3(16, 2) D3(32, 3)
#undef D3
#undef D1
}

// Coalesced groups. Branch A: lanes with in[t]&1. Rows 0 size, 1 thread_rank,
// 2 plus<int>, 3 greater<unsigned>, 4 plus<float> (of (float)v*0.25), 5 bit_xor<unsigned>.
// Branch B (else): rows 6 size, 7 thread_rank, 8 less<int>.
// Nested: lanes t%3 != 0, then inside lanes t < 20: rows 9 size, 10 plus<int>.
// After the branches: rows 11 size of coalesced_threads() (whole warp), 12 plus<int>.
extern "C" __global__ void cg_coalesced(const u32* in, u32* out) {
  u32 t = threadIdx.x, raw = in[t];
  int v = (int)(raw >> 16) - 32768;
  if (raw & 1u) {
    auto g = cg::coalesced_threads();
    out[0 * 32 + t] = g.size(); out[1 * 32 + t] = g.thread_rank();
    out[2 * 32 + t] = (u32)cg::reduce(g, v, cg::plus<int>());
    out[3 * 32 + t] = cg::reduce(g, raw, cg::greater<unsigned>());
    out[4 * 32 + t] = __float_as_uint(cg::reduce(g, (float)v * 0.25f, cg::plus<float>()));
    out[5 * 32 + t] = cg::reduce(g, raw, cg::bit_xor<unsigned>());
  } else {
    auto g = cg::coalesced_threads();
    out[6 * 32 + t] = g.size(); out[7 * 32 + t] = g.thread_rank();
    out[8 * 32 + t] = (u32)cg::reduce(g, v, cg::less<int>());
  }
  if (t % 3 != 0) {
    if (t < 20) {
      auto g = cg::coalesced_threads();
      out[9 * 32 + t] = g.size();
      out[10 * 32 + t] = (u32)cg::reduce(g, v, cg::plus<int>());
    }
  }
  auto g = cg::coalesced_threads();
  out[11 * 32 + t] = g.size();
  out[12 * 32 + t] = (u32)cg::reduce(g, v, cg::plus<int>());
}

// Asynchronous reductions, block of 64 threads. in[t] = small signed int v.
// out[0] (global, starts from out_init[0]) += per tile32 sums via reduce_update_async
//   with cuda::atomic_ref<int, thread_scope_device> and cg::plus<int>;
// out[1] (global, starts from out_init[1]) = max of tile32 maxima via reduce_update_async
//   with cg::greater<int>;
// shared s_min (starts 0xffffffff) updated by each tile16 with cg::less<unsigned> on
//   (unsigned)v; shared s_or (starts 0) by each tile8 with cg::bit_or<unsigned>;
// out[2 + tile32 index] = reduce_store_async(tile32, pointer, v, plus<int>);
// out[4 + tile16 index] = reduce_store_async(tile16, atomic_ref, v, bit_xor<unsigned>);
// after block.sync(): out[8] = s_min, out[9] = s_or.
extern "C" __global__ void cg_reduce_async(const u32* in, u32* out) {
  __shared__ unsigned s_min, s_or;
  auto block = cg::this_thread_block();
  u32 t = threadIdx.x;
  if (t == 0) { s_min = 0xffffffffu; s_or = 0; }
  block.sync();
  int v = (int)in[t];
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t8 = cg::tiled_partition<8>(block);
  cuda::atomic_ref<int, cuda::thread_scope_device> gsum(*(int*)&out[0]);
  cuda::atomic_ref<int, cuda::thread_scope_device> gmax(*(int*)&out[1]);
  cg::reduce_update_async(t32, gsum, v, cg::plus<int>());
  cg::reduce_update_async(t32, gmax, v, cg::greater<int>());
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> smin(s_min);
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> sor(s_or);
  cg::reduce_update_async(t16, smin, (unsigned)v, cg::less<unsigned>());
  cg::reduce_update_async(t8, sor, (unsigned)v, cg::bit_or<unsigned>());
  cg::reduce_store_async(t32, (int*)&out[2 + t / 32], v, cg::plus<int>());
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> st(out[4 + t / 16]);
  cg::reduce_store_async(t16, st, (unsigned)v, cg::bit_xor<unsigned>());
  block.sync();
  if (t == 0) { out[8] = s_min; out[9] = s_or; }
}

// ---- CUDA programming guide examples (verbatim apart from the kernel wrappers) ----
/// Calculate approximate standard deviation of integers in vec
__device__ int std_dev(const cg::thread_block_tile<32>& tile, int *vec, int length) {
    int thread_sum = 0;

    // calculate average first
    for (int i = tile.thread_rank(); i < length; i += tile.num_threads()) {
        thread_sum += vec[i];
    }
    // cg::plus<int> allows cg::reduce() to know it can use hardware acceleration for addition
    int avg = cg::reduce(tile, thread_sum, cg::plus<int>()) / length;

    int thread_diffs_sum = 0;
    for (int i = tile.thread_rank(); i < length; i += tile.num_threads()) {
        int diff = vec[i] - avg;
        thread_diffs_sum += diff * diff;
    }

    // temporarily use floats to calculate the square root
    float diff_sum = static_cast<float>(cg::reduce(tile, thread_diffs_sum, cg::plus<int>())) / length;

    return static_cast<int>(sqrtf(diff_sum));
}

/// The following example accepts input in *A and outputs a result into *sum
/// It spreads the data equally within the block
__device__ void block_reduce(const int* A, int count, cuda::atomic<int, cuda::thread_scope_block>& total_sum) {
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    int thread_sum = 0;

    // Stride loop over all values, each thread accumulates its part of the array.
    for (int i = block.thread_rank(); i < count; i += block.size()) {
        thread_sum += A[i];
    }

    // reduce thread sums across the tile, add the result to the atomic
    // cg::plus<int> allows cg::reduce() to know it can use hardware acceleration for addition
    cg::reduce_update_async(tile, total_sum, thread_sum, cg::plus<int>());

    // synchronize the block, to ensure all async reductions are ready
    block.sync();
}

// block 32: out[t] = std_dev(tile, in, 100), out[32+t] = std_dev(tile, in, 37).
// in = 100 small signed ints.
extern "C" __global__ void cg_std_dev(const u32* in, u32* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int* vec = (int*)in;
  out[threadIdx.x] = (u32)std_dev(tile, vec, 100);
  out[32 + threadIdx.x] = (u32)std_dev(tile, vec, 37);
}

// block 128: total over in[0..300) then (after resetting) over in[0..77).
// out[t] = first total as seen by thread t, out[128+t] = second total.
extern "C" __global__ void cg_block_reduce(const u32* in, u32* out) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> total_sum;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) total_sum.store(0, cuda::memory_order_relaxed);
  block.sync();
  block_reduce((const int*)in, 300, total_sum);
  out[threadIdx.x] = (u32)total_sum.load(cuda::memory_order_relaxed);
  block.sync();
  if (block.thread_rank() == 0) total_sum.store(0, cuda::memory_order_relaxed);
  block.sync();
  block_reduce((const int*)in, 77, total_sum);
  out[128 + threadIdx.x] = (u32)total_sum.load(cuda::memory_order_relaxed);
}
