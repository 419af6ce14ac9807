// PTX: nvcc -std=c++17 -arch=sm_90a -ptx grid_stride.cu -o grid_stride.ptx
// The grid-stride benchmark's kernel: a large grid (4096 CTAs) where every
// thread walks the array with a stride of the whole grid, as most
// element-wise CUDA kernels do: loads, integer arithmetic, a data-dependent
// branch (lanes diverge on odd elements) and stores, no shared memory.
typedef unsigned int u32;

extern "C" __global__ void grid_stride(const u32* in, u32* out, u32 n) {
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    u32 v = in[i];
    v = v * 2654435761u + 12345u;
    if (v & 1u) v ^= v >> 7;
    out[i] = v + i;
  }
}
