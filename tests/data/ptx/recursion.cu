// Engine test input: recursive __device__ functions (each activation needs
// its own registers and per-thread storage), called by lane-dependent depth.
// recursion.ptx was generated with (CUDA 13.0):
//   /usr/local/cuda/bin/nvcc -O3 -std=c++17 -arch=sm_90a -ptx recursion.cu -o recursion.ptx
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// Ackermann-style mutual recursion through a local array (a stack frame in
// the .local depot) so the saved per-thread memory matters too.
__device__ __noinline__ unsigned walk(unsigned depth, unsigned seed) {
  volatile unsigned frame[4];
  for (int i = 0; i < 4; ++i) frame[i] = seed * (i + 1) + depth;
  unsigned inner = depth == 0 ? 0 : walk(depth - 1, seed * 3 + 1);
  return inner + frame[0] + frame[3] * depth;
}

extern "C" __global__ void recursion(const unsigned* in, unsigned* out) {
  unsigned v = in[threadIdx.x];
  out[threadIdx.x] = fib(v % 12);
  out[32 + threadIdx.x] = walk(v % 7, v);
}
