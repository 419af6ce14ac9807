// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Transposing an 8x8 matrix of 16-bit numbers three ways, one warp:
//   ldmatrix .trans    loads the transpose from shared memory;
//   movmatrix .trans   transposes the fragment the warp already holds;
//   stmatrix .trans    stores the transpose back to shared memory (sm_90).
// M[r][c] = 10 r + c (in: 32 words, two 16-bit numbers each, row-major).
// A fragment: lane L holds row L/4, columns 2 (L%4) and 2 (L%4) + 1, in one
// 32-bit register (the first column in the low 16 bits).
// out[0..32)    ldmatrix          (M's fragment)
// out[32..64)   ldmatrix .trans   (M^T's fragment)
// out[64..96)   movmatrix .trans of the first register
// out[96..128)  what stmatrix .trans wrote to `back`, word by word (M^T)
#include <cstdio>

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

extern "C" __global__ void transpose_8x8(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[8][4];  // 8 rows of 8 x 16 bits
  __shared__ __align__(16) unsigned back[8][4];
  const unsigned lane = threadIdx.x;
  tile[lane / 4][lane % 4] = in[lane];
  __syncwarp();

  // Lanes 0-7 give the row addresses of the one matrix (.x1); the others'
  // addresses are not used, here they repeat rows 0-7.
  const unsigned row = smem(&tile[lane % 8][0]);
  unsigned a, t, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(a) : "r"(row) : "memory");
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(t) : "r"(row) : "memory");
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(a));
  asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};"
               ::"r"(smem(&back[lane % 8][0])), "r"(a) : "memory");
  __syncwarp();

  out[lane] = a;
  out[32 + lane] = t;
  out[64 + lane] = d;
  out[96 + lane] = back[lane / 4][lane % 4];
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
  unsigned in[32], out[128];
  for (unsigned r = 0; r < 8; ++r)
    for (unsigned c = 0; c < 8; c += 2) in[r * 4 + c / 2] = (10 * r + c) | (10 * r + c + 1) << 16;
  for (int i = 0; i < 128; ++i) out[i] = 0;
  unsigned *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  transpose_8x8<<<1, 32>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, 32, ", ");
  printWords("out", out, 128, "");
  std::printf("}\n");
  return 0;
}
