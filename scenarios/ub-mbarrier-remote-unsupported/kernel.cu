// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// One mbarrier for a whole cluster of two CTAs: it lives in CTA 0, every
// thread of both CTAs arrives on it (allowed from another CTA), and then
// every thread tests it, CTA 1 included, through the pointer that
// map_shared_rank gave. Waiting is only defined on the executing CTA's own
// mbarrier objects.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_barrier(unsigned* out) {
  __shared__ unsigned long long bar_mem;
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  if (rank == 0 && lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 64;" ::"r"((unsigned)__cvta_generic_to_shared(&bar_mem)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cluster.sync();
  unsigned long long* bar0 = cluster.map_shared_rank(&bar_mem, 0);  // CTA 0's mbarrier
  asm volatile("mbarrier.arrive.release.cluster.b64 _, [%0];" ::"l"(bar0) : "memory");
  cluster.sync();  // all 64 arrivals are in: phase 0 has completed
  unsigned done;
  // BUG in CTA 1: a test_wait on another CTA's mbarrier
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.acquire.cluster.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
               : "=r"(done) : "l"(bar0) : "memory");
  out[rank * 32 + lane] = done;
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
  const int kWords = 64;
  unsigned out[kWords];
  for (int i = 0; i < kWords; ++i) out[i] = 0u;
  unsigned* dOut;
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  cluster_barrier<<<2, 32>>>(dOut);  // one cluster of 2 CTAs (__cluster_dims__)
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
