// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Records of 5 bytes, a 1-byte tag followed by a 4-byte value, packed back
// to back. Each thread reads its record's value by casting the byte pointer
// to unsigned*: a 4-byte load from an address that is not a multiple of 4.
#include <cstdio>

extern "C" __global__ void read_values(const unsigned char* records, unsigned* out) {
  unsigned i = threadIdx.x;
  out[i] = *(const unsigned*)(records + 5 * i + 1);  // BUG: 5 i + 1 is 4-byte aligned only when i % 4 == 3
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
  const int kRecordWords = 40, kWords = 32;  // 32 records of 5 bytes = 160 bytes
  unsigned records[kRecordWords], out[kWords];
  unsigned char* bytes = (unsigned char*)records;
  for (int i = 0; i < kRecordWords * 4; ++i) bytes[i] = (unsigned char)i;
  for (int i = 0; i < kWords; ++i) out[i] = 0u;
  unsigned *dRecords, *dOut;
  CHECK(cudaMalloc(&dRecords, sizeof records));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dRecords, records, sizeof records, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  read_values<<<1, 32>>>((const unsigned char*)dRecords, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());  // expected: cudaErrorMisalignedAddress
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("records", records, kRecordWords, ", ");
  printWords("out", out, kWords, "");
  std::printf("}\n");
  return 0;
}
