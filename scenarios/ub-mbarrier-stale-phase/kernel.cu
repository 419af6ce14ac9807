// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A pipeline loop: each iteration completes one phase of a one-arrival
// mbarrier and asks whether "its" phase has completed. The state token is
// taken once, before the loop, and never refreshed, so from the second
// iteration on the thread asks about a phase that is two or more behind.
#include <cstdio>

extern "C" __global__ void stale_token(unsigned* out) {
  __shared__ unsigned long long bar_mem;
  unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_mem);
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar) : "memory");
  unsigned long long token;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(token) : "r"(bar) : "memory");
  for (int it = 0; it < 3; ++it) {
    if (it > 0)  // BUG: the new phase's token is dropped; `token` stays phase 0's
      asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
    unsigned done;
    asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar), "l"(token) : "memory");
    out[it] = done;
  }
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
  stale_token<<<1, 1>>>(dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
