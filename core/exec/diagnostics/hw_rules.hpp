#pragma once
// What an H100 does where the PTX ISA leaves a warp-synchronous instruction
// undefined: the rules hardware mode follows, one function each. Derived
// from the recorded matrix tests/data/hwmode (267 kernels, 5 runs each), the
// extra kernels of tests/data/hwmode_extra and the SASS ptxas made of them;
// docs/hardware-mode.md has the table with the evidence, and
// tests/core/hwmode_matrix_test.cpp replays the kernels and checks the table.
//
// The engine calls these from one place each: waiting (resolveCollective and
// settle), faulting (resolveCollective, with ptxasLowering), hanging
// (stuckWarp and deadlock; two different collectives: reportCrossCollective),
// the participants of a collective (coll::Members::of) and the lanes leaving
// a loop (h100Group, with yieldsInLoop).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/isa/isa.hpp"
#include "core/ptx/program.hpp"

namespace ws::core::hw {

using MaskOf = std::array<LaneMask, kWarpSize>;

// Rule W (wait): lanes that pass membermask M at a warp-synchronous
// instruction go once every live lane of M has arrived there passing the same
// M; the others keep waiting. Returns the lanes of `arrived` that go.
// Defined programs (one mask per group, every group self-consistent) release
// exactly as the ISA says. Where lanes disagree, lanes whose mask names a lane
// passing another value wait for it forever: lanes 0-15 passing 0xffffffff
// beside lanes 16-31 passing 0xffff0000 wait until 16-31 have gone on and
// exited (c_super), and 32 different random masks hang (c_rand).
LaneMask releasedLanes(LaneMask arrived, const MaskOf& maskOf, LaneMask live);

// CUDA errors an H100/H200 raises, with the runtime's text.
enum class CudaError : std::uint8_t { IllegalInstruction, IllegalAddress, LaunchFailure };
std::string_view cudaErrorText(CudaError e);

struct Fault {
  CudaError error = CudaError::IllegalInstruction;
  LaneMask lanes = 0;  // the lanes that cause it
  std::string why;     // the rule, in a sentence
};

// How ptxas syncs the membermask before a vote/match/redux (rule F2), per
// instruction of function `func` (index pc - begin; other instructions get
// Converged or WarpSync by the same analysis).
// - Converged: ptxas proves the warp converged there and runs the operation
//   bare; it runs over the executing lanes (rule P).
// - WarpSync: a `WARPSYNC membermask` first, which faults for a lane outside
//   its membermask even when all 32 lanes execute it together.
// - AtRunTime: `BRA.DIV`: a warp whose live lanes are all there runs it
//   bare, a diverged one goes through `WARPSYNC.COLLECTIVE`, which faults.
// From the SASS of every hwmode kernel and the F2 probes (ptxas -arch=sm_90a,
// tests/data/hwmode_extra/f2_probe): a function with two or more
// instructions of one opcode (vote, match or redux) lowers each of them
// through BRA.DIV (q1, q6, q10, p3, p8: no fault with the warp converged;
// a_extra: fault with it diverged); with one, the control flow decides. A
// divergent branch (a guarded `bra` or `brx.idx` without `.uni`, a guarded
// ret/exit/trap) leaves the code up to its reconvergence point (the branch's
// immediate post-dominator) not converged, and there the warp is as
// converged as before the branch (x_f2_after_join: converged;
// x_never_arrives_shfl_after_join: not). A branch that only some lanes take
// to an exit counts too: the join is the exit (b_exit, p5). An unguarded warp
// sync of the full warp makes the warp converged again: a collective with
// membermask 0xffffffff (a_all; the 109 full-mask sites after one have no
// WARPSYNC.ALL of their own), and `bar.warp.sync 0xffffffff` where it is the
// function's only bar.warp.sync (ptxas makes it WARPSYNC.ALL: p2,
// x_f2_reg_converged_*); with two or more, ptxas lowers each through
// BRA.DIV and proves nothing after them (p1, p4, p6, p7, q7, q12, q14,
// x_f2_after_join_syncwarp). A kernel starts converged, a .func (compiled
// for any caller) not. The control flow alone decides it: a branch all lanes
// happen to take together still diverges (x_f2_dynamic_converged).
enum class SyncLowering : std::uint8_t { Converged, WarpSync, AtRunTime };
std::vector<SyncLowering> ptxasLowering(const Program& program, std::uint32_t func);

// Whether the warp counts as converged for rule F2 at an instruction lowered
// as `lowering`, executed by `exec` with `live` the warp's non-exited lanes.
bool convergedFor(SyncLowering lowering, LaneMask exec, LaneMask live);

// Rule F (fault): whether the H100 stops the kernel at this instruction
// instead of executing it. `exec` executes it, `maskOf[l]` is the membermask
// lane l passed, `live` the warp's non-exited lanes, `converged` whether
// the warp counts as converged here (convergedFor).
// - F1: a membermask that names no live lane (a_disjoint, every instruction):
//   ptxas's warp sync on it raises "illegal instruction".
// - F2: vote/match/redux executed by a lane outside its own membermask where
//   the warp is not proven converged (a_extra, x_f2_dynamic_converged, where
//   all 32 lanes execute it together): ptxas syncs the membermask first
//   (WARPSYNC) and that faults for the lane. In converged code (a_all,
//   x_f2_after_join, x_f2_reg_converged_*) there is no WARPSYNC and the
//   operation runs over the executing lanes (rule P).
std::optional<Fault> collectiveFault(Opcode op, LaneMask exec, const MaskOf& maskOf, LaneMask live, bool converged);

// Rule R (recorded fault): undefined behaviour outside the warp collectives
// that an H200 (driver 580.159.04, CUDA 13.0, three runs each) answered by
// stopping the kernel with a CUDA error: the error, and the recording. Each
// kind was recorded with one kernel, the lesson named in `recording`
// (h200-runs.txt there); the engine stops every use of the kind at the first
// lane that breaks the rule, which is warpscope's model: the recording shows
// that the kernel ends with the error, not at which instruction. A barrier
// thread count that is not a multiple of 32 raised "illegal instruction";
// counts that only disagree between warps were not recorded and fault too.
// The TMA faults (a tensor load's inner coordinate not a multiple of 16
// bytes, a tensor store's box partly outside the tensor) are recorded in
// tests/data/hopper/faulting/<case>/hw-h200-error.txt.
struct RecordedFault {
  CudaError error = CudaError::LaunchFailure;
  std::string_view recording;  // scenarios/<lesson>/h200-runs.txt, or the Hopper corpus file
};
std::optional<RecordedFault> recordedFault(DiagKind kind);

// Rule S: whether a loop holding this instruction gets a YIELD from ptxas,
// after which the lanes that leave the loop do not wait at the convergence
// barrier after it for the lanes still in it (x_loop_exit_*,
// x_loop_body_{shared_atomic,global_atomic,volatile_load}, b_iter). An atomic
// or a load that another thread's store may change under it (.volatile,
// .relaxed, .acquire): a wait on other threads. A loop of plain loads and
// stores, or one that only reads %globaltimer, has none and the lanes
// reconverge after it (x_loop_body_store, tests/data/hw act_loop, am_spin).
bool yieldsInLoop(const Instr& ins);

}  // namespace ws::core::hw
