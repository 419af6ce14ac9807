// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A lock-free maximum of floats: there is no atom.max.f32, so the classic
// compare-and-swap loop builds one. Next to it, the one-instruction trick
// that works for non-negative floats: their bit patterns, read as signed
// integers, are ordered like the floats, so atom.max.s32 finds the maximum.
#include <cstdio>
#include <cuda_runtime.h>

// Returns how many compare-and-swaps this thread issued.
__device__ unsigned atomicMaxFloat(float* addr, float val) {
  int* word = reinterpret_cast<int*>(addr);
  int old = *word;
  int assumed;
  unsigned tries = 0;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= val) break;  // someone already has a better one
    old = atomicCAS(word, assumed, __float_as_int(val));
    ++tries;
  } while (assumed != old);  // the word changed under us: look again
  return tries;
}

// heights[32]: one jump per lane (metres). best[0]: CAS-loop maximum,
// best[1]: atomicMax on the bit patterns. tries[l]: CAS attempts of lane l.
extern "C" __global__ void highest_jump(const float* heights, float* best, unsigned* tries) {
  const unsigned lane = threadIdx.x;
  const float h = heights[lane];
  tries[lane] = atomicMaxFloat(&best[0], h);
  atomicMax(reinterpret_cast<int*>(&best[1]), __float_as_int(h));
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  const float heights[32] = {1.52f, 1.45f, 1.50f, 1.71f, 1.66f, 1.38f, 1.70f, 1.55f, 1.62f, 1.88f, 1.79f,
                             1.84f, 1.47f, 1.75f, 1.87f, 1.69f, 1.58f, 1.80f, 1.72f, 1.49f, 2.01f, 1.93f,
                             1.86f, 1.98f, 1.64f, 1.77f, 1.90f, 2.05f, 1.95f, 1.81f, 2.03f, 1.74f};
  float *dHeights, *dBest;
  unsigned* dTries;
  cudaMalloc(&dHeights, sizeof heights);
  cudaMalloc(&dBest, 2 * sizeof(float));
  cudaMalloc(&dTries, 32 * sizeof(unsigned));
  cudaMemcpy(dHeights, heights, sizeof heights, cudaMemcpyHostToDevice);
  cudaMemset(dBest, 0, 2 * sizeof(float));
  cudaMemset(dTries, 0, 32 * sizeof(unsigned));
  highest_jump<<<1, 32>>>(dHeights, dBest, dTries);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned h[32], b[2], t[32];
  cudaMemcpy(h, dHeights, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(b, dBest, sizeof b, cudaMemcpyDeviceToHost);
  cudaMemcpy(t, dTries, sizeof t, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("heights", h, 32, false);
  printWords("best", b, 2, false);
  printWords("tries", t, 32, true);
  return 0;
}
