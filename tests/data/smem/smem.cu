// Shared-memory layout as ptxas and the driver make it, per entry: the
// special registers that describe it and the shared-window addresses of
// static and dynamic (extern) shared arrays. Recorded on an H100 so the
// engine's layout (core/ptx/shared_layout) can be checked against it.
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx smem.cu -o smem.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
typedef unsigned u32;

#define SREG(name) ({ u32 v_; asm volatile("mov.u32 %0, %%" #name ";" : "=r"(v_)); v_; })
__device__ __forceinline__ u32 saddr(const void* p) { return (u32)__cvta_generic_to_shared(p); }

__shared__ u32 shared_a[5];             // used by smem_two_vars and smem_regs
__shared__ double shared_b[3];          // used by smem_regs only
__shared__ unsigned char shared_c[7];   // used by smem_two_vars only
extern __shared__ u32 dyn[];            // one dynamic window per launch

// out[0..7]: the special registers; out[8..11]: addresses; out[12..]: a
// round trip through every array so the values are real.
extern "C" __global__ void smem_regs(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  if (t < 5) shared_a[t] = in[t];
  if (t < 3) shared_b[t] = in[t] * 0.5;
  dyn[t] = in[t] + 1;
  __syncthreads();
  if (t == 0) {
    out[0] = SREG(reserved_smem_offset_begin);
    out[1] = SREG(reserved_smem_offset_end);
    out[2] = SREG(reserved_smem_offset_cap);
    out[3] = SREG(reserved_smem_offset_0);
    out[4] = SREG(reserved_smem_offset_1);
    out[5] = SREG(total_smem_size);
    out[6] = SREG(aggr_smem_size);
    out[7] = SREG(dynamic_smem_size);
    out[8] = saddr(shared_a);
    out[9] = saddr(shared_b);
    out[10] = saddr(dyn);
    out[11] = saddr(&dyn[blockDim.x - 1]);
  }
  out[12 + t] = dyn[(t + 1) % blockDim.x] + shared_a[t % 5] + (u32)shared_b[t % 3];
}

extern "C" __global__ void smem_two_vars(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  if (t < 7) shared_c[t] = (unsigned char)in[t];
  if (t < 5) shared_a[t] = in[t] * 3;
  dyn[t] = in[t] ^ 0x55;
  __syncthreads();
  if (t == 0) {
    out[0] = SREG(total_smem_size);
    out[1] = SREG(aggr_smem_size);
    out[2] = SREG(dynamic_smem_size);
    out[3] = saddr(shared_a);
    out[4] = saddr(shared_c);
    out[5] = saddr(dyn);
  }
  out[8 + t] = dyn[(t + 3) % blockDim.x] + shared_a[t % 5] + shared_c[t % 7];
}

// Only dynamic shared memory: where does the window start with no statics?
extern "C" __global__ void smem_dyn_only(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  dyn[t] = in[t] * 7;
  __syncthreads();
  if (t == 0) {
    out[0] = SREG(total_smem_size);
    out[1] = SREG(dynamic_smem_size);
    out[2] = saddr(dyn);
    out[3] = SREG(reserved_smem_offset_1);
  }
  out[4 + t] = dyn[blockDim.x - 1 - t];
}

// A multi-warp tile (cg::tiled_partition<64>) keeps its scratch in the
// reserved shared memory that %reserved_smem_offset_1 points at.
extern "C" __global__ void smem_cg_tile64(const u32* in, u32* out) {
  __shared__ cg::block_tile_memory<128> scratch;
  auto block = cg::this_thread_block(scratch);
  auto tile = cg::tiled_partition<64>(block);
  u32 v = in[threadIdx.x];
  out[threadIdx.x] = cg::reduce(tile, v, cg::plus<u32>());
  out[128 + threadIdx.x] = tile.thread_rank() + 1000 * tile.meta_group_rank();
  if (threadIdx.x == 0) {
    out[256] = SREG(reserved_smem_offset_1);
    out[257] = SREG(total_smem_size);
  }
}
