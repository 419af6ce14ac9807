// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A gather: out[i] = table[idx[i]]. One index in the input is corrupt
// (0x40000000), and nobody checks indices against the table size.
#include <cstdio>

extern "C" __global__ void gather(const unsigned* table, const unsigned* idx, unsigned* out) {
  unsigned i = threadIdx.x;
  out[i] = table[idx[i]];  // BUG: idx[i] is not checked against the table's 32 entries
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
  unsigned table[kWords], idx[kWords], out[kWords];
  for (int i = 0; i < kWords; ++i) table[i] = 500u + i, idx[i] = 31u - i, out[i] = 0u;
  idx[13] = 0x40000000u;  // corrupt: 4 GiB past the table
  unsigned *dTable, *dIdx, *dOut;
  CHECK(cudaMalloc(&dTable, sizeof table));
  CHECK(cudaMalloc(&dIdx, sizeof idx));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dTable, table, sizeof table, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dIdx, idx, sizeof idx, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  gather<<<1, 32>>>(dTable, dIdx, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());  // an H200 gave cudaErrorInvalidAddressSpace (h200-runs.txt)
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("table", table, kWords, ", ");
  printWords("idx", idx, kWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
