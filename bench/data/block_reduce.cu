// Two-level block reduction used by the throughput benchmark: each warp
// reduces with shuffles, warp sums meet in shared memory behind bar.sync,
// and warp 0 reduces them again. PTX made with:
//   nvcc -std=c++17 -arch=sm_90a -ptx block_reduce.cu -o block_reduce.ptx
typedef unsigned int u32;

extern "C" __global__ void block_reduce(const u32* in, u32* out) {
  __shared__ u32 partial[32];
  const u32 tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  u32 v = in[blockIdx.x * blockDim.x + tid];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (blockDim.x >> 5) ? partial[lane] : 0u;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) out[blockIdx.x] = v;
  }
}
