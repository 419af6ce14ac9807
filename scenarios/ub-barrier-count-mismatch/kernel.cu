// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A block of 64 threads rotates n = 48 values through shared memory. This
// time the author knew that an aligned __syncthreads() in `if (t < n)` is
// wrong, and used a named, non-aligned barrier for just the n threads:
// barrier.sync 1, n. But a barrier's thread count must be a multiple of the
// warp size, and 48 is not.
#include <chrono>
#include <cstdio>
#include <thread>

extern "C" __global__ void rotate_named(const unsigned* in, unsigned* out, unsigned n) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x;
  if (t < n) {
    s[t] = in[t];
    asm volatile("barrier.sync 1, %0;" ::"r"(n) : "memory");  // BUG: n = 48 is not a multiple of 32
    out[t] = s[(t + 1) % n];
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
  const int kWords = 64;
  unsigned in[kWords], out[kWords];
  for (int i = 0; i < kWords; ++i) in[i] = 1000u + i, out[i] = 0u;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  rotate_named<<<1, 64>>>(dIn, dOut, 48u);
  CHECK(cudaGetLastError());
  // The barrier may hang on some GPUs: poll for 5 s, then report and leave.
  for (int ms = 0; ms < 5000 && cudaStreamQuery(0) == cudaErrorNotReady; ms += 10)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (cudaStreamQuery(0) == cudaErrorNotReady) {
    std::printf("{\"error\": \"timeout: the kernel did not finish within 5 s\"}\n");
    std::fflush(stdout);
    std::_Exit(2);
  }
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
