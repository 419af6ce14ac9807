// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A correct producer/consumer hand-off with named barriers. Warp 0 (the
// producer) fills two shared buffers in turn (ping-pong); warp 1 (the
// consumer) copies each one out. Four barriers, each of 64 threads:
//   FULL[b]  = 1 + b: the producer arrives (bar.arrive) after filling buf[b],
//                     the consumer waits (bar.sync) before reading it;
//   EMPTY[b] = 3 + b: the consumer arrives after reading buf[b],
//                     the producer waits before filling it again.
// Tile i (32 words of in) goes through buf[i % 2]; out[32 i + lane] is
// 2 * in[32 i + (31 - lane)]: each consumer lane reads a word that another
// warp's lane wrote.
#include <cstdio>

constexpr int kTiles = 4;
constexpr unsigned kFull = 1, kEmpty = 3, kThreads = 64;

__device__ __forceinline__ void barArrive(unsigned id) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(kThreads) : "memory");
}
__device__ __forceinline__ void barSync(unsigned id) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(kThreads) : "memory");
}

extern "C" __global__ void ping_pong(const unsigned* in, unsigned* out) {
  __shared__ unsigned buf[2][32];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {  // producer
#pragma unroll 1
    for (int i = 0; i < kTiles; ++i) {
      const unsigned b = i % 2;
      const unsigned v = 2 * in[32 * i + lane];  // fetch before waiting for the buffer
      if (i >= 2) barSync(kEmpty + b);           // wait until the consumer read tile i - 2
      buf[b][lane] = v;
      barArrive(kFull + b);                      // tile i is in buf[b]; do not wait
    }
  } else {  // consumer
#pragma unroll 1
    for (int i = 0; i < kTiles; ++i) {
      const unsigned b = i % 2;
      barSync(kFull + b);                        // wait for tile i
      const unsigned v = buf[b][31 - lane];
      if (i + 2 < kTiles) barArrive(kEmpty + b); // buf[b] may be refilled; do not wait
      out[32 * i + lane] = v;
    }
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
  const int kWords = 32 * kTiles;
  unsigned in[kWords], out[kWords];
  for (int i = 0; i < kWords; ++i) in[i] = 1u + i, out[i] = 0u;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  ping_pong<<<1, 64>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
