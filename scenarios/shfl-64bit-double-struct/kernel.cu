// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Shuffling values wider than 32 bits. shfl.sync moves one 32-bit register,
// so __shfl_sync on a long long or a double becomes two shuffles (low and
// high half); a struct has no __shfl_sync overload and is shuffled field by
// field; a half2 is 32 bits and takes one shuffle. Every lane reads lane
// (lane + 1) % 32, its right neighbour.
// Inputs, per lane i: big = i * 2^32 + (i + 100) (a long long whose halves
// differ), d = 1 / (i + 1) (double), p = {i, -i} (two floats), h = {i, i + 0.5}
// (half2).
// out, word-rows of 32: 0-1 long long lo/hi, 2-3 double lo/hi, 4-5 struct
// x/y (float bits), 6 half2 (both halves in one word).
#include <cuda_fp16.h>
#include <cstdio>
#include <cstring>

struct Point {
  float x, y;
};

__global__ void shuffle_wide(const long long* big, const double* d, const Point* p,
                             const __half2* h, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned src = (lane + 1) % 32;
  const long long b = __shfl_sync(0xffffffffu, big[lane], src);  // 2 shuffles
  const double e = __shfl_sync(0xffffffffu, d[lane], src);       // 2 shuffles
  Point q = p[lane];
  q.x = __shfl_sync(0xffffffffu, q.x, src);  // a struct: field by field
  q.y = __shfl_sync(0xffffffffu, q.y, src);
  const __half2 g = __shfl_sync(0xffffffffu, h[lane], src);      // 1 shuffle
  unsigned long long bb, ee;
  memcpy(&bb, &b, 8);
  memcpy(&ee, &e, 8);
  out[0 * 32 + lane] = static_cast<unsigned>(bb);
  out[1 * 32 + lane] = static_cast<unsigned>(bb >> 32);
  out[2 * 32 + lane] = static_cast<unsigned>(ee);
  out[3 * 32 + lane] = static_cast<unsigned>(ee >> 32);
  out[4 * 32 + lane] = __float_as_uint(q.x);
  out[5 * 32 + lane] = __float_as_uint(q.y);
  unsigned gg;
  memcpy(&gg, &g, 4);
  out[6 * 32 + lane] = gg;
}

static void print(const char* name, const void* v, int words, bool comma) {
  unsigned w[256];
  memcpy(w, v, 4 * words);
  printf("\"%s\": [", name);
  for (int i = 0; i < words; ++i) printf("%s%u", i ? ", " : "", w[i]);
  printf("]%s", comma ? ", " : "");
}

int main() {
  long long h_big[32];
  double h_d[32];
  Point h_p[32];
  __half2 h_h[32];
  unsigned h_out[7 * 32];
  for (int i = 0; i < 32; ++i) {
    h_big[i] = (static_cast<long long>(i) << 32) + (i + 100);
    h_d[i] = 1.0 / (i + 1);
    h_p[i] = {static_cast<float>(i), -static_cast<float>(i)};
    h_h[i] = __halves2half2(__float2half(static_cast<float>(i)), __float2half(i + 0.5f));
  }
  for (int i = 0; i < 7 * 32; ++i) h_out[i] = 0xcdcdcdcdu;
  long long* d_big;
  double* d_d;
  Point* d_p;
  __half2* d_h;
  unsigned* d_out;
  cudaMalloc(&d_big, sizeof h_big);
  cudaMalloc(&d_d, sizeof h_d);
  cudaMalloc(&d_p, sizeof h_p);
  cudaMalloc(&d_h, sizeof h_h);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_big, h_big, sizeof h_big, cudaMemcpyHostToDevice);
  cudaMemcpy(d_d, h_d, sizeof h_d, cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, h_p, sizeof h_p, cudaMemcpyHostToDevice);
  cudaMemcpy(d_h, h_h, sizeof h_h, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  shuffle_wide<<<1, 32>>>(d_big, d_d, d_p, d_h, d_out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  printf("{");
  print("big", h_big, 64, true);
  print("d", h_d, 64, true);
  print("p", h_p, 64, true);
  print("h", h_h, 32, true);
  print("out", h_out, 7 * 32, false);
  printf("}\n");
  return 0;
}
