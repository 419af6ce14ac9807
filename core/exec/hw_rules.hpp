#pragma once
// What an H100 does where the PTX ISA leaves a warp-synchronous instruction
// undefined: the rules hardware mode follows, one function each. Derived
// from the recorded matrix tests/data/hwmode (267 kernels, 5 runs each);
// docs/hardware-mode.md has the table with the evidence, and
// tests/core/hwmode_matrix_test.cpp replays the matrix and checks the table.
//
// The engine calls these from one place each: waiting (resolveCollective and
// settle), faulting (resolveCollective), hanging (deadlock) and the
// participants of a collective (coll::Members::of).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/exec/machine_state.hpp"
#include "core/isa/isa.hpp"

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

// CUDA errors an H100 raises for a warp collective, with the runtime's text.
enum class CudaError : std::uint8_t { IllegalInstruction, IllegalAddress };
std::string_view cudaErrorText(CudaError e);

struct Fault {
  CudaError error = CudaError::IllegalInstruction;
  LaneMask lanes = 0;  // the lanes that cause it
  std::string why;     // the rule, in a sentence
};

// Rule F (fault): whether the H100 stops the kernel at this instruction
// instead of executing it. `exec` executes it, `maskOf[l]` is the membermask
// lane l passed, `live` the warp's non-exited lanes, `valid` its lanes.
// - F1: a membermask that names no live lane (a_disjoint, every instruction):
//   ptxas's warp sync on it raises "illegal instruction".
// - F2: vote/match/redux executed by a lane outside its own membermask while
//   not every lane of the warp executes it together (a_extra): ptxas emits
//   `WARPSYNC membermask` before the operation and it faults for that lane.
//   In code ptxas proves converged (straight after a full-warp sync, a_all)
//   there is no WARPSYNC: the operation runs over the executing lanes.
std::optional<Fault> collectiveFault(Opcode op, LaneMask exec, const MaskOf& maskOf, LaneMask live, LaneMask valid);

}  // namespace ws::core::hw
