// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A cluster of two CTAs: each CTA adds its 32 values into the *other* CTA's
// accumulator with red.async, which signals the other CTA's mbarrier. The
// addresses were never mapped into the other CTA with mapa, so each CTA
// targets its own shared memory.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) push_to_neighbour(const unsigned* in, unsigned* out) {
  __shared__ unsigned acc[32];
  __shared__ unsigned long long bar_mem;
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_mem);
  acc[lane] = in[rank * 32 + lane];
  if (lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 128;" ::"r"(bar) : "memory");
  }
  cluster.sync();
  // BUG: both addresses belong to this CTA; they should be
  // mapa.shared::cluster(addr, rank ^ 1).
  unsigned dst = (unsigned)__cvta_generic_to_shared(&acc[lane]);
  unsigned dstBar = bar;
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
               ::"r"(dst), "r"(in[64 + rank * 32 + lane]), "r"(dstBar) : "memory");
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
  out[rank * 32 + lane] = acc[lane];
  cluster.sync();
}

// Host: the scenario's launch, prints the buffers as one JSON object.
#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::printf("{\"error\": \"%s\"}\n", cudaGetErrorName(e_));              \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static void printWords(const char* name, const unsigned* w, int n, const char* sep) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", sep);
}

int main() {
  const int kIn = 128, kOut = 64;
  unsigned in[kIn], out[kOut];
  for (int i = 0; i < kIn; ++i) in[i] = (unsigned)i;
  for (int i = 0; i < kOut; ++i) out[i] = 0u;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  push_to_neighbour<<<2, 32>>>(dIn, dOut);  // one cluster of 2 CTAs (__cluster_dims__)
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kIn, ", ");
  printWords("out", out, kOut, "");
  std::printf("}\n");
  return 0;
}
