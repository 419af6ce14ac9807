// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A 32 KiB tile is to arrive through an mbarrier's transaction count. Every
// lane announces the tile with expect_tx, where only one lane should: the
// expected byte count climbs to 32 x 32 KiB = 1 MiB, past the mbarrier's
// tx-count range of 2^20 - 1.
#include <cstdio>

extern "C" __global__ void announce_tile(unsigned* out) {
  __shared__ unsigned long long bar_mem;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_mem), lane = threadIdx.x;
  if (lane == 0) asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar) : "memory");
  __syncwarp();
  // BUG: every lane announces the tile; only lane 0 should.
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 32768;" ::"r"(bar) : "memory");
  __syncwarp();
  if (lane == 0) {
    // The tile's 32 KiB arrive (complete_tx stands in for the bulk copy) and
    // lane 0 arrives.
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32768;" ::"r"(bar) : "memory");
    asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
  }
  __syncwarp();
  unsigned done;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
               : "=r"(done) : "r"(bar) : "memory");
  out[lane] = done;
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
  const int kWords = 32;
  unsigned out[kWords];
  for (int i = 0; i < kWords; ++i) out[i] = 0u;
  unsigned* dOut;
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  announce_tile<<<1, 32>>>(dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
