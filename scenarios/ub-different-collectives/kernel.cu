// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Two halves of a warp, two different collectives, each with the full
// membermask: lanes 0-15 sum their values in groups of four with two
// butterfly shuffles, lanes 16-31 take a ballot of the odd values. Each
// membermask names lanes that never execute that instruction: they are at
// the other one.
#include <cstdio>
#include <cstdlib>

extern "C" __global__ void sum4_or_ballot(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x;
  unsigned v = in[lane];
  unsigned r;
  if (lane < 16) {
    v += __shfl_xor_sync(0xffffffffu, v, 1);  // BUG: lanes 16-31 never run these shuffles...
    v += __shfl_xor_sync(0xffffffffu, v, 2);
    r = v;
  } else {
    r = __ballot_sync(0xffffffffu, v & 1u);  // ...they run a ballot, which lanes 0-15 never run
  }
  out[lane] = r;
}

// The same with one shuffle: ptxas then syncs it with WARPSYNC.ALL (not
// WARPSYNC.COLLECTIVE), and the H100 hangs.

extern "C" __global__ void swap_or_ballot(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x;
  const unsigned v = in[lane];
  unsigned r;
  if (lane < 16)
    r = __shfl_xor_sync(0xffffffffu, v, 1);  // BUG: lanes 16-31 never run this shuffle...
  else
    r = __ballot_sync(0xffffffffu, v & 1u);  // ...they run a ballot, which lanes 0-15 never run
  out[lane] = r;
}

// The same with the halves' collectives the other way round.
extern "C" __global__ void ballot_or_swap(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x;
  const unsigned v = in[lane];
  unsigned r;
  if (lane < 16)
    r = __ballot_sync(0xffffffffu, v & 1u);
  else
    r = __shfl_xor_sync(0xffffffffu, v, 1);
  out[lane] = r;
}

// Host: the scenario's launch (argument 1: swap_or_ballot, 2:
// ballot_or_swap), prints the buffers as one JSON object, or the CUDA error.
#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::printf("{\"error\": \"%s\"}\n", cudaGetErrorString(e_));            \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static void printWords(const char* name, const unsigned* w, int n, const char* sep) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", sep);
}

int main(int argc, char** argv) {
  const int kWords = 32;
  unsigned in[kWords], out[kWords];
  for (int i = 0; i < kWords; ++i) in[i] = 100u + i, out[i] = 0u;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  const int which = argc > 1 ? std::atoi(argv[1]) : 0;
  if (which == 1) swap_or_ballot<<<1, 32>>>(dIn, dOut);
  else if (which == 2) ballot_or_swap<<<1, 32>>>(dIn, dOut);
  else sum4_or_ballot<<<1, 32>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
