// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The CUDA programming guide's example for Volta's independent thread
// scheduling: the two halves of the warp reach __shfl_xor_sync(0xffffffff,
// v, 16) at two different places (the if and the else), and still swap
// values with each other: from sm_70 the lanes of the membermask need not
// execute the same shfl.sync instruction.
#include <cstdio>

extern "C" __global__ void two_call_sites(const unsigned* in, unsigned* out) {
  unsigned lane = threadIdx.x;
  unsigned v = in[lane];
  if (lane < 16) {
    v = v * 2u;                                  // the lower half doubles its value ...
    unsigned swapped = __shfl_xor_sync(0xffffffffu, v, 16);
    out[lane] = swapped + 1000u;
  } else {
    v = v + 100u;                                // ... the upper half adds 100
    unsigned swapped = __shfl_xor_sync(0xffffffffu, v, 16);
    out[lane] = swapped * 3u;
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
  two_call_sites<<<1, 32>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
