// Rule F2 with more than one __syncwarp, second probe (README.md): which
// vote/redux with membermask 0x0000ffff, run by all 32 lanes of warp 0 after
// the prologue's divergent exit, gets a WARPSYNC membermask (faults for lanes
// 16-31) and which runs bare, as the number and order of __syncwarp()s and
// collectives in the function vary.
// nvcc -O3 -std=c++17 -arch=sm_90a -ptx f2_probe2.cu (from this folder)
#include "probe_common.cuh"
#define SYNC __syncwarp()
#define REDUX(S) do { u32 b; asm volatile("// hwm S" #S "\n\tredux.sync.add.u32 %0, %1, 0x0000ffff;" : "=r"(b) : "r"(sel) : "memory"); out[(8 + S) * 32 + lane] = b; } while (0)
#define VOTEFULL(S) do { u32 b; asm volatile("// hwm S" #S "\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }" : "=r"(b) : "r"(sel) : "memory"); out[(8 + S) * 32 + lane] = b; } while (0)
extern "C" __global__ void q1_two_sync_two_votes(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; VOTE(0); VOTE(1); HWM_DONE; }
extern "C" __global__ void q2_one_sync_two_votes(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); VOTE(1); HWM_DONE; }
extern "C" __global__ void q3_sync_vote_sync_join_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); SYNC; if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } VOTE(1); HWM_DONE; }
extern "C" __global__ void q4_sync_join_sync_two_votes(const u32* in, u32* out) { HWM_PROLOGUE SYNC; if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } SYNC; VOTE(0); VOTE(1); HWM_DONE; }
extern "C" __global__ void q5_two_sync_vote_redux(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; VOTE(0); REDUX(1); HWM_DONE; }
extern "C" __global__ void q6_two_votes_no_sync(const u32* in, u32* out) { HWM_PROLOGUE VOTE(0); VOTE(1); HWM_DONE; }
extern "C" __global__ void q7_three_syncs_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; SYNC; VOTE(0); HWM_DONE; }
extern "C" __global__ void q8_sync_vote_sync_sync_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); SYNC; SYNC; VOTE(1); HWM_DONE; }
extern "C" __global__ void q9_sync_vote_join_sync_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); if (sel != 0u) { HWM_MARK(0, 0, 1, 2); } SYNC; VOTE(1); HWM_DONE; }
extern "C" __global__ void q10_vote_sync_vote(const u32* in, u32* out) { HWM_PROLOGUE VOTE(0); SYNC; VOTE(1); HWM_DONE; }
extern "C" __global__ void q11_sync_vote_vote_sync(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); VOTE(1); SYNC; HWM_DONE; }
extern "C" __global__ void q12_two_sync_one_redux(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; REDUX(0); HWM_DONE; }
extern "C" __global__ void q13_sync_redux_sync_redux(const u32* in, u32* out) { HWM_PROLOGUE SYNC; REDUX(0); SYNC; REDUX(1); HWM_DONE; }
extern "C" __global__ void q14_sync_vote_sync_redux(const u32* in, u32* out) { HWM_PROLOGUE SYNC; VOTE(0); SYNC; REDUX(1); HWM_DONE; }
extern "C" __global__ void q15_two_sync_vote_full_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; VOTEFULL(0); VOTE(1); HWM_DONE; }
extern "C" __global__ void q16_two_sync_vote_vote_vote(const u32* in, u32* out) { HWM_PROLOGUE SYNC; SYNC; VOTE(0); VOTE(1); VOTE(2); HWM_DONE; }
