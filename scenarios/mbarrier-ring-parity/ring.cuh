#pragma once
// The two-slot ring of this lesson, shared by buggy.cu and fixed.cu: a
// producer thread and a consumer thread, each slot guarded by a `full` and
// an `empty` mbarrier (the pipeline of CUTLASS's PipelineAsync, by hand).
// Each kernel is compiled into a PTX module of its own: warpscope gives
// every warp the registers of the whole module, and its hang check waits a
// stretch of steps in proportion to the state. With both kernels in one
// module the broken one ran 11,520 steps before its hang was reported,
// 6,144 alone.
#include <cstdint>

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbarInit(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbarArrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}
// Returns once the phase of `bar` whose parity is `parity` has completed.
__device__ __forceinline__ void mbarWait(uint64_t* bar, unsigned parity) {
  asm volatile(
      "{\n"
      " .reg .pred done;\n"
      " WAIT_%=:\n"
      " mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 done, [%0], %1;\n"
      " @!done bra WAIT_%=;\n"
      "}" ::"r"(smem(bar)),
      "r"(parity)
      : "memory");
}

constexpr int kSlots = 2;

// Lane 0 of warp 0 produces n items (item i is 10 i + 1) into the ring;
// lane 0 of warp 1 takes them out in order into out[0..n).
template <bool ForgetXor>
__device__ void ring(int* out, int n) {
  __shared__ uint64_t full[kSlots], empty[kSlots];
  __shared__ int slot[kSlots];
  if (threadIdx.x == 0) {
    for (int s = 0; s < kSlots; ++s) {
      mbarInit(&full[s], 1);   // the producer's one arrival fills slot s
      mbarInit(&empty[s], 1);  // the consumer's one arrival frees it
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0 && lane == 0) {
    int s = 0;
    unsigned phase = 0;  // parity of the round the ring is in: flips each time s wraps
#pragma unroll 1  // one wait per loop in the PTX, for the narration to point at
    for (int i = 0; i < n; ++i) {
      // Round r may reuse slot s once the consumer freed it in round r - 1:
      // phase r - 1 of empty[s], parity phase ^ 1. In round 0 that is
      // "phase -1", which a fresh barrier counts as complete.
      mbarWait(&empty[s], ForgetXor ? phase : phase ^ 1);
      slot[s] = 10 * i + 1;
      mbarArrive(&full[s]);
      if (++s == kSlots) {
        s = 0;
        phase ^= 1;
      }
    }
  } else if (warp == 1 && lane == 0) {
    int s = 0;
    unsigned phase = 0;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      mbarWait(&full[s], phase);  // round r's item is phase r of full[s]
      out[i] = slot[s];
      mbarArrive(&empty[s]);
      if (++s == kSlots) {
        s = 0;
        phase ^= 1;
      }
    }
  }
}
