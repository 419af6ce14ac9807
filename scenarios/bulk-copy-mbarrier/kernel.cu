// One TMA bulk copy (cp.async.bulk) waited for with an mbarrier. Compiled
// exactly as users do:
//   nvcc -O3 -std=c++17 -arch=sm_90a -ptx kernel.cu -o kernel.ptx

// ---------------------------------------------------------------------------
// Lesson: a bulk copy (TMA) with an mbarrier
// Launch: 1 block of 64 threads. in[0..64) = 64 words (256 bytes) to copy,
// out[i] = 2 * in[63 - i] (each thread reads a word that the copy brought in).
// ---------------------------------------------------------------------------
extern "C" __global__ void lesson_bulk_copy_mbarrier(const unsigned* in, unsigned* out) {
  // Shared memory for the data (bulk copies need 16-byte alignment) and the barrier.
  __shared__ __align__(16) unsigned tile[64];
  __shared__ __align__(8) unsigned long long barrier;

  // PTX wants 32-bit shared-memory addresses and a global address for the source.
  unsigned tile_addr = (unsigned)__cvta_generic_to_shared(tile);
  unsigned bar_addr = (unsigned)__cvta_generic_to_shared(&barrier);
  unsigned long long src = (unsigned long long)__cvta_generic_to_global(in);
  const unsigned bytes = 64 * sizeof(unsigned);  // 256

  // 1. Thread 0 sets up the barrier: it expects ONE arrival (thread 0's own).
  //    The fence makes the new barrier visible to the copy engine (the "async proxy").
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar_addr) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();  // nobody may use the barrier before it exists

  // 2. Thread 0 arrives and says "also wait for 256 bytes" (expect_tx), then starts the
  //    copy. The copy counts its bytes down on the same barrier (complete_tx).
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar_addr), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(tile_addr), "l"(src), "r"(bytes), "r"(bar_addr)
                 : "memory");
  }

  // 3. Everybody waits until phase 0 of the barrier is complete: the arrival happened
  //    AND all 256 bytes landed. try_wait.parity returns false while phase 0 is open.
  unsigned done = 0;
  while (!done) {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar_addr)
                 : "memory");
  }

  // 4. The data is in shared memory now: read a word another thread "owns".
  out[threadIdx.x] = 2 * tile[63 - threadIdx.x];
}
