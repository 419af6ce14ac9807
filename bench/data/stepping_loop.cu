// PTX: nvcc -std=c++17 -arch=sm_90a -ptx stepping_loop.cu -o stepping_loop.ptx
// The stepping benchmark's kernel: four warps of one CTA loop for a long
// time over shuffles, shared memory and bar.sync, so a history can hold a
// million steps of a small launch.
typedef unsigned int u32;

extern "C" __global__ void stepping_loop(const u32* in, u32* out, int iterations) {
  __shared__ u32 slots[128];
  const u32 tid = threadIdx.x;
  u32 v = in[tid];
  for (int i = 0; i < iterations; ++i) {
    v = v * 1664525u + 1013904223u;
    v += __shfl_xor_sync(0xffffffffu, v, 1 + (i & 15));
    slots[tid] = v;
    __syncthreads();
    v ^= slots[(tid + 32) & 127];
    __syncthreads();
  }
  out[tid] = v;
}
