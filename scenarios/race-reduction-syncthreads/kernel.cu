// Lesson: a shared-memory tree reduction with the __syncthreads() between
// levels forgotten, and the fixed reduction. One block of 256 threads sums
// in[0..256) into out[0]. Compiled as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
extern "C" __global__ void reduce_missing_sync(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];  // s[t + stride]: stored by thread t + stride one level up
  }
  if (t == 0) out[0] = s[0];
}

extern "C" __global__ void reduce_synced(const unsigned* in, unsigned* out) {
  __shared__ unsigned s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();  // every sum of this level is stored before the next level reads it
  }
  if (t == 0) out[0] = s[0];
}
