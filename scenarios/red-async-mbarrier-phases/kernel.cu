// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// One mbarrier, two phases. CTA 0 sends two rounds of red.async into CTA 1's
// scores (round 1 adds a bonus, round 2 caps them with min); CTA 1 arms one
// mbarrier phase per round and waits for it by parity: phase 0 has parity 0,
// phase 1 parity 1. parity[] records what test_wait.parity reports for both
// parities before the first phase, after phase 0 and after phase 1.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

static __device__ __forceinline__ unsigned testParity(unsigned bar, unsigned parity) {
  unsigned r;
  asm volatile("{ .reg .pred q; mbarrier.test_wait.parity.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }"
               : "=r"(r) : "r"(bar), "r"(parity) : "memory");
  return r;
}

static __device__ __forceinline__ void waitParity(unsigned bar, unsigned parity) {
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared.b64 q, [%1], %2; selp.u32 %0, 1, 0, q; }"
                 : "=r"(done) : "r"(bar), "r"(parity) : "memory");
}

// bonus[32], cap[32]: CTA 0 lane l's operands for round 1 (add) and round 2
// (min). round1[32], round2[32]: CTA 1's scores after each phase. parity[6]:
// test_wait.parity 0 and 1 after init, after phase 0, after phase 1.
extern "C" __global__ void __cluster_dims__(2, 1, 1) two_rounds(const unsigned* bonus, const unsigned* cap, unsigned* round1,
                                                                unsigned* round2, unsigned* parity) {
  __shared__ unsigned score[32];
  __shared__ unsigned long long bar_mem;
  auto cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  const unsigned bar = static_cast<unsigned>(__cvta_generic_to_shared(&bar_mem));
  score[lane] = 10u * lane;
  if (lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;");
    if (rank == 1) {
      parity[0] = testParity(bar, 0);
      parity[1] = testParity(bar, 1);
      // Phase 0: the one arrival, and 32 x 4 bytes still to come.
      asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 128;" ::"r"(bar) : "memory");
    }
  }
  cluster.sync();
  unsigned raddr = 0, rbar = 0;
  if (rank == 0) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(raddr) : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&score[lane]))));
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(rbar) : "r"(bar));
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                 ::"r"(raddr), "r"(bonus[lane]), "r"(rbar) : "memory");
  } else {
    waitParity(bar, 0);
    round1[lane] = score[lane];
    if (lane == 0) {
      parity[2] = testParity(bar, 0);
      parity[3] = testParity(bar, 1);
      // Phase 1, armed in two steps this time: the bytes, then the arrival.
      asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 128;" ::"r"(bar) : "memory");
      asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
    }
  }
  cluster.sync();  // round 1 has been read and phase 1 armed before round 2 is sent
  if (rank == 0) {
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.u32 [%0], %1, [%2];"
                 ::"r"(raddr), "r"(cap[lane]), "r"(rbar) : "memory");
  } else {
    waitParity(bar, 1);
    round2[lane] = score[lane];
    if (lane == 0) {
      parity[4] = testParity(bar, 0);
      parity[5] = testParity(bar, 1);
    }
  }
  cluster.sync();  // CTA 1's shared memory must outlive CTA 0's operations
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  unsigned bonus[32], cap[32];
  for (unsigned l = 0; l < 32; ++l) {
    bonus[l] = 25;
    cap[l] = 200;
  }
  unsigned *dBonus, *dCap, *dRound1, *dRound2, *dParity;
  cudaMalloc(&dBonus, sizeof bonus);
  cudaMalloc(&dCap, sizeof cap);
  cudaMalloc(&dRound1, 32 * sizeof(unsigned));
  cudaMalloc(&dRound2, 32 * sizeof(unsigned));
  cudaMalloc(&dParity, 6 * sizeof(unsigned));
  cudaMemcpy(dBonus, bonus, sizeof bonus, cudaMemcpyHostToDevice);
  cudaMemcpy(dCap, cap, sizeof cap, cudaMemcpyHostToDevice);
  cudaMemset(dRound1, 0, 32 * sizeof(unsigned));
  cudaMemset(dRound2, 0, 32 * sizeof(unsigned));
  cudaMemset(dParity, 0xff, 6 * sizeof(unsigned));
  two_rounds<<<2, 32>>>(dBonus, dCap, dRound1, dRound2, dParity);  // one cluster of 2 CTAs
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned b[32], c[32], r1[32], r2[32], p[6];
  cudaMemcpy(b, dBonus, sizeof b, cudaMemcpyDeviceToHost);
  cudaMemcpy(c, dCap, sizeof c, cudaMemcpyDeviceToHost);
  cudaMemcpy(r1, dRound1, sizeof r1, cudaMemcpyDeviceToHost);
  cudaMemcpy(r2, dRound2, sizeof r2, cudaMemcpyDeviceToHost);
  cudaMemcpy(p, dParity, sizeof p, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("bonus", b, 32, false);
  printWords("cap", c, 32, false);
  printWords("round1", r1, 32, false);
  printWords("round2", r2, 32, false);
  printWords("parity", p, 6, true);
  return 0;
}
