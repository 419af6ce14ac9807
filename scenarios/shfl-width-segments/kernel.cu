// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Shuffles with width 8: the warp acts as four independent 8-lane segments.
// CUDA packs the width into shfl.sync's c operand: c[12:8] = segment mask
// (32 - width), c[4:0] = 0x1f (0 for .up); maxLane = minLane | (c[4:0] & ~mask).
// Row k of `out` is the result of shuffle k for every lane.
#include <cstdio>
#include <cstring>

__global__ void segments(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = in[lane];
  // 0: rotate left inside the segment; the last lane wraps to the first.
  out[0 * 32 + lane] = __shfl_sync(0xffffffffu, v, lane + 1, 8);
  // 1: read 3 lanes down; lanes whose source lies past the segment keep v.
  out[1 * 32 + lane] = __shfl_down_sync(0xffffffffu, v, 3, 8);
  // 2: read 2 lanes up; the first two lanes of each segment keep v.
  out[2 * 32 + lane] = __shfl_up_sync(0xffffffffu, v, 2, 8);
  // 3: xor 8 leaves the segment: allowed towards an earlier segment only.
  out[3 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 8, 8);
}

int main() {
  const int kIn = 32, kOut = 4 * 32;
  unsigned h_in[kIn], h_out[kOut];
  for (int i = 0; i < kIn; ++i) h_in[i] = i * 3 + 1;  // 1, 4, 7, ... 94
  for (int i = 0; i < kOut; ++i) h_out[i] = 0;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  segments<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_in, d_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, kIn);
  printf(", ");
  print("out", h_out, kOut);
  printf("}\n");
  return 0;
}
