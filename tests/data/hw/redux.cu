// Hardware-golden kernels, family "redux": redux.sync add/min/max on .u32/.s32 and
// and/or/xor on .b32, full warp, partial masks in branches, exited lanes, and the
// undefined case of a full member mask executed by half the warp.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx redux.cu -o redux.ptx
#include "hw_common.cuh"

// 9 rows: add.u32 add.s32 min.u32 min.s32 max.u32 max.s32 and.b32 or.b32 xor.b32
__device__ __forceinline__ void redux9(u32* o, u32 lane, u32 v, u32 m) {
  u32 r[9];
  asm volatile("redux.sync.add.u32 %0, %1, %2;" : "=r"(r[0]) : "r"(v), "r"(m));
  asm volatile("redux.sync.add.s32 %0, %1, %2;" : "=r"(r[1]) : "r"(v), "r"(m));
  asm volatile("redux.sync.min.u32 %0, %1, %2;" : "=r"(r[2]) : "r"(v), "r"(m));
  asm volatile("redux.sync.min.s32 %0, %1, %2;" : "=r"(r[3]) : "r"(v), "r"(m));
  asm volatile("redux.sync.max.u32 %0, %1, %2;" : "=r"(r[4]) : "r"(v), "r"(m));
  asm volatile("redux.sync.max.s32 %0, %1, %2;" : "=r"(r[5]) : "r"(v), "r"(m));
  asm volatile("redux.sync.and.b32 %0, %1, %2;" : "=r"(r[6]) : "r"(v), "r"(m));
  asm volatile("redux.sync.or.b32 %0, %1, %2;" : "=r"(r[7]) : "r"(v), "r"(m));
  asm volatile("redux.sync.xor.b32 %0, %1, %2;" : "=r"(r[8]) : "r"(v), "r"(m));
  for (int k = 0; k < 9; ++k) o[k * 32 + lane] = r[k];
}

// Full warp: [0..8] random values; [9..17] small signed values in[32+lane].
extern "C" __global__ void redux_full(const u32* in, u32* out) {
  u32 lane = lane_id();
  redux9(out, lane, in[lane], 0xffffffffu);
  redux9(out + 9 * 32, lane, in[32 + lane], 0xffffffffu);
}

// Partial masks executed exactly by the mask's lanes (defined).
// [0..8] lanes<16 0xffff; [9..17] else 0xffff0000; [18..26] odd lanes 0xaaaaaaaa;
// [27..35] lanes%3==0 0x49249249; [36..44] single lane 7, mask 0x80.
extern "C" __global__ void redux_partial_branch(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  if (lane < 16) redux9(out, lane, v, 0x0000ffffu);
  else redux9(out + 9 * 32, lane, v, 0xffff0000u);
  if (lane & 1) redux9(out + 18 * 32, lane, v, 0xaaaaaaaau);
  if (lane % 3 == 0) redux9(out + 27 * 32, lane, v, 0x49249249u);
  if (lane == 7) redux9(out + 36 * 32, lane, v, 0x80u);
}

// UNDEFINED per the ISA: membermask names all 32 lanes but only lanes 0..15
// execute it (lanes 16..31 skip the branch, write their own word, then exit).
extern "C" __global__ void redux_undef_half_branch(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  if (lane < 16) out[lane] = __reduce_add_sync(0xffffffffu, v);
  else out[lane] = 0x11110000u + lane;
}

// Same with lanes 16..31 exited first (defined: exited lanes do not take part).
// [0] add (C++), then [1..9] all nine forms.
extern "C" __global__ void redux_exited16(const u32* in, u32* out) {
  u32 lane = lane_id(), v = in[lane];
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
  if (lane >= 16) return;
  out[lane] = __reduce_add_sync(0xffffffffu, v);
  redux9(out + 32, lane, v, 0xffffffffu);
}

// Lanes 0..15 pass mask 0x0000ffff and 16..31 pass 0xffff0000, whole warp converged.
extern "C" __global__ void redux_split_mask(const u32* in, u32* out) {
  u32 lane = lane_id();
  redux9(out, lane, in[lane], lane < 16 ? 0x0000ffffu : 0xffff0000u);
}
