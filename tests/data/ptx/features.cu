// Parser test input: nvcc output exercising the PTX constructs the loader
// must read (a non-inlined .func with a call site, a __local_depot, extern
// __shared__, initialized globals and constants, .loc with inlined_at,
// inline-asm blocks that declare registers and labels, .pragma).
// features.ptx was generated with (CUDA 13.0):
//   /usr/local/cuda/bin/nvcc -std=c++17 -arch=sm_90a -ptx -lineinfo features.cu -o features.ptx
#include <cstdint>

__device__ int g_table[4] = {1, 2, 3, 4};
__device__ float g_scale = 1.5f;
__device__ double g_dscale = -2.25;
__constant__ unsigned c_mask[2] = {0xffffffffu, 0x0000ffffu};

__device__ __noinline__ int mix(int a, int b) {
  return a * 31 + (b ^ g_table[b & 3]);
}

__device__ __forceinline__ float scaled(float x) { return x * g_scale; }

// Adds 3 to x in a loop; every inlined copy declares its own `i`, `done`
// and label AGAIN inside its { } block.
__device__ __forceinline__ unsigned spin_add(unsigned x) {
  unsigned r;
  asm volatile(
      "{\n\t.reg .pred done;\n\t.reg .b32 i;\n\tmov.b32 i, 0;\n\tmov.b32 %0, %1;\n"
      "AGAIN:\n\tadd.u32 %0, %0, 1;\n\tadd.u32 i, i, 1;\n\tsetp.lt.u32 done, i, 3;\n\t@done bra AGAIN;\n}"
      : "=r"(r)
      : "r"(x));
  return r;
}

extern "C" __global__ void features(const int* in, int* out, int n) {
  extern __shared__ int dyn[];
  __shared__ float tile[32][33];
  __shared__ unsigned counter;
  int local[16];
  int t = threadIdx.x;
  if (t == 0) counter = 0;
  for (int i = 0; i < 16; ++i) local[i] = in[(t + i) % n];
  dyn[t] = local[in[t] & 15];
  tile[t % 32][t / 32] = scaled(static_cast<float>(t));
  __syncthreads();
  atomicAdd(&counter, 1u);
  int v = mix(dyn[(t + 1) % blockDim.x], t) + static_cast<int>(tile[(t + 3) % 32][0]);
  v += static_cast<int>(g_dscale * t) & c_mask[t & 1];
#pragma unroll 1
  for (int i = 0; i < (t & 3); ++i) v = static_cast<int>(spin_add(static_cast<unsigned>(v)));
  v = static_cast<int>(spin_add(static_cast<unsigned>(v)));
  __threadfence();
  __syncthreads();
  out[t] = v + static_cast<int>(counter);
}
