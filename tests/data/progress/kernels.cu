// Forward progress and hangs (issue 28, items 3 and 4): locks taken by lanes
// of one warp, which finish since Volta's independent thread scheduling, and
// three polling loops whose condition nothing left can change.
//   nvcc -O3 -arch=sm_90a -ptx kernels.cu -o kernels.ptx
#include <cstdint>

namespace {

__device__ __forceinline__ std::uint32_t smem(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbarInit(std::uint64_t* bar, std::uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbarArrive(std::uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}
__device__ __forceinline__ void mbarArriveExpectTx(std::uint64_t* bar, std::uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ bool mbarTryWait(std::uint64_t* bar, std::uint32_t parity) {
  std::uint32_t ok;
  asm volatile(
      "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
      : "=r"(ok)
      : "r"(smem(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ void mbarWait(std::uint64_t* bar, std::uint32_t parity) {
  while (!mbarTryWait(bar, parity)) {
  }
}

}  // namespace

// Every thread takes one global spin lock: lanes of one warp contend for it.
// out[0] counts the critical sections (a plain read-modify-write the lock
// protects); out[1 + t] is the count thread t saw (its turn).
extern "C" __global__ void intra_warp_lock(int* lock, int* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  const int seen = *(volatile int*)&out[0];
  *(volatile int*)&out[0] = seen + 1;
  out[1 + t] = seen;
  __threadfence();
  atomicExch(lock, 0);
}

// A ticket lock: each thread draws a ticket and waits until it is served.
// out[0] counts the critical sections; out[1 + ticket] = the thread served.
extern "C" __global__ void ticket_lock(unsigned* next, unsigned* serving, int* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned ticket = atomicAdd(next, 1u);
  while (*(volatile unsigned*)serving != ticket) {
  }
  __threadfence();
  const int seen = *(volatile int*)&out[0];
  *(volatile int*)&out[0] = seen + 1;
  out[1 + ticket] = t;
  __threadfence();
  atomicExch(serving, ticket + 1);
}

// Per-bucket locks: thread t adds t + 1 to bucket t % nbuckets under that
// bucket's lock (a plain read-modify-write), so lanes of one warp contend
// for each lock. sums[b] = the sum of t + 1 over the threads of bucket b.
extern "C" __global__ void bucket_locks(int* locks, int* sums, int nbuckets) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = t % nbuckets;
  while (atomicCAS(&locks[b], 0, 1) != 0) {
  }
  const int v = *(volatile int*)&sums[b];
  *(volatile int*)&sums[b] = v + t + 1;
  __threadfence();
  atomicExch(&locks[b], 0);
}

// Hang: the mbarrier expects 1024 transaction bytes, the bulk copy brings
// 512. Every thread polls try_wait for a phase that never completes.
extern "C" __global__ void mismatched_tx(const int* src, int* out) {
  __shared__ alignas(128) int buf[256];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    mbarInit(&bar, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbarArriveExpectTx(&bar, 1024);
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     smem(buf)),
                 "l"(src), "r"(512), "r"(smem(&bar))
                 : "memory");
  }
  mbarWait(&bar, 0);
  out[threadIdx.x] = buf[threadIdx.x];
}

// Hang: a two-slot producer/consumer ring. Warp 0 produces, warp 1 consumes.
// The producer must not wait for a slot's first release (CUTLASS starts its
// empty-barrier parity at 1: the phase before the first counts as complete);
// this one starts at 0, so it waits for the consumer, which waits for it.
extern "C" __global__ void wrong_parity(const int* in, int* out, int n) {
  __shared__ int slot[2][32];
  __shared__ std::uint64_t full[2], empty[2];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 2; ++s) {
      mbarInit(&full[s], 32);
      mbarInit(&empty[s], 32);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (warp == 0) {
    for (int i = 0; i < n; ++i) {
      const int s = i % 2;
      mbarWait(&empty[s], (i / 2) & 1);  // bug: the first round must wait on parity 1
      slot[s][lane] = in[i * 32 + lane];
      mbarArrive(&full[s]);
    }
  } else if (warp == 1) {
    int acc = 0;
    for (int i = 0; i < n; ++i) {
      const int s = i % 2;
      mbarWait(&full[s], (i / 2) & 1);
      acc += slot[s][lane];
      mbarArrive(&empty[s]);
    }
    out[lane] = acc;
  }
}

// Hang: every thread waits for a flag that nothing sets.
extern "C" __global__ void unset_flag(const int* flag, int* out) {
  while (*(volatile const int*)flag == 0) {
  }
  out[threadIdx.x] = 1;
}
