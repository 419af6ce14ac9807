// Lesson: a message between two CTAs. CTA 0 stores 32 words to out[32..64)
// and raises the flag out[64]; CTA 1 waits for the flag and copies the words
// to out[0..32). Compiled as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
#include <cuda/atomic>

// A volatile flag and nothing else: the flag accesses are never optimised
// away, but nothing orders the data accesses around them.
extern "C" __global__ void flag_volatile_no_fence(const unsigned* in, unsigned* out) {
  volatile unsigned* flag = &out[64];
  const unsigned lane = threadIdx.x;
  if (blockIdx.x == 0) {
    out[32 + lane] = in[lane] + 1000u;
    __syncwarp();
    if (lane == 0) *flag = 1u;
  } else {
    if (lane == 0)
      while (*flag == 0u) {}
    __syncwarp();
    out[lane] = out[32 + lane];
  }
}

// The fix: the flag is stored with release and loaded with acquire semantics
// at device (gpu) scope; __syncwarp() hands the order on to the other lanes.
extern "C" __global__ void flag_release_acquire(const unsigned* in, unsigned* out) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(out[64]);
  const unsigned lane = threadIdx.x;
  if (blockIdx.x == 0) {
    out[32 + lane] = in[lane] + 1000u;
    __syncwarp();
    if (lane == 0) flag.store(1u, cuda::memory_order_release);
  } else {
    if (lane == 0)
      while (flag.load(cuda::memory_order_acquire) == 0u) {}
    __syncwarp();
    out[lane] = out[32 + lane];
  }
}
