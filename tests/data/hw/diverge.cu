// Hardware-golden kernels, family "diverge": reconvergence after divergent control
// flow, observed through shuffles, votes, activemask and __syncwarp.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx diverge.cu -o diverge.ptx
#include "hw_common.cuh"

__device__ __forceinline__ u32 amask() { u32 m; asm volatile("activemask.b32 %0;" : "=r"(m)); return m; }

// if/else computing different values, then full-warp collectives after the join.
// rows: 0 x; 1 shfl idx (lane+5)&31; 2 shfl_down 1; 3 ballot(x&1); 4 all(x<2^31);
// 5 activemask after the join; 6 activemask in the if; 7 activemask in the else.
extern "C" __global__ void div_ifelse(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], x;
  if (v & 4u) { x = v * 3u + 1u; out[6 * 32 + lane] = amask(); }
  else { x = v ^ 0xabcdu; out[7 * 32 + lane] = amask(); }
  out[0 * 32 + lane] = x;
  out[1 * 32 + lane] = __shfl_sync(0xffffffffu, x, (int)((lane + 5) & 31));
  out[2 * 32 + lane] = __shfl_down_sync(0xffffffffu, x, 1);
  out[3 * 32 + lane] = __ballot_sync(0xffffffffu, x & 1u);
  out[4 * 32 + lane] = __all_sync(0xffffffffu, x < 0x80000000u);
  out[5 * 32 + lane] = amask();
}

// Loop with lane-dependent trip count n = in[lane] % 6; in iteration i the active
// lanes ballot with the mask they compute as __ballot_sync(0xffffffff, i < n) before
// entering (the documented pattern): row i (0..5) = ballot(acc&1) among active lanes,
// row 6+i = the member mask used; then acc += acc of the highest lane in m. After the loop: row 12 = acc, row 13 = shfl xor 1
// of acc with the full mask, row 14 = redux add of acc.
extern "C" __global__ void div_loop_trip(const u32* in, u32* out) {
  u32 lane = lane_id(), n = in[lane] % 6u, acc = lane;
  for (u32 i = 0; i < 6; ++i) {
    u32 m = __ballot_sync(0xffffffffu, i < n);
    if (i < n) {
      acc = acc * 7u + i;
      out[i * 32 + lane] = __ballot_sync(m, acc & 1u);
      out[(6 + i) * 32 + lane] = m;
      acc += __shfl_sync(m, acc, 31 - __clz((int)m));
    }
  }
  out[12 * 32 + lane] = acc;
  out[13 * 32 + lane] = __shfl_xor_sync(0xffffffffu, acc, 1);
  out[14 * 32 + lane] = __reduce_add_sync(0xffffffffu, acc);
}

// Nested branch, then collectives after it. rows: 0 y; 1 shfl idx 31-lane; 2 any(y>v);
// 3 match_any(y%4); 4 activemask after; 5..8 activemask at the four leaves.
extern "C" __global__ void div_nested(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], y;
  if (lane < 16) {
    if (v & 1u) { y = v + 1u; out[5 * 32 + lane] = amask(); }
    else { y = v - 1u; out[6 * 32 + lane] = amask(); }
  } else {
    if (lane & 2u) { y = v << 1; out[7 * 32 + lane] = amask(); }
    else { y = v >> 1; out[8 * 32 + lane] = amask(); }
  }
  out[0 * 32 + lane] = y;
  out[1 * 32 + lane] = __shfl_sync(0xffffffffu, y, 31 - (int)lane);
  out[2 * 32 + lane] = __any_sync(0xffffffffu, y > v);
  out[3 * 32 + lane] = __match_any_sync(0xffffffffu, y % 4u);
  out[4 * 32 + lane] = amask();
}

// __syncwarp in divergent code with a shared-memory exchange.
// Lanes write buf[lane] in an if/else, __syncwarp(), read buf[(lane+1)&31] -> row 0.
// Inside `if (lane < 16)`: write buf2[lane], __syncwarp(0x0000ffff), read buf2[lane^8]
// -> row 1. Odd lanes: __syncwarp(0xaaaaaaaa) then activemask -> row 2.
// After everything: __syncwarp(); activemask -> row 3.
extern "C" __global__ void div_syncwarp(const u32* in, u32* out) {
  __shared__ u32 buf[32], buf2[32];
  u32 lane = lane_id(), v = in[lane];
  if (v & 1u) buf[lane] = v + 100u;
  else buf[lane] = v ^ 0xffu;
  __syncwarp();
  out[0 * 32 + lane] = buf[(lane + 1) & 31];
  if (lane < 16) {
    buf2[lane] = v * 5u;
    __syncwarp(0x0000ffffu);
    out[1 * 32 + lane] = buf2[lane ^ 8];
  }
  if (lane & 1) {
    __syncwarp(0xaaaaaaaau);
    out[2 * 32 + lane] = amask();
  }
  __syncwarp();
  out[3 * 32 + lane] = amask();
}

// Lanes leave a loop at different iterations (break when a data-dependent condition
// holds, at most 8 iterations); after the loop a full-mask __shfl_sync.
// rows: 0 iteration count k; 1 value s; 2 shfl idx (lane*7)&31 of s; 3 shfl_up 2 of s;
// 4 ballot(k>3); 5 activemask after the loop.
extern "C" __global__ void div_loop_exit_shfl(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane], s = lane, k = 0;
  while (k < 8) {
    s = s * 31u + (v >> (4 * k));
    ++k;
    if (((v >> (4 * (k - 1))) & 7u) == 0u) break;
  }
  out[0 * 32 + lane] = k;
  out[1 * 32 + lane] = s;
  out[2 * 32 + lane] = __shfl_sync(0xffffffffu, s, (int)((lane * 7) & 31));
  out[3 * 32 + lane] = __shfl_up_sync(0xffffffffu, s, 2);
  out[4 * 32 + lane] = __ballot_sync(0xffffffffu, k > 3);
  out[5 * 32 + lane] = amask();
}

// Lanes return early at different points; the survivors keep using full-mask
// collectives. rows: 0 ballot after first exits (lane%4==3 return); 1 shfl xor 4;
// 2 after second exits (v&1 return): any(v&2); 3 reduce add; 4 activemask.
extern "C" __global__ void div_early_return(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if ((lane & 3) == 3) return;
  out[0 * 32 + lane] = __ballot_sync(0xffffffffu, v & 4u);
  out[1 * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, 4);
  if (v & 1u) return;
  out[2 * 32 + lane] = __any_sync(0xffffffffu, v & 2u);
  out[3 * 32 + lane] = __reduce_add_sync(0xffffffffu, v);
  out[4 * 32 + lane] = amask();
}
