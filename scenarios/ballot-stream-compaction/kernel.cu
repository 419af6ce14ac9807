// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Stream compaction with a ballot: keep the positive values of in[], in order.
// Two warps, each owning 64 elements, each taking them in two rounds of 32.
// In a round every lane votes "keep me?" with __ballot_sync; a kept lane's
// write index is the number of kept lanes BELOW it, popc(ballot & lanemask_lt),
// plus what the warp already wrote in earlier rounds; popc(ballot) is the
// round's total. No atomics, no shared memory, and the order is preserved.
// out[warp * 64 + k]: warp's k-th kept value (unused words stay -1);
// count[warp]: how many values the warp kept; ballots[warp * 2 + round].
#include <cstdio>

__global__ void compact(const int* in, int* out, unsigned* count, unsigned* ballots) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned warp = threadIdx.x / 32;
  unsigned lanemask_lt;  // bits of the lanes below this one
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lanemask_lt));
  unsigned written = 0;  // kept so far by this warp (the same in every lane)
  for (unsigned round = 0; round < 2; ++round) {
    const int x = in[warp * 64 + round * 32 + lane];
    const bool keep = x > 0;
    const unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (keep) out[warp * 64 + written + __popc(ballot & lanemask_lt)] = x;
    written += __popc(ballot);
    if (lane == 0) ballots[warp * 2 + round] = ballot;
  }
  if (lane == 0) count[warp] = written;
}

// The scenario's `random = { seed = 2024, count = 128, min = -50, max = 50 }`:
// xorshift32, min + x mod (max - min + 1).
static void fill(int* v, int n) {
  unsigned x = 2024;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    v[i] = -50 + static_cast<int>(x % 101u);
  }
}

static void print(const char* name, const unsigned* v, int n, bool comma) {
  printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
  printf("]%s", comma ? ", " : "");
}

int main() {
  const int kN = 128;
  int h_in[kN], h_out[kN];
  unsigned h_count[2] = {0, 0}, h_ballots[4] = {0, 0, 0, 0};
  fill(h_in, kN);
  for (int i = 0; i < kN; ++i) h_out[i] = -1;
  int *d_in, *d_out;
  unsigned *d_count, *d_ballots;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_count, sizeof h_count);
  cudaMalloc(&d_ballots, sizeof h_ballots);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  cudaMemcpy(d_count, h_count, sizeof h_count, cudaMemcpyHostToDevice);
  cudaMemcpy(d_ballots, h_ballots, sizeof h_ballots, cudaMemcpyHostToDevice);
  compact<<<1, 64>>>(d_in, d_out, d_count, d_ballots);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_count, d_count, sizeof h_count, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_ballots, d_ballots, sizeof h_ballots, cudaMemcpyDeviceToHost);
  printf("{");
  print("in", reinterpret_cast<unsigned*>(h_in), kN, true);
  print("out", reinterpret_cast<unsigned*>(h_out), kN, true);
  print("count", h_count, 2, true);
  print("ballots", h_ballots, 4, false);
  printf("}\n");
  return 0;
}
