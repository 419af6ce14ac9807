// PTX: nvcc -arch=sm_90 -O3 -lineinfo -ptx kernel.cu -o kernel.ptx
// Two items published through mbarrier phases. two_phases reuses one
// barrier for both without waiting for the reader: its parity aliases.
// two_barriers gives each item its own barrier.
#include <cstdint>

__device__ __forceinline__ unsigned smem(const void* p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

__device__ __forceinline__ void mbar_init(uint64_t* bar) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(bar)) : "memory");
}

__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}

__device__ __forceinline__ void mbar_wait(uint64_t* bar, unsigned parity) {
  asm volatile(
      "{\n .reg .pred p;\n WAIT_%=:\n mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%0], %1;\n @!p bra WAIT_%=;\n }" ::"r"(
          smem(bar)),
      "r"(parity)
      : "memory");
}

// Lane 0 of warp 0 publishes item k and completes phase k of `ready`; lane 0
// of warp 1 waits for phase k with its parity, k & 1.
__global__ void two_phases(int* out) {
  __shared__ uint64_t ready;
  __shared__ int item[2];
  if (threadIdx.x == 0) {
    mbar_init(&ready);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int k = 0; k < 2; ++k) {
      item[k] = 100 + k;
      mbar_arrive(&ready);
    }
  } else if (threadIdx.x == 32) {
    for (int k = 0; k < 2; ++k) {
      mbar_wait(&ready, k & 1);
      out[k] = item[k];
    }
  }
}

// The fix: one barrier per item, each waited for in its phase 0.
__global__ void two_barriers(int* out) {
  __shared__ uint64_t ready[2];
  __shared__ int item[2];
  if (threadIdx.x == 0) {
    mbar_init(&ready[0]);
    mbar_init(&ready[1]);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int k = 0; k < 2; ++k) {
      item[k] = 100 + k;
      mbar_arrive(&ready[k]);
    }
  } else if (threadIdx.x == 32) {
    for (int k = 0; k < 2; ++k) {
      mbar_wait(&ready[k], 0);
      out[k] = item[k];
    }
  }
}
