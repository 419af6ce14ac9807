// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A full/empty mbarrier ring fed by bulk copies (the pattern of CUTLASS's
// PipelineTmaAsync, without wgmma). Warp 0 is the producer: its lane 0
// copies tile t (64 words, 256 bytes) of `in` into stage t % 2 with
// cp.async.bulk, announced on full[s] with mbarrier.arrive.expect_tx.
// Warps 1 and 2 are the consumers: they wait on full[s], each sums its half
// of the tile (warp 1 words 0-31, warp 2 words 32-63) and all 64 consumer
// threads arrive on empty[s], which frees the stage for tile t + 2.
// Six tiles through two stages: each stage completes phases 0, 1 and 2, so
// the parities the threads wait for wrap around (0, 1, 0).
// out[2 t + h] = the sum of half h of tile t.
#include <cstdint>
#include <cstdio>

constexpr int kStages = 2, kTiles = 6, kTileWords = 64;
constexpr unsigned kTileBytes = kTileWords * 4, kConsumers = 64;

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
// Returns once the phase of `bar` whose parity is `parity` has completed.
__device__ __forceinline__ void waitParity(uint64_t* bar, unsigned parity) {
  asm volatile(
      "{\n"
      " .reg .pred done;\n"
      " WAIT_%=:\n"
      " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      " @!done bra WAIT_%=;\n"
      "}" ::"r"(smem(bar)),
      "r"(parity)
      : "memory");
}

extern "C" __global__ void full_empty_ring(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned stage[kStages][kTileWords];
  __shared__ uint64_t full[kStages], empty[kStages];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      // full[s]: the producer's one arrival (with the bytes it expects).
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&full[s])) : "memory");
      // empty[s]: one arrival from each of the 64 consumer threads.
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&empty[s])), "r"(kConsumers) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (warp == 0) {
    if (lane == 0) {  // producer
      unsigned s = 0, phase = 0;
#pragma unroll 1
      for (int t = 0; t < kTiles; ++t) {
        // Stage s is free once the consumers released it one round ago:
        // parity phase ^ 1 (in the first round "phase -1", complete already).
        waitParity(&empty[s], phase ^ 1);
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                     ::"r"(smem(&full[s])), "r"(kTileBytes) : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     ::"r"(smem(stage[s])), "l"(in + t * kTileWords), "r"(kTileBytes), "r"(smem(&full[s]))
                     : "memory");
        if (++s == kStages) s = 0, phase ^= 1;
      }
    }
  } else {  // consumers: warps 1 and 2
    const unsigned half = warp - 1;
    unsigned s = 0, phase = 0;
#pragma unroll 1
    for (int t = 0; t < kTiles; ++t) {
      waitParity(&full[s], phase);  // tile t has landed in stage s
      const unsigned v = stage[s][32 * half + lane];
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(&empty[s])) : "memory");
      const unsigned sum = __reduce_add_sync(0xffffffffu, v);
      if (lane == 0) out[2 * t + half] = sum;
      if (++s == kStages) s = 0, phase ^= 1;
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
  const int kWords = kTiles * kTileWords, kOut = 2 * kTiles;
  unsigned in[kWords], out[kOut];
  for (int i = 0; i < kWords; ++i) in[i] = i;
  for (int i = 0; i < kOut; ++i) out[i] = 0;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  full_empty_ring<<<1, 96>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kOut, "");
  std::printf("}\n");
  return 0;
}
