// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Warp sum with a butterfly: five __shfl_xor_sync steps (shfl.sync.bfly.b32
// with lane masks 16, 8, 4, 2, 1), after which every lane holds the total.
// Row s of `out` is what each lane holds after step s, so the test checks
// every stage of the butterfly, not only the end.
#include <cstdio>
#include <cstring>

__global__ void warp_sum(const float* in, float* out) {
  const unsigned lane = threadIdx.x % 32;
  float x = in[lane];
  int step = 0;
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    float partner = __shfl_xor_sync(0xffffffffu, x, offset);  // value of lane ^ offset
    x += partner;
    out[step * 32 + lane] = x;
    ++step;
  }
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
  warp_sum<<<1, 32>>>(d_in, d_out);
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
