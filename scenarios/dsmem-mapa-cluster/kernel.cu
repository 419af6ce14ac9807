// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Distributed shared memory in a cluster of 4 CTAs of 32 threads. Each CTA
// fills its own `mine` with in[32 rank + lane], then, through the cluster:
//   * reads its right neighbour's `mine` (rank + 1, wrapping): a
//     map_shared_rank pointer, compiled to mapa + ld.shared::cluster;
//   * writes its own value into its right neighbour's `inbox`, written
//     with inline PTX (mapa.shared::cluster + st.shared::cluster), so that
//     each CTA's inbox receives its left neighbour's values.
// The cluster barrier is split (barrier.cluster.arrive / .wait) around the
// first phase, and a final cluster.sync() keeps every CTA alive (and its
// shared memory valid) until nobody accesses it any more.
//   out[32 rank + lane]       = right neighbour's mine[lane]
//   out[128 + 32 rank + lane] = inbox[lane] (the left neighbour's mine)
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(4, 1, 1) ring_exchange(const unsigned* in, unsigned* out) {
  __shared__ unsigned mine[32], inbox[32];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), lane = threadIdx.x;
  const unsigned right = (rank + 1) % cluster.num_blocks();

  mine[lane] = in[32 * rank + lane];
  // Phase 1: announce "my `mine` is written" and wait for the others'.
  cluster.barrier_arrive();
  // Generic pointer to the right neighbour's `mine` (mapa.u64).
  const unsigned* rightMine = cluster.map_shared_rank(mine, right);
  // Shared::cluster address of the right neighbour's inbox[lane] (mapa.shared::cluster).
  unsigned rightInbox;
  asm("mapa.shared::cluster.u32 %0, %1, %2;"
      : "=r"(rightInbox)
      : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&inbox[lane]))), "r"(right));
  cluster.barrier_wait();

  // Phase 2: remote read and remote write.
  const unsigned fromRight = rightMine[lane];  // a generic ld into CTA `right`
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(rightInbox), "r"(mine[lane]) : "memory");
  // Nobody may exit while a neighbour still reads `mine` or writes `inbox`;
  // the same barrier makes the neighbours' writes to my inbox visible.
  cluster.sync();

  out[32 * rank + lane] = fromRight;
  out[128 + 32 * rank + lane] = inbox[lane];
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
  const int kIn = 128, kOut = 256;
  unsigned in[kIn], out[kOut];
  for (int i = 0; i < kIn; ++i) in[i] = 100 * (i / 32 + 1) + i % 32;  // CTA r: 100 (r + 1) + lane
  for (int i = 0; i < kOut; ++i) out[i] = 0;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  ring_exchange<<<4, 32>>>(dIn, dOut);  // __cluster_dims__: one cluster of 4
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kIn, ", ");
  printWords("out", out, kOut, "");
  std::printf("}\n");
  return 0;
}
