// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The mean of each histogram bucket, sum / count, computed without checking
// for empty buckets: integer division by zero.
#include <cstdio>

extern "C" __global__ void bucket_mean(const unsigned* sum, const unsigned* count, unsigned* mean,
                                       unsigned* rest) {
  unsigned i = threadIdx.x;
  unsigned s = sum[i], c = count[i];
  mean[i] = s / c;  // BUG: an empty bucket has c == 0
  rest[i] = s % c;
}

// Host: the scenario's launch (1 block of 32 threads), prints the buffers as JSON.
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
  unsigned sum[kWords], count[kWords], mean[kWords], rest[kWords];
  for (int i = 0; i < kWords; ++i) {
    sum[i] = 100u + 10u * i;
    count[i] = i % 4 == 3 ? 0u : i % 4 + 1u;  // every fourth bucket is empty
    mean[i] = 0u;
    rest[i] = 0u;
  }
  unsigned *dSum, *dCount, *dMean, *dRest;
  CHECK(cudaMalloc(&dSum, sizeof sum));
  CHECK(cudaMalloc(&dCount, sizeof count));
  CHECK(cudaMalloc(&dMean, sizeof mean));
  CHECK(cudaMalloc(&dRest, sizeof rest));
  CHECK(cudaMemcpy(dSum, sum, sizeof sum, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dCount, count, sizeof count, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dMean, mean, sizeof mean, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dRest, rest, sizeof rest, cudaMemcpyHostToDevice));
  bucket_mean<<<1, 32>>>(dSum, dCount, dMean, dRest);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(mean, dMean, sizeof mean, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(rest, dRest, sizeof rest, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("sum", sum, kWords, ", ");
  printWords("count", count, kWords, ", ");
  printWords("mean", mean, kWords, ", ");
  printWords("rest", rest, kWords, "");
  std::printf("}\n");
  return 0;
}
