// Where does ptxas prove the warp converged for vote.sync? Eight shapes of
// __syncwarp around a vote with membermask 0x0000ffff run by all 32 lanes
// (lanes 16-31 outside it): README.md says what the H100 did.
// nvcc -O3 -std=c++17 -arch=sm_90a -ptx f2_probe.cu (from this folder)
#include "probe_common.cuh"
// p1: two syncwarps straight, then vote
extern "C" __global__ void p1_two_sync_straight(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); __syncwarp(); VOTE(0); HWM_DONE; }
// p2: only a syncwarp after the join
extern "C" __global__ void p2_sync_after_join_only(const u32* in, u32* out) { HWM_PROLOGUE if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } __syncwarp(); VOTE(0); HWM_DONE; }
// p3: syncwarp, vote, syncwarp, vote (no branch)
extern "C" __global__ void p3_sync_vote_sync_vote(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); VOTE(0); __syncwarp(); VOTE(1); HWM_DONE; }
// p4: syncwarp, branch, join, vote, then syncwarp again at the end
extern "C" __global__ void p4_sync_join_vote_sync(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } VOTE(0); __syncwarp(); HWM_DONE; }
// p5: one syncwarp after the join, none before, then vote; plus branch before
extern "C" __global__ void p5_no_prologue_sync(const u32* in, u32* out) { HWM_PROLOGUE VOTE(0); HWM_DONE; }
// p6: syncwarp inside the branch (partial mask), join, vote
extern "C" __global__ void p6_sync_in_branch(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); if (sel != 0u) { __syncwarp(__activemask()); HWM_MARK(0, 0, 1, 2); } VOTE(0); HWM_DONE; }
// p7: x_f2_after_join_syncwarp's shape with the second sync with a register mask 0xffffffff
extern "C" __global__ void p7_second_sync_reg(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } __syncwarp(hwm_pin(in[64 + 4])); VOTE(0); HWM_DONE; }
// p8: three syncwarps in straight code, vote between each
extern "C" __global__ void p8_three_syncs(const u32* in, u32* out) { HWM_PROLOGUE __syncwarp(); VOTE(0); __syncwarp(); VOTE(1); __syncwarp(); VOTE(2); HWM_DONE; }
