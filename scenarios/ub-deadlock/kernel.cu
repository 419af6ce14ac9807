// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Producer/consumer with a named barrier: warp 0 fills a shared buffer and
// signals, warp 1 waits and copies it out. The producer signals barrier 2,
// the consumer waits on barrier 1: nobody ever completes barrier 1.
#include <chrono>
#include <cstdio>
#include <thread>

extern "C" __global__ void produce_consume(const unsigned* in, unsigned* out) {
  __shared__ unsigned buf[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {  // producer
    buf[lane] = in[lane] * 2u;
    asm volatile("bar.arrive 2, 64;" ::: "memory");  // BUG: the consumer waits on barrier 1
  } else {          // consumer
    asm volatile("bar.sync 1, 64;" ::: "memory");
    out[lane] = buf[lane];
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
  unsigned in[kWords], out[kWords];
  for (int i = 0; i < kWords; ++i) in[i] = 1u + i, out[i] = 0u;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  produce_consume<<<1, 64>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  // The kernel is expected to hang: poll for 5 s, then report and leave (the
  // driver tears the context down when the process exits).
  for (int ms = 0; ms < 5000; ms += 10) {
    cudaError_t e = cudaStreamQuery(0);
    if (e == cudaSuccess) break;
    if (e != cudaErrorNotReady) CHECK(e);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (cudaStreamQuery(0) == cudaErrorNotReady) {
    std::printf("{\"error\": \"timeout: the kernel did not finish within 5 s\"}\n");
    std::fflush(stdout);
    std::_Exit(2);
  }
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
