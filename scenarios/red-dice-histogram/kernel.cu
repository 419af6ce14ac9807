// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A warp of 32 players rolls a die and tallies the rolls with fire-and-forget
// reductions (red): nobody needs the old value back, so no register is written.
// nvcc turns an unused atomicAdd into atom, not red, so the red forms are
// written with inline PTX, exactly as the PTX ISA's examples spell them.
#include <cstdio>
#include <cuda_runtime.h>

// rolls[32]: one roll (1..6) per lane. bins[6]: how often each face came up.
// stats[0]: sixes (system scope), stats[1]: pips in all, stats[2]: players done.
extern "C" __global__ void dice_histogram(const int* rolls, int* bins, unsigned* stats) {
  const int lane = threadIdx.x;
  const int roll = rolls[lane];
  const size_t bin = __cvta_generic_to_global(&bins[roll - 1]);
  const size_t sixes = __cvta_generic_to_global(&stats[0]);
  const size_t pips = __cvta_generic_to_global(&stats[1]);
  const size_t done = __cvta_generic_to_global(&stats[2]);
  // Lanes that rolled the same face hit the same word: the memory system
  // applies their +1s one after another, so none is lost.
  asm volatile("red.global.add.s32 [%0], 1;" ::"l"(bin) : "memory");
  // System scope: a host thread polling mapped memory could watch this count.
  if (roll == 6) asm volatile("red.global.sys.add.u32 [%0], 1;" ::"l"(sixes) : "memory");
  // Cluster scope, relaxed: only the sum matters, not its order.
  asm volatile("red.global.cluster.relaxed.add.u32 [%0], %1;" ::"l"(pips), "r"(roll) : "memory");
  // Release: whoever sees done == 32 (with an acquire) also sees every bin
  // update above. red has no .acquire (it reads nothing back to order).
  asm volatile("red.global.release.sys.add.u32 [%0], 1;" ::"l"(done) : "memory");
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  const int rolls[32] = {6, 3, 6, 1, 6, 2, 5, 6, 4, 6, 6, 3, 1, 6, 2, 6,
                         5, 6, 6, 4, 3, 6, 1, 6, 2, 6, 6, 5, 4, 6, 3, 6};
  int *dRolls, *dBins;
  unsigned* dStats;
  cudaMalloc(&dRolls, sizeof rolls);
  cudaMalloc(&dBins, 6 * sizeof(int));
  cudaMalloc(&dStats, 3 * sizeof(unsigned));
  cudaMemcpy(dRolls, rolls, sizeof rolls, cudaMemcpyHostToDevice);
  cudaMemset(dBins, 0, 6 * sizeof(int));
  cudaMemset(dStats, 0, 3 * sizeof(unsigned));
  dice_histogram<<<1, 32>>>(dRolls, dBins, dStats);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned r[32], b[6], s[3];
  cudaMemcpy(r, dRolls, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(b, dBins, sizeof b, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, dStats, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("rolls", r, 32, false);
  printWords("bins", b, 6, false);
  printWords("stats", s, 3, true);
  return 0;
}
