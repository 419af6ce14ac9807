// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Float atomics and determinism. 8 CTAs of 32 threads add one value each into
// one float with atomicAdd: thread 0 adds 2^24 = 16777216, the other 255 add
// 1.0. The exact sum is 16777471, but a float holds 24 significant bits: once
// the total is 2^24, adding 1.0 rounds back to 2^24. So the float result
// depends on how many 1.0s were added BEFORE the big value, that is, on the
// order in which the atomics happened, which the ISA leaves open.
// The deterministic version adds the same values as integers in fixed point
// (value * 256, a 64-bit integer atomic): integer addition is associative,
// so every order gives the same, exact total.
// sum[0]: the float total (bits); fixed[0..1]: the 64-bit fixed-point total
// (low word, high word); seen[0]: what thread 0's atomicAdd returned, the
// float total just before the big value went in (bits).
// The host launches the kernel 20 times and prints every run's results.
#include <cstdio>
#include <cstring>

__global__ void accumulate(const float* in, float* sum, unsigned long long* fixed, float* seen) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const float x = in[i];
  const float before = atomicAdd(sum, x);                       // order-dependent
  if (i == 0) *seen = before;
  atomicAdd(fixed, static_cast<unsigned long long>(x * 256.0f)); // exact, any order
}

int main() {
  const int kN = 256, kRuns = 20;
  float h_in[kN];
  for (int i = 0; i < kN; ++i) h_in[i] = 1.0f;
  h_in[0] = 16777216.0f;  // 2^24
  float* d_in;
  float* d_sum;
  unsigned long long* d_fixed;
  float* d_seen;
  cudaMalloc(&d_seen, sizeof(float));
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_sum, sizeof(float));
  cudaMalloc(&d_fixed, sizeof(unsigned long long));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  unsigned sums[kRuns], seens[kRuns];
  unsigned long long fixeds[kRuns];
  for (int r = 0; r < kRuns; ++r) {
    cudaMemset(d_sum, 0, sizeof(float));
    cudaMemset(d_fixed, 0, sizeof(unsigned long long));
    accumulate<<<8, 32>>>(d_in, d_sum, d_fixed, d_seen);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
    float s;
    cudaMemcpy(&s, d_sum, sizeof s, cudaMemcpyDeviceToHost);
    cudaMemcpy(&fixeds[r], d_fixed, sizeof fixeds[r], cudaMemcpyDeviceToHost);
    memcpy(&sums[r], &s, 4);
    cudaMemcpy(&s, d_seen, sizeof s, cudaMemcpyDeviceToHost);
    memcpy(&seens[r], &s, 4);
  }
  // One JSON object: the first run's buffers as the lesson names them, then
  // every run's float total (bits, and as a number) and fixed-point total.
  printf("{\"sum\": [%u], \"fixed\": [%u, %u], \"seen\": [%u], \"runs\": [", sums[0],
         static_cast<unsigned>(fixeds[0]), static_cast<unsigned>(fixeds[0] >> 32), seens[0]);
  for (int r = 0; r < kRuns; ++r) {
    float s;
    memcpy(&s, &sums[r], 4);
    float b;
    memcpy(&b, &seens[r], 4);
    printf("%s{\"sum\": [%u], \"fixed\": [%u, %u], \"seen\": [%u], \"sum_value\": %.1f, \"seen_value\": %.1f}",
           r ? ", " : "", sums[r], static_cast<unsigned>(fixeds[r]), static_cast<unsigned>(fixeds[r] >> 32),
           seens[r], s, b);
  }
  printf("]}\n");
  return 0;
}
