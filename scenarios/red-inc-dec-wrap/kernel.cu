// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// red.inc and red.dec: counters that wrap around at a limit the instruction
// carries, the building block of ring-buffer indices (CUDA's atomicInc and
// atomicDec). The PTX ISA defines, for the old value r and operand s:
//   inc(r, s) = (r >= s) ? 0 : r + 1
//   dec(r, s) = (r == 0 || r > s) ? s : r - 1
// nvcc turns an unused atomicInc into atom, so red is written as inline PTX.
#include <cstdio>
#include <cuda_runtime.h>

// cells[0..3] are incremented, cells[4..7] decremented; lane l updates
// cell l % 4 (inc) and cell 4 + l % 4 (dec) with the limit limits[cell], so
// each cell receives 8 updates. The final cells are the result.
extern "C" __global__ void inc_dec_wrap(const unsigned* limits, unsigned* cells) {
  const unsigned lane = threadIdx.x;
  const unsigned up = lane % 4, down = 4 + lane % 4;
  asm volatile("red.global.inc.u32 [%0], %1;" ::"l"(__cvta_generic_to_global(&cells[up])), "r"(limits[up]) : "memory");
  asm volatile("red.global.dec.u32 [%0], %1;" ::"l"(__cvta_generic_to_global(&cells[down])), "r"(limits[down])
               : "memory");
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  const unsigned limits[8] = {9, 3, 9, 0xffffffffu, 9, 5, 9, 0xffffffffu};
  const unsigned cells[8] = {5, 0, 100, 0xfffffffdu, 3, 0, 100, 2};
  unsigned *dLimits, *dCells;
  cudaMalloc(&dLimits, sizeof limits);
  cudaMalloc(&dCells, sizeof cells);
  cudaMemcpy(dLimits, limits, sizeof limits, cudaMemcpyHostToDevice);
  cudaMemcpy(dCells, cells, sizeof cells, cudaMemcpyHostToDevice);
  inc_dec_wrap<<<1, 32>>>(dLimits, dCells);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned l[8], c[8];
  cudaMemcpy(l, dLimits, sizeof l, cudaMemcpyDeviceToHost);
  cudaMemcpy(c, dCells, sizeof c, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("limits", l, 8, false);
  printWords("cells", c, 8, true);
  return 0;
}
