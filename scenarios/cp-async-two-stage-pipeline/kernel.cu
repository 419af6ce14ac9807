// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A two-stage cp.async (Ampere LDGSTS) pipeline: while the warp sums tile t
// from one shared-memory stage, the copy of tile t + 1 into the other stage
// is in flight. One warp, six tiles of 128 words; each lane copies 16 bytes
// of a tile with __pipeline_memcpy_async (cp.async.ca.shared.global, 16
// bytes), closes a group with __pipeline_commit (cp.async.commit_group) and
// waits with __pipeline_wait_prior(1) (cp.async.wait_group 1): all but the
// newest group have landed. Each lane then sums the 4 words another lane
// copied (so the warp must synchronise first) and __reduce_add_sync adds the
// 32 partial sums: sums[t] = the sum of tile t.
#include <cstdio>
#include <cuda_pipeline.h>

constexpr int kTiles = 6, kTileWords = 128;

extern "C" __global__ void two_stage(const unsigned* in, unsigned* sums) {
  __shared__ __align__(16) unsigned stage[2][kTileWords];
  const unsigned lane = threadIdx.x;
  // Prologue: start tile 0 into stage 0.
  __pipeline_memcpy_async(&stage[0][4 * lane], &in[4 * lane], 16);
  __pipeline_commit();
#pragma unroll 1
  for (int t = 0; t < kTiles; ++t) {
    // Start tile t + 1 into the other stage (the last round commits an empty
    // group, so that "all but the newest group" is always tile t).
    if (t + 1 < kTiles)
      __pipeline_memcpy_async(&stage[(t + 1) % 2][4 * lane], &in[(t + 1) * kTileWords + 4 * lane], 16);
    __pipeline_commit();
    __pipeline_wait_prior(1);  // my copies of tile t have landed
    __syncthreads();           // ... and everybody else's
    const unsigned* s = stage[t % 2];
    const unsigned src = 4 * ((lane + 1) % 32);  // the words lane + 1 copied
    const unsigned part = s[src] + s[src + 1] + s[src + 2] + s[src + 3];
    const unsigned total = __reduce_add_sync(0xffffffffu, part);
    if (lane == 0) sums[t] = total;
    __syncthreads();           // stage t % 2 is read; the next round may refill it
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
  const int kWords = kTiles * kTileWords;
  unsigned in[kWords], sums[kTiles];
  for (int i = 0; i < kWords; ++i) in[i] = i;
  for (int i = 0; i < kTiles; ++i) sums[i] = 0;
  unsigned *dIn, *dSums;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dSums, sizeof sums));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dSums, sums, sizeof sums, cudaMemcpyHostToDevice));
  two_stage<<<1, 32>>>(dIn, dSums);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("sums", sums, kTiles, "");
  std::printf("}\n");
  return 0;
}
