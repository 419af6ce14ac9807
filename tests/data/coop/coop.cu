// Cooperative launches: cooperative_groups::this_grid() reads the grid
// workspace the driver hands a cudaLaunchCooperativeKernel launch
// (%envreg1:%envreg2) and grid.sync() counts arrivals there.
//   nvcc -O3 -std=c++17 -arch=sm_90a -ptx coop.cu
// Recorded with tests/data/printf/rec_launch.cu ... coop (README.md).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
typedef unsigned int u32;

// Every thread counts itself in out[0], the grid syncs, every thread reads
// the total: out[1 + global thread] = blocks * threads.
extern "C" __global__ void grid_sync_count(const u32* in, u32* out) {
  cg::grid_group g = cg::this_grid();
  atomicAdd(out, 1u);
  g.sync();
  out[1 + g.thread_rank()] = out[0];
}

// The samples' multi-block reduction: each block sums its slice into
// partial[block] (out[64 + block]), the grid syncs, block 0 sums the
// partials into out[0]; a second sync, then every block reads the total.
extern "C" __global__ void grid_reduce(const u32* in, u32* out) {
  cg::grid_group g = cg::this_grid();
  cg::thread_block b = cg::this_thread_block();
  __shared__ u32 s[64];
  s[b.thread_rank()] = in[g.thread_rank()];
  b.sync();
  for (u32 k = 32; k > 0; k >>= 1) {
    if (b.thread_rank() < k) s[b.thread_rank()] += s[b.thread_rank() + k];
    b.sync();
  }
  if (b.thread_rank() == 0) out[64 + blockIdx.x] = s[0];
  g.sync();
  if (g.thread_rank() == 0) {
    u32 t = 0;
    for (u32 i = 0; i < g.num_blocks(); ++i) t += out[64 + i];
    out[0] = t;
  }
  g.sync();
  if (b.thread_rank() == 0) out[32 + blockIdx.x] = out[0];
}

// What the grid group reports.
extern "C" __global__ void grid_info(const u32* in, u32* out) {
  cg::grid_group g = cg::this_grid();
  const u32 t = g.thread_rank();
  if (t < 8) {
    const u32 v[8] = {g.is_valid() ? 1u : 0u, static_cast<u32>(g.size()), static_cast<u32>(g.num_threads()),
                      static_cast<u32>(g.num_blocks()), static_cast<u32>(g.block_rank()), g.dim_blocks().x,
                      g.block_index().x, t};
    out[t] = v[t];
  }
  g.sync();
  out[8 + t] = g.block_rank() * 1000 + static_cast<u32>(g.thread_rank());
}
