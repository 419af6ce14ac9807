// Loader and engine test input: a dense switch, a call through a table of
// __device__ function pointers (an indirect call with a .callprototype, and
// a .global table initialized with function addresses).
// indirect.ptx was generated with (CUDA 13.0):
//   /usr/local/cuda/bin/nvcc -O3 -std=c++17 -arch=sm_90a -ptx indirect.cu -o indirect.ptx
extern "C" __global__ void sw(const unsigned* in, unsigned* out) {
  unsigned v = in[threadIdx.x], r;
  switch (v & 15) {
    case 0: r = v * 3; break; case 1: r = v ^ 77; break; case 2: r = v + 9; break; case 3: r = v >> 2; break;
    case 4: r = v * 11; break; case 5: r = v - 5; break; case 6: r = ~v; break; case 7: r = v << 3; break;
    case 8: r = v * 7 + 1; break; case 9: r = v | 0x100; break; default: r = 0;
  }
  out[threadIdx.x] = r;
}
__device__ int f2(int x) { return x * 2; }
__device__ int f3(int x) { return x * 3; }
typedef int (*fp)(int);
__device__ fp table[2] = {f2, f3};
extern "C" __global__ void indirect(const unsigned* in, unsigned* out) {
  out[threadIdx.x] = table[in[threadIdx.x] & 1](in[threadIdx.x]);
}
