// PTX: nvcc -arch=sm_90 -O3 -lineinfo -ptx buggy.cu -o buggy.ptx
// BUG: the producer waits for empty[s] with `phase`, not `phase ^ 1`: its
// very first wait asks for a phase nobody will complete, and both threads
// wait for ever.
#include "ring.cuh"

extern "C" __global__ void ring_forgot_xor(int* out, int n) { ring<true>(out, n); }
