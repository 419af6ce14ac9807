// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx big_module.cu -o big_module.ptx
// The parsing benchmark's module: about 10,000 lines of nvcc output (many
// instantiations of one kernel that mixes integer and float arithmetic,
// shuffles, votes, shared memory, atomics and branches, with .loc lines).
typedef unsigned int u32;

template <int K>
__global__ void mix(const float* in, float* out, u32* counts, int n) {
  __shared__ float tile[256];
  const u32 tid = threadIdx.x;
  const u32 gid = blockIdx.x * blockDim.x + tid;
  float acc = in[gid % n];
#pragma unroll
  for (int i = 0; i < 6; ++i) {
    acc = fmaf(acc, 1.0f + 0.125f * K, in[(gid + i * K) % n]);
    acc += __shfl_xor_sync(0xffffffffu, acc, (i + K) & 31);
    if (acc > static_cast<float>(K)) acc = sqrtf(acc);
  }
  tile[tid] = acc;
  __syncthreads();
  acc += tile[(tid + K) & 255];
  const u32 ballot = __ballot_sync(0xffffffffu, acc > 0.5f * K);
  if ((tid & 31) == 0) atomicAdd(&counts[K & 7], __popc(ballot));
  out[gid] = acc * __int_as_float(0x3f800000 + (K << 10));
}

#define INST(K) template __global__ void mix<K>(const float*, float*, u32*, int);
INST(1) INST(2) INST(3) INST(4) INST(5) INST(6) INST(7) INST(8) INST(9) INST(10)
INST(11) INST(12) INST(13) INST(14) INST(15) INST(16) INST(17) INST(18) INST(19) INST(20)
INST(21) INST(22) INST(23) INST(24) INST(25) INST(26) INST(27) INST(28) INST(29) INST(30)
INST(31) INST(32) INST(33) INST(34) INST(35) INST(36) INST(37) INST(38) INST(39) INST(40)
INST(41) INST(42) INST(43) INST(44) INST(45) INST(46)
