// Hardware-golden kernels, family "activemask": activemask.b32 at many sites of
// divergent code. out[site*32+lane] = the mask that lane read at that site
// (out_init sentinel where the lane did not reach the site).
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx activemask.cu -o activemask.ptx
#include "hw_common.cuh"

__device__ __forceinline__ u32 amask() { u32 m; asm volatile("activemask.b32 %0;" : "=r"(m)); return m; }

// Sites: 0 entry; 1 if (in&1); 2 else; 3 after if/else; 4 if (lane<10) without else;
// 5 after it.
extern "C" __global__ void act_ifelse(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  out[0 * 32 + lane] = amask();
  if (v & 1u) out[1 * 32 + lane] = amask();
  else out[2 * 32 + lane] = amask();
  out[3 * 32 + lane] = amask();
  if (lane < 10) out[4 * 32 + lane] = amask();
  out[5 * 32 + lane] = amask();
}

// Nested branches. Sites 0..8.
extern "C" __global__ void act_nested(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  if (lane < 16) {
    out[0 * 32 + lane] = amask();
    if ((lane & 3) == 0) out[1 * 32 + lane] = amask();
    else {
      out[2 * 32 + lane] = amask();
      if (v & 1u) out[3 * 32 + lane] = amask();
    }
    out[4 * 32 + lane] = amask();
  } else {
    if (lane >= 24) out[5 * 32 + lane] = amask();
    out[6 * 32 + lane] = amask();
    if (v & 2u) {
      if (v & 4u) out[7 * 32 + lane] = amask();
    }
  }
  out[8 * 32 + lane] = amask();
}

// Loop with lane-dependent trip count t = in[lane] % 8 (0..7): site i (0..7) is read
// in iteration i; site 8 after the loop; site 9 in a loop with trip count lane % 5
// that records at its last iteration only.
extern "C" __global__ void act_loop(const u32* in, u32* out) {
  u32 lane = lane_id(), t = in[lane] % 8u;
  for (u32 i = 0; i < t; ++i) out[i * 32 + lane] = amask();
  out[8 * 32 + lane] = amask();
  u32 t2 = lane % 5u;
  for (u32 i = 0; i < t2; ++i)
    if (i + 1 == t2) out[9 * 32 + lane] = amask();
  out[10 * 32 + lane] = amask();
}

// Early exits: lanes with lane%3==0 return; site 0; lanes >= 20 return; site 1;
// if (in&1) site 2; site 3.
extern "C" __global__ void act_exit(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  if (lane % 3 == 0) return;
  out[0 * 32 + lane] = amask();
  if (lane >= 20) return;
  out[1 * 32 + lane] = amask();
  if (v & 1u) out[2 * 32 + lane] = amask();
  out[3 * 32 + lane] = amask();
}

// while loop with a data-dependent break: each iteration i (0..7) records the mask
// at the top of the body (site i) and, for lanes that break there, at the break
// (site 8+i); site 16 after the loop.
extern "C" __global__ void act_break(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  u32 i = 0;
  while (i < 8) {
    out[i * 32 + lane] = amask();
    if (((v >> (2 * i)) & 3u) == 0u) { out[(8 + i) * 32 + lane] = amask(); break; }
    ++i;
  }
  out[16 * 32 + lane] = amask();
}
