// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
#include <mma.h>
#include <cuda_fp16.h>

// Lesson: ldmatrix -- one instruction, 32 row addresses, four 8x8 matrices.
//
// Shared memory holds a 32 x 8 table of 16-bit numbers: table[row][col] = 100*row + col.
// ldmatrix .x4 loads four 8x8 matrices at once. Every lane names ONE row:
// lane L gives the address of row L%8 of matrix L/8 (lanes 0-7: matrix 0, 8-15: matrix 1, ...).
// The rows can be anywhere; here lanes 24-31 name rows 31..24, so matrix 3 arrives upside down.
// Afterwards lane L holds, of every matrix m, row L/4, columns 2*(L%4) and 2*(L%4)+1,
// packed into register r[m] (first column in the low 16 bits).
//
// in:  [0, 128)   the table, row-major, two 16-bit numbers per word
//      [128, 160) the row each lane points at
// out: [lane][4]  the four registers of every lane
extern "C" __global__ void lesson_ldmatrix(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned table[32][4];  // 32 rows of 8 x 16 bits
  const unsigned lane = threadIdx.x;
  for (int k = 0; k < 4; ++k) table[lane][k] = in[lane * 4 + k];  // each lane copies one row
  __syncwarp();

  const unsigned row = in[128 + lane];  // the row this lane names
  const unsigned addr = (unsigned)__cvta_generic_to_shared(&table[row][0]);
  unsigned r[4];
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr)
               : "memory");
  for (int m = 0; m < 4; ++m) out[lane * 4 + m] = r[m];
}

// Host side: the lesson's input (the same words tests/data/tensor recorded on
// an H100, lesson lesson_ldmatrix) and a print of the final buffers as hw-h100.json.
#include <cstdio>
#include <cstring>
// table[row][col] = 100*row + col; lanes 0-23 name their own row, lanes 24-31 rows 31..24.
void fill_input(unsigned* in) {
  for (unsigned r = 0; r < 32; ++r)
    for (unsigned c = 0; c < 8; c += 2) in[r * 4 + c / 2] = (100 * r + c) | (100 * r + c + 1) << 16;
  for (unsigned l = 0; l < 32; ++l) in[128 + l] = l < 24 ? l : 55 - l;
}
int main() {
  static unsigned h_in[160], h_out[128];
  fill_input(h_in);
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof h_out);
  lesson_ldmatrix<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, 160);
  printf(", ");
  print("out", h_out, 128);
  printf("}\n");
  return 0;
}
