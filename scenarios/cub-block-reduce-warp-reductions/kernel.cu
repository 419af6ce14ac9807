// cub::BlockReduce with the warp-reductions algorithm: 128 threads sum 128
// numbers. Compiled exactly as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -ptx kernel.cu -o kernel.ptx
#include <cub/cub.cuh>

// ---------------------------------------------------------------------------
// Lesson: cub::BlockReduce
// Launch: 1 block of 128 threads. in[0..128) = the numbers, out[0] = their sum.
// ---------------------------------------------------------------------------
extern "C" __global__ void lesson_cub_block_reduce(const unsigned* in, unsigned* out) {
  // 1. Pick the reduction: int values, 128 threads, the warp-reductions algorithm
  //    (each warp reduces its 32 values, here with one redux.sync on sm_80+,
  //    then thread 0 combines the 4 warp sums).
  using BlockReduce = cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;

  // 2. The scratch space CUB needs lives in shared memory.
  __shared__ typename BlockReduce::TempStorage temp_storage;

  // 3. Every thread brings one number.
  int my_value = (int)in[threadIdx.x];

  // 4. Every thread calls Sum; the block total is returned to thread 0 only.
  int total = BlockReduce(temp_storage).Sum(my_value);

  // 5. Thread 0 writes the answer.
  if (threadIdx.x == 0) out[0] = (unsigned)total;
}
