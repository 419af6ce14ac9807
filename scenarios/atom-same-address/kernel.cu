// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Thirty-two lanes take turns on the same three words with atomics that
// return the old value (atom). The old values reveal the order in which the
// memory system applied the 32 updates of one warp instruction.
#include <cstdio>
#include <cuda_runtime.h>

// points[32]: what each lane adds. counters = { total, ring, last }.
// before[l]: total before lane l's add; slot[l]: ring before lane l's
// increment (atomicInc wraps at 7); prev[l]: the lane id stored before l's.
extern "C" __global__ void take_a_number(const unsigned* points, unsigned* counters, unsigned* before,
                                         unsigned* slot, unsigned* prev) {
  const unsigned lane = threadIdx.x;
  before[lane] = atomicAdd(&counters[0], points[lane]);
  slot[lane] = atomicInc(&counters[1], 7u);
  prev[lane] = atomicExch(&counters[2], lane);
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  unsigned points[32];
  for (unsigned l = 0; l < 32; ++l) points[l] = l + 1;
  const unsigned counters[3] = {0u, 5u, 0xffffffffu};
  unsigned *dPoints, *dCounters, *dBefore, *dSlot, *dPrev;
  cudaMalloc(&dPoints, sizeof points);
  cudaMalloc(&dCounters, sizeof counters);
  cudaMalloc(&dBefore, 32 * sizeof(unsigned));
  cudaMalloc(&dSlot, 32 * sizeof(unsigned));
  cudaMalloc(&dPrev, 32 * sizeof(unsigned));
  cudaMemcpy(dPoints, points, sizeof points, cudaMemcpyHostToDevice);
  cudaMemcpy(dCounters, counters, sizeof counters, cudaMemcpyHostToDevice);
  cudaMemset(dBefore, 0, 32 * sizeof(unsigned));
  cudaMemset(dSlot, 0, 32 * sizeof(unsigned));
  cudaMemset(dPrev, 0, 32 * sizeof(unsigned));
  take_a_number<<<1, 32>>>(dPoints, dCounters, dBefore, dSlot, dPrev);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned p[32], c[3], b[32], s[32], v[32];
  cudaMemcpy(p, dPoints, sizeof p, cudaMemcpyDeviceToHost);
  cudaMemcpy(c, dCounters, sizeof c, cudaMemcpyDeviceToHost);
  cudaMemcpy(b, dBefore, sizeof b, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, dSlot, sizeof s, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, dPrev, sizeof v, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("points", p, 32, false);
  printWords("counters", c, 3, false);
  printWords("before", b, 32, false);
  printWords("slot", s, 32, false);
  printWords("prev", v, 32, true);
  return 0;
}
