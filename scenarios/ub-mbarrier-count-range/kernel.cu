// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The mbarrier's expected arrival count comes from the host: the number of
// producer threads. The host passed 0.
#include <cstdio>

extern "C" __global__ void init_producers(unsigned* out, unsigned producers) {
  __shared__ unsigned long long bar_mem;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_mem), lane = threadIdx.x;
  if (lane == 0)  // BUG: producers == 0; the count must be in [1, 2^20 - 1]
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(bar), "r"(producers) : "memory");
  __syncwarp();
  unsigned p0, p1;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
               : "=r"(p0) : "r"(bar) : "memory");
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], 1; selp.u32 %0, 1, 0, p; }"
               : "=r"(p1) : "r"(bar) : "memory");
  out[lane] = p0 | p1 << 1;
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
  init_producers<<<1, 32>>>(dOut, 0u);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
