// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Shared-memory bank conflicts, seen from one warp: a 32 x 32 transpose
// through shared memory, twice. Each lane writes row-wise (lane = column),
// then reads column-wise (lane = row): out[32 c + lane] = tile[lane][c] =
// in[32 lane + c].
//   plain[32][32]:  word address 32 lane + c: every lane in bank c
//   padded[32][33]: word address 33 lane + c: lane L in bank (L + c) % 32
// Both give the same transpose. cycles[0] and cycles[1] are the clock64
// ticks the column reads of plain and of padded took (read by lane 0).
#include <cstdio>

extern "C" __global__ void transpose_banks(const unsigned* in, unsigned* out_plain, unsigned* out_padded,
                                           unsigned* cycles) {
  __shared__ unsigned plain[32][32];
  __shared__ unsigned padded[32][33];
  const unsigned lane = threadIdx.x;
#pragma unroll 1
  for (int r = 0; r < 32; ++r) {  // row-wise writes: lanes in 32 different banks
    plain[r][lane] = in[32 * r + lane];
    padded[r][lane] = in[32 * r + lane];
  }
  __syncwarp();

  long long t0 = clock64();
#pragma unroll 1
  for (int c = 0; c < 32; ++c) out_plain[32 * c + lane] = plain[lane][c];  // column-wise reads
  long long t1 = clock64();
#pragma unroll 1
  for (int c = 0; c < 32; ++c) out_padded[32 * c + lane] = padded[lane][c];
  long long t2 = clock64();
  if (lane == 0) {
    cycles[0] = static_cast<unsigned>(t1 - t0);
    cycles[1] = static_cast<unsigned>(t2 - t1);
  }
}

// Host: the scenario's launch, run 5 times; prints the buffers of the last
// run as one JSON object, and the cycle counts of every run (they vary).
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
  const int kWords = 32 * 32, kRuns = 5;
  unsigned in[kWords], outPlain[kWords], outPadded[kWords], cycles[2];
  unsigned plainRuns[kRuns], paddedRuns[kRuns];
  for (int i = 0; i < kWords; ++i) in[i] = i;
  unsigned *dIn, *dPlain, *dPadded, *dCycles;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dPlain, sizeof outPlain));
  CHECK(cudaMalloc(&dPadded, sizeof outPadded));
  CHECK(cudaMalloc(&dCycles, sizeof cycles));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  for (int run = 0; run < kRuns; ++run) {
    CHECK(cudaMemset(dPlain, 0, sizeof outPlain));
    CHECK(cudaMemset(dPadded, 0, sizeof outPadded));
    CHECK(cudaMemset(dCycles, 0, sizeof cycles));
    transpose_banks<<<1, 32>>>(dIn, dPlain, dPadded, dCycles);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(cycles, dCycles, sizeof cycles, cudaMemcpyDeviceToHost));
    plainRuns[run] = cycles[0];
    paddedRuns[run] = cycles[1];
  }
  CHECK(cudaMemcpy(outPlain, dPlain, sizeof outPlain, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(outPadded, dPadded, sizeof outPadded, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kWords, ", ");
  printWords("out_plain", outPlain, kWords, ", ");
  printWords("out_padded", outPadded, kWords, ", ");
  printWords("cycles_plain_runs", plainRuns, kRuns, ", ");
  printWords("cycles_padded_runs", paddedRuns, kRuns, "");
  std::printf("}\n");
  return 0;
}
