// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The coldest and the hottest of 32 temperatures with min/max reductions on
// shared memory, once with the signed type (right) and once with the
// unsigned type of the PTX ISA's examples (wrong for negative numbers).
// nvcc turns an unused atomicMin into atom, so red is written as inline PTX.
#include <climits>
#include <cstdio>
#include <cuda_runtime.h>

// celsius[32]: one reading per lane. extremes[4] = { min.s32, max.s32,
// min.u32, max.u32 } of all readings, as seen by the four reductions.
extern "C" __global__ void temperature_extremes(const int* celsius, int* extremes) {
  __shared__ int x[4];
  const unsigned lane = threadIdx.x;
  if (lane == 0) {
    // Each slot starts at the identity of its operation.
    x[0] = INT_MAX;
    x[1] = INT_MIN;
    x[2] = static_cast<int>(0xffffffffu);
    x[3] = 0;
  }
  __syncthreads();
  const int t = celsius[lane];
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(x));
  asm volatile("red.shared::cta.min.s32 [%0], %1;" ::"r"(base), "r"(t) : "memory");
  // A shared::cta address is also a valid shared::cluster address of the
  // executing CTA, so the cluster window reaches the same word.
  asm volatile("red.shared::cluster.max.s32 [%0+4], %1;" ::"r"(base), "r"(t) : "memory");
  asm volatile("red.shared::cta.min.u32 [%0+8], %1;" ::"r"(base), "r"(t) : "memory");
  asm volatile("red.shared::cluster.max.u32 [%0+12], %1;" ::"r"(base), "r"(t) : "memory");
  __syncthreads();
  if (lane < 4) extremes[lane] = x[lane];
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  const int celsius[32] = {-12, 3, 7, -3, 15, 22, -1, 0, 5, 9, -7, 18, 25, 31, -20, 2,
                           11, 14, -5, 8, 27, 33, 1, -9, 4, 6, 12, 19, -15, 10, 24, 16};
  int *dCelsius, *dExtremes;
  cudaMalloc(&dCelsius, sizeof celsius);
  cudaMalloc(&dExtremes, 4 * sizeof(int));
  cudaMemcpy(dCelsius, celsius, sizeof celsius, cudaMemcpyHostToDevice);
  cudaMemset(dExtremes, 0, 4 * sizeof(int));
  temperature_extremes<<<1, 32>>>(dCelsius, dExtremes);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned c[32], e[4];
  cudaMemcpy(c, dCelsius, sizeof c, cudaMemcpyDeviceToHost);
  cudaMemcpy(e, dExtremes, sizeof e, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("celsius", c, 32, false);
  printWords("extremes", e, 4, true);
  return 0;
}
