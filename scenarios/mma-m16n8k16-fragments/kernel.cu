// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
#include <mma.h>
#include <cuda_fp16.h>

// Lesson: one mma.sync.m16n8k16 -- D = A*B + C with f16 inputs and f32 accumulation.
//
// A is 16x16, B is 16x8, C and D are 16x8. No lane holds a whole row; each holds a
// "fragment". With g = lane/4 and t = lane%4:
//   A (4 registers, two f16 each): a0,a1 = A[g][2t], A[g][2t+1]      a2,a3 = A[g+8][2t], A[g+8][2t+1]
//                                  a4,a5 = A[g][2t+8], A[g][2t+9]    a6,a7 = A[g+8][2t+8], A[g+8][2t+9]
//   B (2 registers):               b0,b1 = B[2t][g], B[2t+1][g]      b2,b3 = B[2t+8][g], B[2t+9][g]
//   C, D (4 floats):               c0,c1 = C[g][2t], C[g][2t+1]      c2,c3 = C[g+8][2t], C[g+8][2t+1]
// The data: A = 2 on the diagonal, B[k][n] = 10*k + n, C = 1000, so D[r][n] = 1000 + 20*r + 2*n
// and every d register shows which row and column it holds.
//
// in:  A 16x16 f16 row-major (words 0-127) | B 16x8 f16 row-major (128-191) | C 16x8 f32 row-major (192-319)
// out: D 16x8 f32 row-major (words 0-127)  | every lane's d0..d3 [lane][4] (128-255)
__device__ unsigned f16_at(const unsigned* p, int idx) { return (p[idx / 2] >> (16 * (idx % 2))) & 0xffffu; }

extern "C" __global__ void lesson_mma_m16n8k16(const unsigned* in, unsigned* out) {
  const unsigned* A = in;
  const unsigned* B = in + 128;
  const float* C = (const float*)(in + 192);
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;

  // gather this lane's fragments (two f16 per register, lower column/row in the low half)
  unsigned a[4], b[2];
  a[0] = f16_at(A, g * 16 + 2 * t) | f16_at(A, g * 16 + 2 * t + 1) << 16;
  a[1] = f16_at(A, (g + 8) * 16 + 2 * t) | f16_at(A, (g + 8) * 16 + 2 * t + 1) << 16;
  a[2] = f16_at(A, g * 16 + 2 * t + 8) | f16_at(A, g * 16 + 2 * t + 9) << 16;
  a[3] = f16_at(A, (g + 8) * 16 + 2 * t + 8) | f16_at(A, (g + 8) * 16 + 2 * t + 9) << 16;
  b[0] = f16_at(B, (2 * t) * 8 + g) | f16_at(B, (2 * t + 1) * 8 + g) << 16;
  b[1] = f16_at(B, (2 * t + 8) * 8 + g) | f16_at(B, (2 * t + 9) * 8 + g) << 16;
  float c[4] = {C[g * 8 + 2 * t], C[g * 8 + 2 * t + 1], C[(g + 8) * 8 + 2 * t], C[(g + 8) * 8 + 2 * t + 1]};

  float d[4];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                 "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));

  // scatter D back to a plain matrix, and keep the raw registers too
  float* D = (float*)out;
  D[g * 8 + 2 * t] = d[0];
  D[g * 8 + 2 * t + 1] = d[1];
  D[(g + 8) * 8 + 2 * t] = d[2];
  D[(g + 8) * 8 + 2 * t + 1] = d[3];
  for (int k = 0; k < 4; ++k) out[128 + lane * 4 + k] = __float_as_uint(d[k]);
}

// Host side: the lesson's input (the same words tests/data/tensor recorded on
// an H100, lesson lesson_mma_m16n8k16) and a print of the final buffers as hw-h100.json.
#include <cstdio>
#include <cstring>
// A = 2 on the diagonal, B[k][n] = 10*k + n (f16, row-major), C = 1000.0f.
static unsigned short h(float v) { return __half_as_ushort(__float2half(v)); }
void fill_input(unsigned* in) {
  std::memset(in, 0, 320 * sizeof(unsigned));
  auto put = [&](int word0, int idx, unsigned short v) { in[word0 + idx / 2] |= unsigned(v) << (16 * (idx % 2)); };
  for (int r = 0; r < 16; ++r) put(0, r * 16 + r, h(2.0f));
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 8; ++n) put(128, k * 8 + n, h(float(10 * k + n)));
  const float c = 1000.0f;
  for (int i = 0; i < 128; ++i) std::memcpy(&in[192 + i], &c, 4);
}
int main() {
  static unsigned h_in[320], h_out[256];
  fill_input(h_in);
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof h_out);
  lesson_mma_m16n8k16<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, 320);
  printf(", ");
  print("out", h_out, 256);
  printf("}\n");
  return 0;
}
