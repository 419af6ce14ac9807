// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Inclusive prefix sum across a warp with shfl.sync.up (Hillis-Steele scan).
// Each step is the PTX ISA's own pair of instructions:
//   shfl.sync.up.b32 y|p, x, d, 0x0, 0xffffffff;   // y = x of lane - d
//   @p add.f32 x, y, x;                            // p: lane - d exists
// Row k of `out` holds what every lane has after the step with d = 1 << k.
#include <cstdio>
#include <cstring>

// One scan step. The predicate p is false for the first d lanes (no lane
// below them), so they keep x unchanged.
template <int D>
__device__ __forceinline__ float scan_step(float x) {
  asm volatile(
      "{\n\t.reg .pred p;\n\t.reg .f32 y;\n\t"
      "shfl.sync.up.b32 y|p, %0, %1, 0x0, 0xffffffff;\n\t"
      "@p add.f32 %0, y, %0;\n\t}"
      : "+f"(x)
      : "n"(D));
  return x;
}

__global__ void warp_scan(const float* in, float* out) {
  const unsigned lane = threadIdx.x % 32;
  float x = in[lane];
  x = scan_step<1>(x);
  out[0 * 32 + lane] = x;
  x = scan_step<2>(x);
  out[1 * 32 + lane] = x;
  x = scan_step<4>(x);
  out[2 * 32 + lane] = x;
  x = scan_step<8>(x);
  out[3 * 32 + lane] = x;
  x = scan_step<16>(x);
  out[4 * 32 + lane] = x;  // inclusive prefix sum of in[0..lane]
}

int main() {
  const int kIn = 32, kOut = 5 * 32;
  float h_in[kIn], h_out[kOut];
  for (int i = 0; i < kIn; ++i) h_in[i] = float(i * 3 + 1);  // 1, 4, 7, ... 94
  for (int i = 0; i < kOut; ++i) h_out[i] = 0.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  warp_scan<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_in, d_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const float* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) {
      unsigned bits;
      memcpy(&bits, &v[i], sizeof bits);
      printf("%s%u", i ? ", " : "", bits);
    }
    printf("]");
  };
  printf("{");
  print("in", h_in, kIn);
  printf(", ");
  print("out", h_out, kOut);
  printf("}\n");
  return 0;
}
