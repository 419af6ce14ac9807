// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
#include <mma.h>
#include <cuda_fp16.h>

// Lesson: a 16x16x16 tile multiply with the C++ wmma API (<mma.h>): D = A*B + C.
//
// The whole warp works together; which lane holds which element is the library's
// business (the "fragment" is opaque), so the code only loads, multiplies and stores.
// The data: A = 2 on the diagonal and 1 just right of it, B[k][n] = k + n, C = 100,
// so D[r][n] = 2*(r+n) + (r+1+n) + 100 (the last row has no right neighbour).
//
// in:  A 16x16 f16 row-major (words 0-127) | B 16x16 f16 row-major (128-255) | C 16x16 f32 row-major (256-511)
// out: D 16x16 f32 row-major (words 0-255)
extern "C" __global__ void lesson_wmma_16x16(const unsigned* in, unsigned* out) {
  using namespace nvcuda;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;

  wmma::load_matrix_sync(a, (const __half*)in, 16);           // 16 = row length in memory
  wmma::load_matrix_sync(b, (const __half*)(in + 128), 16);
  wmma::load_matrix_sync(acc, (const float*)(in + 256), 16, wmma::mem_row_major);
  wmma::mma_sync(acc, a, b, acc);                              // acc = A*B + acc
  wmma::store_matrix_sync((float*)out, acc, 16, wmma::mem_row_major);
}

// Host side: the lesson's input (the same words tests/data/tensor recorded on
// an H100, lesson lesson_wmma_16x16) and a print of the final buffers as hw-h100.json.
#include <cstdio>
#include <cstring>
// A = 2 on the diagonal and 1 just right of it, B[k][n] = k + n (f16, row-major), C = 100.0f.
static unsigned short h(float v) { return __half_as_ushort(__float2half(v)); }
void fill_input(unsigned* in) {
  std::memset(in, 0, 512 * sizeof(unsigned));
  auto put = [&](int word0, int idx, unsigned short v) { in[word0 + idx / 2] |= unsigned(v) << (16 * (idx % 2)); };
  for (int r = 0; r < 16; ++r) {
    put(0, r * 16 + r, h(2.0f));
    if (r + 1 < 16) put(0, r * 16 + r + 1, h(1.0f));
  }
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 16; ++n) put(128, k * 16 + n, h(float(k + n)));
  const float c = 100.0f;
  for (int i = 0; i < 256; ++i) std::memcpy(&in[256 + i], &c, 4);
}
int main() {
  static unsigned h_in[512], h_out[256];
  fill_input(h_in);
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof h_out);
  lesson_wmma_16x16<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, 512);
  printf(", ");
  print("out", h_out, 256);
  printf("}\n");
  return 0;
}
