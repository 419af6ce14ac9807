// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A cluster barrier orders the *issue* of red.async operations, not their
// completion. CTA 0 sends 32 additions into CTA 1 and then meets CTA 1 at a
// cluster barrier; CTA 1 peeks at its memory right after that barrier
// (early[]), and again after its mbarrier wait (out[]). Only out[] is
// defined: early[] races with the in-flight operations, and on hardware
// shows whatever had landed by then.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

// in[32]: what CTA 0's lanes add. early[32]: CTA 1's acc right after the
// barrier. out[32]: CTA 1's acc after its mbarrier wait.
extern "C" __global__ void __cluster_dims__(2, 1, 1) red_async_peek(const unsigned* in, unsigned* early,
                                                                    unsigned* out) {
  __shared__ unsigned acc[32];
  __shared__ unsigned long long bar_mem;
  auto cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  const unsigned bar = static_cast<unsigned>(__cvta_generic_to_shared(&bar_mem));
  acc[lane] = 1000u * lane;
  if (lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;");
    if (rank == 1) asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 128;" ::"r"(bar));
  }
  cluster.sync();
  if (rank == 0) {
    unsigned raddr, rbar;
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(raddr) : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&acc[lane]))));
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(rbar) : "r"(bar));
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                 ::"r"(raddr), "r"(in[lane]), "r"(rbar) : "memory");
  }
  cluster.sync();  // every red.async has been issued, none need have completed
  if (rank == 1) {
    early[lane] = *static_cast<volatile unsigned*>(&acc[lane]);  // a racy peek: for teaching only
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared.b64 q, [%1], 0; selp.u32 %0, 1, 0, q; }"
                   : "=r"(done) : "r"(bar) : "memory");
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
  unsigned *dIn, *dEarly, *dOut;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dEarly, sizeof in);
  cudaMalloc(&dOut, sizeof in);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemset(dEarly, 0, sizeof in);
  cudaMemset(dOut, 0, sizeof in);
  red_async_peek<<<2, 32>>>(dIn, dEarly, dOut);  // one cluster of 2 CTAs (__cluster_dims__)
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned i[32], e[32], o[32];
  cudaMemcpy(i, dIn, sizeof i, cudaMemcpyDeviceToHost);
  cudaMemcpy(e, dEarly, sizeof e, cudaMemcpyDeviceToHost);
  cudaMemcpy(o, dOut, sizeof o, cudaMemcpyDeviceToHost);
  // early[] is left out of the recording on purpose: it is a data race, and
  // what it holds on hardware depends on timing (printed to stderr instead).
  std::fprintf(stderr, "early (racy):");
  for (int k = 0; k < 32; ++k) std::fprintf(stderr, " %u", e[k]);
  std::fprintf(stderr, "\n");
  std::printf("{");
  printWords("in", i, 32, false);
  printWords("out", o, 32, true);
  return 0;
}
