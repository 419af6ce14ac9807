// Hardware-golden kernels, family "redasync": red.async.relaxed.cluster.shared::cluster
// .mbarrier::complete_tx::bytes with every op/type, from one CTA into another CTA's
// shared memory of the same cluster; the receiving CTA waits on its own mbarrier with
// expect_tx of the total byte count. Launched as clusters (see the JSON "cluster").
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx redasync.cu -o redasync.ptx
#include <cooperative_groups.h>
#include "hw_common.cuh"
namespace cg = cooperative_groups;

static __device__ __forceinline__ u32 mapa(u32 addr, u32 rank) {
  u32 r; asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank)); return r;
}
static __device__ __forceinline__ void wait_parity0(u32 bar) {
  u32 done = 0;
  while (!done)
    asm volatile("{ .reg .pred q; mbarrier.try_wait.parity.shared.b64 q, [%1], 0; selp.u32 %0, 1, 0, q; }" : "=r"(done) : "r"(bar) : "memory");
}

// Cluster of 2, 32 threads per CTA. CTA 1 holds 12 arrays of 32 cells (32-bit arrays
// k = 0..10 at words [32k, 32k+32), then one u64 array at words [352, 416), then
// array 12 at words [416, 424)); acc[i] is initialised from in[i] for i < 424. CTA 0 lane l issues, for each array, one red.async
// into cell l of CTA 1 with operand in[416 + (array word index)]:
//  0 add.u32 1 add.s32 2 min.u32 3 max.u32 4 min.s32 5 max.s32 6 inc.u32 7 dec.u32
//  8 and.b32 9 or.b32 10 xor.b32 11 add.u64
// plus array 12 (words [416, 424), 8 cells): CTA 0 lane l does add.u32 of in[832 + l]
// into cell l % 8 (4 lanes per cell). CTA 1 expects 11*128 + 256 + 128 = 1792 bytes.
// out[0..424) = CTA 1's arrays after the wait.
extern "C" __global__ void redasync_ops(const u32* in, u32* out) {
  __shared__ __align__(16) u32 acc[424];
  __shared__ u64 bar_mem;
  auto cluster = cg::this_cluster();
  u32 rank = cluster.block_rank(), lane = threadIdx.x, bar = smem(&bar_mem);
  for (u32 i = lane; i < 424; i += 32) acc[i] = in[i];
  if (lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;");
    if (rank == 1) asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 1792;" :: "r"(bar));
  }
  cluster.sync();
  if (rank == 0) {
    u32 rbar = mapa(bar, 1);
    const u32* b = in + 416;
#define RA(K, OP) { u32 ra = mapa(smem(&acc[(K) * 32 + lane]), 1);                                      \
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes." OP " [%0], %1, [%2];" \
                 :: "r"(ra), "r"(b[(K) * 32 + lane]), "r"(rbar) : "memory"); }
    RA(0, "add.u32") RA(1, "add.s32") RA(2, "min.u32") RA(3, "max.u32") RA(4, "min.s32") RA(5, "max.s32")
    RA(6, "inc.u32") RA(7, "dec.u32") RA(8, "and.b32") RA(9, "or.b32") RA(10, "xor.b32")
#undef RA
    { u32 ra = mapa(smem(&acc[352 + 2 * lane]), 1);
      u64 v = mk64(b[352 + 2 * lane], b[352 + 2 * lane + 1]);
      asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u64 [%0], %1, [%2];"
                   :: "r"(ra), "l"(v), "r"(rbar) : "memory"); }
    { u32 ra = mapa(smem(&acc[416 + (lane % 8)]), 1);
      asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                   :: "r"(ra), "r"(in[832 + lane]), "r"(rbar) : "memory"); }
  } else {
    wait_parity0(bar);
    for (u32 i = lane; i < 424; i += 32) out[i] = acc[i];
  }
  cluster.sync();
}

// Cluster of 4 (grid 4), 32 threads per CTA. Every CTA r holds acc[64] initialised to
// in[r*64 + i]; every CTA adds (add.u32) into next rank's acc[0..32) the operand
// in[256 + r*32 + lane] and xors (xor.b32) into next rank's acc[32..64) the operand
// in[384 + r*32 + lane]. Each CTA expects 256 bytes on its own mbarrier.
// out[r*64 + i] = CTA r's acc[i] after its wait.
extern "C" __global__ void redasync_ring4(const u32* in, u32* out) {
  __shared__ u32 acc[64];
  __shared__ u64 bar_mem;
  auto cluster = cg::this_cluster();
  u32 rank = cluster.block_rank(), lane = threadIdx.x, bar = smem(&bar_mem);
  u32 nranks = cluster.num_blocks();
  acc[lane] = in[rank * 64 + lane];
  acc[32 + lane] = in[rank * 64 + 32 + lane];
  if (lane == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 256;" :: "r"(bar));
  }
  cluster.sync();
  u32 next = (rank + 1) % nranks;
  u32 rbar = mapa(bar, next);
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
               :: "r"(mapa(smem(&acc[lane]), next)), "r"(in[256 + rank * 32 + lane]), "r"(rbar) : "memory");
  asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32 [%0], %1, [%2];"
               :: "r"(mapa(smem(&acc[32 + lane]), next)), "r"(in[384 + rank * 32 + lane]), "r"(rbar) : "memory");
  wait_parity0(bar);
  out[rank * 64 + lane] = acc[lane];
  out[rank * 64 + 32 + lane] = acc[32 + lane];
  cluster.sync();
}
