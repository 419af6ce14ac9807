// Parser test input: printf makes nvcc declare `.extern .func vprintf` with
// no body; the module loads with a warning and a run stops at the call.
// printf.ptx was generated with (CUDA 13.0):
//   /usr/local/cuda/bin/nvcc -std=c++17 -arch=sm_90a -ptx printf.cu -o printf.ptx
#include <cstdio>

extern "C" __global__ void hello(int x) { printf("x=%d\n", x); }
