// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// red.async across a cluster of two CTAs: every lane of CTA 0 adds a value
// into the matching word of CTA 1's shared memory. The additions complete
// asynchronously; each completion does a complete-tx of 4 bytes on CTA 1's
// mbarrier, which CTA 1 armed to expect 32 * 4 = 128 bytes.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

// in[32]: what CTA 0's lanes add. out[32]: CTA 1's acc after the wait.
extern "C" __global__ void __cluster_dims__(2, 1, 1) pub_red_async_add(const unsigned* in, unsigned* out) {
  __shared__ unsigned acc[32];
  __shared__ unsigned long long bar_mem;
  auto cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  const unsigned bar = static_cast<unsigned>(__cvta_generic_to_shared(&bar_mem));
  acc[lane] = 1000u * lane;
  if (lane == 0) {
    // One arrival completes the phase, once the expected bytes have landed.
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar));
    // Make the initialised mbarrier visible to the other CTA's red.async.
    asm volatile("fence.mbarrier_init.release.cluster;");
    if (rank == 1) asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 128;" ::"r"(bar));
  }
  cluster.sync();  // both CTAs have initialised acc and the mbarrier
  if (rank == 0) {
    unsigned raddr, rbar;
    // The same shared variables, but in CTA 1's window of the cluster.
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(raddr) : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&acc[lane]))));
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(rbar) : "r"(bar));
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                 ::"r"(raddr), "r"(in[lane]), "r"(rbar) : "memory");
  } else {
    // Phase 0 completes when the arrival and all 128 bytes are in.
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared.b64 q, [%1], 0; selp.u32 %0, 1, 0, q; }"
                   : "=r"(done) : "r"(bar));
    out[lane] = acc[lane];
  }
  cluster.sync();  // CTA 1's shared memory must outlive CTA 0's operations
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  unsigned in[32];
  for (unsigned l = 0; l < 32; ++l) in[l] = l + 1;
  unsigned *dIn, *dOut;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dOut, sizeof in);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemset(dOut, 0, sizeof in);
  pub_red_async_add<<<2, 32>>>(dIn, dOut);  // one cluster of 2 CTAs (__cluster_dims__)
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned i[32], o[32];
  cudaMemcpy(i, dIn, sizeof i, cudaMemcpyDeviceToHost);
  cudaMemcpy(o, dOut, sizeof o, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("in", i, 32, false);
  printWords("out", o, 32, true);
  return 0;
}
