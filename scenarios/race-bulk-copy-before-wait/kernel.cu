// Lesson: reading the destination of a bulk copy (TMA, cp.async.bulk) before
// waiting on the mbarrier it completes on, and the fixed order. One block of
// 64 threads; the copy brings in[0..64) into tile[]; out[t] = what thread t
// read of tile[63 - t]. Compiled as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx

__device__ unsigned smemAddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// Thread 0 sets up the barrier for one arrival plus 256 bytes and starts the copy.
__device__ void startCopy(unsigned* tile, unsigned bar, const unsigned* in) {
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // the init, visible to the copy
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 256;" ::"r"(bar) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];"
                 ::"r"(smemAddr(tile)), "l"(__cvta_generic_to_global(in)), "r"(bar) : "memory");
  }
}

__device__ void waitPhase0(unsigned bar) {
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar) : "memory");
}

extern "C" __global__ void bulk_read_before_wait(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[64];
  __shared__ __align__(8) unsigned long long bar;
  startCopy(tile, smemAddr(&bar), in);
  const unsigned early = tile[63 - threadIdx.x];  // the copy may not have landed yet
  waitPhase0(smemAddr(&bar));  // waits only so that no copy is in flight when the CTA exits
  out[threadIdx.x] = early;
}

extern "C" __global__ void bulk_read_after_wait(const unsigned* in, unsigned* out) {
  __shared__ __align__(16) unsigned tile[64];
  __shared__ __align__(8) unsigned long long bar;
  startCopy(tile, smemAddr(&bar), in);
  waitPhase0(smemAddr(&bar));  // phase 0 complete: the arrival came and all 256 bytes landed
  out[threadIdx.x] = tile[63 - threadIdx.x];
}
