// Lesson: the pre-Volta "warp-synchronous" reduction through a volatile
// pointer, and the __syncwarp() fix. One block of 64 threads sums in[0..64)
// into out[0]; the last 32 partial sums are added by warp 0 alone. Compiled as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
extern "C" __global__ void warp_reduce_volatile(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    // "The lanes of a warp run in lockstep": true of the hardware before
    // Volta, never promised since. volatile only stops the compiler from
    // keeping v[] in registers.
    volatile unsigned* v = s;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
    if (t == 0) out[0] = v[0];
  }
}

extern "C" __global__ void warp_reduce_syncwarp(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    unsigned x = s[t] + s[t + 32];
    s[t] = x;
    __syncwarp();
    for (unsigned d = 16; d > 0; d >>= 1) {
      x += s[t + d];  // every lane reads this level...
      __syncwarp();
      s[t] = x;       // ...before any lane overwrites it
      __syncwarp();
    }
    if (t == 0) out[0] = s[0];
  }
}
