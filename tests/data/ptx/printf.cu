// Parser test input: printf makes nvcc declare `.extern .func vprintf` with
// no body; loading must fail at the call (warpscope links one module).
// printf.ptx was generated with (CUDA 13.0):
//   /usr/local/cuda/bin/nvcc -std=c++17 -arch=sm_90a -ptx printf.cu -o printf.ptx
#include <cstdio>

extern "C" __global__ void hello(int x) { printf("x=%d\n", x); }
