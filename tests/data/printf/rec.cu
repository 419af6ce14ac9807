// Records what the kernels of printf.cu print on the GPU: each launch
// between marker lines, then its out words. Usage: rec [assert], in the folder of printf.ptx
// (assert: only pf_assert, whose failure ends the context).
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>

typedef unsigned int u32;
static CUmodule g_module;  // printf.ptx, loaded as the driver JIT-compiles it

static std::vector<u32> inputs(const char* name) {
  std::vector<u32> in(128);
  for (u32 i = 0; i < 128; ++i) in[i] = (i * 2654435761u) >> 27;  // 0..31
  if (!strcmp(name, "pf_formats")) {
    const double d = -12345.678901234;
    u32 lo, hi;
    memcpy(&lo, &d, 4);
    memcpy(&hi, reinterpret_cast<const char*>(&d) + 4, 4);
    u32 f;
    const float pi = 3.14159274f;
    memcpy(&f, &pi, 4);
    const u32 w[] = {42u, 3000000000u, f, lo, hi, 0x12345u, 0x6789abcdu};
    for (u32 i = 0; i < 7; ++i) in[i] = w[i];
  }
  if (!strcmp(name, "pf_returns")) {
    in[0] = 42;
    in[1] = 0;
  }
  if (!strcmp(name, "pf_assert")) in[5] = 0;
  return in;
}

static int launch(const char* name, unsigned grid, unsigned block) {
  CUfunction k;
  if (cuModuleGetFunction(&k, g_module, name) != CUDA_SUCCESS) { printf("== no %s\n", name); return 1; }
  std::vector<u32> in = inputs(name), out(128, 0xcdcdcdcdu);
  u32 *din, *dout;
  cudaMalloc(&din, 512);
  cudaMalloc(&dout, 512);
  cudaMemcpy(din, in.data(), 512, cudaMemcpyHostToDevice);
  cudaMemcpy(dout, out.data(), 512, cudaMemcpyHostToDevice);
  printf("== %s grid %u block %u in", name, grid, block);
  for (u32 w : in) printf(" %x", w);
  printf("\n");
  fflush(stdout);
  void* args[] = {&din, &dout};
  cuLaunchKernel(k, grid, 1, 1, block, 1, 1, 0, nullptr, args, nullptr);
  cudaError_t e = cudaDeviceSynchronize();
  fflush(stdout);
  printf("== end %s: %s\n", name, cudaGetErrorString(e));
  if (e == cudaSuccess) {
    cudaMemcpy(out.data(), dout, 512, cudaMemcpyDeviceToHost);
    printf("== out");
    for (u32 w : out) printf(" %x", w);
    printf("\n");
  }
  fflush(stdout);
  return e == cudaSuccess ? 0 : 1;
}

int main(int argc, char** argv) {
  cudaFree(nullptr);  // the runtime's primary context, current for the driver calls
  if (cuModuleLoad(&g_module, "printf.ptx") != CUDA_SUCCESS) { printf("== printf.ptx did not load\n"); return 2; }
  if (argc > 1 && !strcmp(argv[1], "assert")) return launch("pf_assert", 1, 32);
  int bad = 0;
  bad += launch("pf_formats", 1, 32);
  bad += launch("pf_lanes", 1, 32);
  bad += launch("pf_blocks", 2, 64);
  bad += launch("pf_loop", 1, 32);
  bad += launch("pf_returns", 1, 32);
  return bad;
}
