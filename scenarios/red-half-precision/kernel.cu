// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Half-precision reductions: red.add.noftz on f16, f16x2, bf16 and bf16x2.
// Every lane adds small numbers into a few accumulators, to show what 11
// (f16) or 8 (bf16) significant bits do to a running sum. The addresses are
// generic (no state space), as in the PTX ISA's examples.
// nvcc turns an unused atomicAdd into atom, so red is written as inline PTX.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// acc[0]: f16x2 (low 2048.0, high 0.0), each lane adds (1.0, 1.0).
// acc[1]: two bf16 (low 256.0, high 0.0), each lane adds 1.0 to each half.
// acc[2]: bf16x2 (low 0, high 0), lane l adds (l, 0.1).
// acc[3]: two f16 (low 0.0, high 64000.0), each lane adds 0.1 and 100.0.
// acc[4]: f32 0.0, each lane adds 0.1f, for comparison.
extern "C" __global__ void half_sums(unsigned* acc) {
  const unsigned lane = threadIdx.x;
  unsigned short* half = reinterpret_cast<unsigned short*>(acc);

  const __half2 ones = __floats2half2_rn(1.0f, 1.0f);
  asm volatile("red.add.noftz.f16x2 [%0], %1;" ::"l"(&acc[0]), "r"(*reinterpret_cast<const unsigned*>(&ones))
               : "memory");

  const unsigned short bOne = __bfloat16_as_ushort(__float2bfloat16(1.0f));
  asm volatile("red.add.noftz.bf16 [%0], %1;" ::"l"(&half[2]), "h"(bOne) : "memory");
  asm volatile("red.add.noftz.bf16 [%0], %1;" ::"l"(&half[3]), "h"(bOne) : "memory");

  const __nv_bfloat162 pair = __floats2bfloat162_rn(static_cast<float>(lane), 0.1f);
  asm volatile("red.add.noftz.bf16x2 [%0], %1;" ::"l"(&acc[2]), "r"(*reinterpret_cast<const unsigned*>(&pair))
               : "memory");

  const unsigned short hTenth = __half_as_ushort(__float2half(0.1f));
  const unsigned short hHundred = __half_as_ushort(__float2half(100.0f));
  asm volatile("red.add.noftz.f16 [%0], %1;" ::"l"(&half[6]), "h"(hTenth) : "memory");
  asm volatile("red.add.noftz.f16 [%0], %1;" ::"l"(&half[7]), "h"(hHundred) : "memory");

  asm volatile("red.add.f32 [%0], %1;" ::"l"(&acc[4]), "f"(0.1f) : "memory");
}

static void printWords(const char* name, const unsigned* w, int n, bool last) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", last ? "}\n" : ", ");
}

int main() {
  // Bit patterns: f16 2048.0 = 0x6800, bf16 256.0 = 0x4380, f16 64000.0 = 0x7bd0.
  const unsigned init[5] = {0x00006800u, 0x00004380u, 0u, 0x7bd00000u, 0u};
  unsigned* dAcc;
  cudaMalloc(&dAcc, sizeof init);
  cudaMemcpy(dAcc, init, sizeof init, cudaMemcpyHostToDevice);
  half_sums<<<1, 32>>>(dAcc);
  if (cudaDeviceSynchronize() != cudaSuccess) { std::fprintf(stderr, "launch failed\n"); return 1; }
  unsigned a[5];
  cudaMemcpy(a, dAcc, sizeof a, cudaMemcpyDeviceToHost);
  std::printf("{");
  printWords("acc", a, 5, true);
  return 0;
}
