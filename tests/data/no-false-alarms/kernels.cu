// Correct kernels that warpscope once reported as undefined behaviour (issue
// 28, item 2: no false alarms). Each takes (const unsigned* in, unsigned* out)
// and is launched as one block of 64 threads; tests/core/no_false_alarms_test.cpp
// runs each in strict and hardware mode and expects no diagnostic at all.
#include <cooperative_groups.h>
#include <cstring>
namespace cg = cooperative_groups;

// cooperative_groups' invoke_one_broadcast: only the elected lane computes
// the value; every lane passes its (unset) copy into shfl.sync.idx and
// receives the leader's. The other lanes' copies are never used.
extern "C" __global__ void invoke_one_broadcast(const unsigned* in, unsigned* out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned slot = cg::invoke_one_broadcast(warp, [&]() { return atomicAdd(&out[64], 32u); });
  out[threadIdx.x] = slot + warp.thread_rank() + in[threadIdx.x];
}

struct KeyValue {
  unsigned key, value;
};

// nvcc packs a struct into one 64-bit register to shuffle it, also where
// only one half is set (`mov.b64 %rd9, {%r2, %r18}`, %r18 set by the leader
// alone); every lane then receives the leader's whole struct.
extern "C" __global__ void pack_undefined_half(const unsigned* in, unsigned* out) {
  const unsigned t = threadIdx.x, lane = t % 32;
  KeyValue x;
  x.key = in[t];
  if (lane == 0) x.value = atomicAdd(&out[64], 32u);
  unsigned long long p;
  memcpy(&p, &x, sizeof p);
  p = __shfl_sync(0xffffffffu, p, 0);
  memcpy(&x, &p, sizeof x);
  out[t] = x.key + x.value + lane;
}

// __syncthreads() where the branches of `if (lane == 0)` rejoin: every
// thread reaches it, lane 0 last (it backs off with __nanosleep before it
// publishes its warp's sum, while lanes 1-31 go straight to the barrier).
extern "C" __global__ void rejoin_barrier(const unsigned* in, unsigned* out) {
  __shared__ unsigned warp_sum[2];
  const unsigned t = threadIdx.x, lane = t % 32, w = t / 32;
  unsigned v = in[t];
  for (int d = 16; d > 0; d >>= 1) v += __shfl_xor_sync(0xffffffffu, v, d);
  if (lane == 0) {
    __nanosleep(100);
    warp_sum[w] = v;
    out[64 + w] = v;
  }
  __syncthreads();
  out[t] = warp_sum[0] + warp_sum[1];
}

// The CUDA programming guide's example for independent thread scheduling:
// two call sites of one __shfl_xor_sync, allowed from sm_70.
extern "C" __global__ void two_shuffle_sites(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  unsigned v = in[threadIdx.x];
  if (lane < 16) {
    v = v * 2u;
    out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, v, 16) + 1000u;
  } else {
    v = v + 100u;
    out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, v, 16) * 3u;
  }
}
