// Hardware-golden kernels, family "vote": vote.sync all/any/uni/ballot with
// negated predicates, partial member masks inside branches, exited lanes.
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx vote.cu -o vote.ptx
#include "hw_common.cuh"

// Writes 8 words-per-lane rows for predicate x under membermask M (a register):
// all p, all !p (.none), any p, any !p (.not_all), uni p, uni !p, ballot p, ballot !p.
__device__ __forceinline__ void vote8(u32* o, u32 lane, u32 x, u32 m) {
  u32 r[8];
  asm volatile(
      "{ .reg .pred p, q;\n\t"
      "setp.ne.u32 p, %8, 0;\n\t"
      "vote.sync.all.pred q, p, %9;  selp.u32 %0, 1, 0, q;\n\t"
      "vote.sync.all.pred q, !p, %9; selp.u32 %1, 1, 0, q;\n\t"
      "vote.sync.any.pred q, p, %9;  selp.u32 %2, 1, 0, q;\n\t"
      "vote.sync.any.pred q, !p, %9; selp.u32 %3, 1, 0, q;\n\t"
      "vote.sync.uni.pred q, p, %9;  selp.u32 %4, 1, 0, q;\n\t"
      "vote.sync.uni.pred q, !p, %9; selp.u32 %5, 1, 0, q;\n\t"
      "vote.sync.ballot.b32 %6, p, %9;\n\t"
      "vote.sync.ballot.b32 %7, !p, %9;\n\t"
      "}"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
      : "r"(x), "r"(m));
  for (int k = 0; k < 8; ++k) o[k * 32 + lane] = r[k];
}

// Full warp, four predicates: in&1 (random), always true, always false, lane<16.
// out[(pi*8+k)*32+lane].
extern "C" __global__ void vote_negated(const u32* in, u32* out) {
  u32 lane = lane_id();
  vote8(out + 0 * 256, lane, in[lane] & 1u, 0xffffffffu);
  vote8(out + 1 * 256, lane, 1u, 0xffffffffu);
  vote8(out + 2 * 256, lane, 0u, 0xffffffffu);
  vote8(out + 3 * 256, lane, lane < 16, 0xffffffffu);
}

// Partial masks executed only by the lanes in the mask (defined).
// Rows: [0] lanes<16 mask 0xffff; [1] else branch mask 0xffff0000;
// [2] odd lanes mask 0xaaaaaaaa; [3] lanes%3==0 mask 0x49249249 with predicate
// true for all of them (uni/all true); [4] C++ intrinsics in lanes<16.
extern "C" __global__ void vote_partial_branch(const u32* in, u32* out) {
  u32 lane = lane_id(), x = in[lane] & 1u;
  if (lane < 16) vote8(out + 0 * 256, lane, x, 0x0000ffffu);
  else vote8(out + 1 * 256, lane, x, 0xffff0000u);
  if (lane & 1) vote8(out + 2 * 256, lane, x, 0xaaaaaaaau);
  if (lane % 3 == 0) vote8(out + 3 * 256, lane, 1u, 0x49249249u);
  if (lane < 16) {
    out[4 * 256 + 0 * 32 + lane] = __all_sync(0x0000ffffu, x);
    out[4 * 256 + 1 * 32 + lane] = __any_sync(0x0000ffffu, x);
    out[4 * 256 + 2 * 32 + lane] = __uni_sync(0x0000ffffu, x);
    out[4 * 256 + 3 * 32 + lane] = __ballot_sync(0x0000ffffu, x);
  }
}

// Lanes >= 20 and lane 3 exit first, then full-mask votes (exited lanes do not count).
// Rows: [0] predicate in&1; [1] predicate true (all must be 1 over live lanes);
// [2] predicate (in&1) with mask 0x000fffff (exact set of survivors plus lane 3).
extern "C" __global__ void vote_exited(const u32* in, u32* out) {
  u32 lane = lane_id(), x = in[lane] & 1u;
  asm volatile("mov.b32 %0, %0;" : "+r"(x));
  if (lane >= 20 || lane == 3) return;
  vote8(out + 0 * 256, lane, x, 0xffffffffu);
  vote8(out + 1 * 256, lane, 1u, 0xffffffffu);
  vote8(out + 2 * 256, lane, x, 0x000fffffu);
}

// Whole warp converged, per-lane member masks (lanes<16: 0x0000ffff, else
// 0xffff0000): each half votes among itself; ballot bits outside the mask are 0.
extern "C" __global__ void vote_split_mask(const u32* in, u32* out) {
  u32 lane = lane_id(), x = in[lane] & 1u;
  vote8(out, lane, x, lane < 16 ? 0x0000ffffu : 0xffff0000u);
}
