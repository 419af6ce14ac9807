// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Every lane initialises the warp's mbarrier, where one lane should: lanes
// 1-31 execute mbarrier.init on an object that is already valid.
#include <cstdio>

extern "C" __global__ void everyone_inits(unsigned* out) {
  __shared__ unsigned long long bar_mem;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_mem), lane = threadIdx.x;
  // BUG: missing `if (lane == 0)`
  asm volatile("mbarrier.init.shared.b64 [%0], 32;" ::"r"(bar) : "memory");
  __syncwarp();
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
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
  everyone_inits<<<1, 32>>>(dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
