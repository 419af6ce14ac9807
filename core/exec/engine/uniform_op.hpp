#pragma once
// Whole-warp forms of the commonest instructions (integer mov, add, sub,
// mul, mad, neg, not, and, or, xor, shifts by an immediate, setp, cvta of
// the global window, ld.param of a kernel parameter, shfl.sync and bra),
// compiled once per program point, so that a converged warp of an
// unrecorded run executes them without the general machinery: no ExecCtx,
// no operand decoding, nothing chosen per lane. The forms that need no
// collective (Compute, ParamLoad) also stand in for the handler inside a
// general step, for any group, recorded or not (a recorded one journals the
// destination row as the handler would). Each form computes what the
// general handler computes for the whole warp (the same lane functions:
// core/exec/alu/alu_util.hpp, coll::shflWholeWarp) and stands only where that
// handler would report nothing; where a condition can only be known when
// the step runs (a guard that splits the warp, a source some lane has not
// written, a shuffle whose b, c or membermask differ between lanes, hardware
// mode's collective rules) the engine takes the general path instead
// (Engine::stepUniform, core/exec/engine/engine_uniform.cpp).
#include <array>
#include <cstdint>
#include <vector>

#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"

namespace ws::core {

// Where a source row comes from.
struct UniformSrc {
  enum class Kind : std::uint8_t { Reg, Const, Special };
  Kind kind = Kind::Reg;
  SpecialReg sreg = SpecialReg::Tid;  // Special: the register and component
  std::uint8_t comp = 0;
  std::uint32_t index = 0;  // Reg: the register; Const: the row in UniformCode::consts
};

struct UniformOp;
// Writes the destination's values (and the second destination's: setp's q,
// shfl's p; `out2` is null when there is none) of all 32 lanes, masked to
// the destination registers' widths, from the source rows. The outputs do
// not overlap the sources (the engine passes rows of its own where a
// destination is also a source).
using UniformKernel = void (*)(const UniformOp& op, const std::uint64_t* const* src, std::uint64_t* out,
                               std::uint64_t* out2);

struct UniformOp {
  enum class Kind : std::uint8_t {
    None,     // the general path only
    Compute,  // the kernel writes dst (and dst2)
    Shfl,     // shfl.sync: the kernel, once the engine has checked the warp may take it
    Bra,      // a jump of the whole warp
    ParamLoad,  // ld.param of a kernel parameter: the same bytes for every lane
  };
  Kind kind = Kind::None;
  std::uint8_t sources = 0;
  bool guardNegated = false;
  Mod mode = Mod::None;  // shfl: up, down, bfly, idx
  std::int32_t guard = -1;
  std::array<UniformSrc, 4> src{};  // shfl: a, b, c, membermask
  std::uint32_t dst = kNoReg, dst2 = kNoReg;
  std::uint64_t dstMask = 0, dst2Mask = 0;  // the destination registers' widths
  std::uint64_t srcMask = ~0ull;            // mov: the bits of its type
  std::uint32_t amount = 0;                 // shl/shr: the amount, clamped to the width
  std::uint32_t target = 0;                 // bra
  bool inPlace = false;                     // no destination is a source register: the kernel may write the rows
  // Where the sources' rows are, without looking at each one's kind: bit i
  // of regSources says source i is a register, specialSource names the one
  // special register (-1: none); the others are constant rows.
  std::uint8_t regSources = 0;
  std::int8_t specialSource = -1;
  std::uint64_t offset = 0;                 // ParamLoad: where in the parameter buffer
  std::uint8_t bytes = 0;                   // ParamLoad: how many, little-endian
  bool signExtend = false;                  // ParamLoad: a signed type narrower than 64 bits
  // Whether the engine may run the form for a group of lanes of a split
  // warp too (in place of dispatch()).
  bool forGroups() const { return kind == Kind::Compute || kind == Kind::ParamLoad; }
  UniformKernel kernel = nullptr;
};

struct UniformCode {
  std::vector<UniformOp> ops;      // [pc], and None one past the last instruction
  std::vector<LaneValues> consts;  // the immediates, one row each
};

// `regMask[reg]`: the bits register reg holds (its declared width).
UniformCode compileUniform(const Program& program, const std::vector<std::uint64_t>& regMask);

}  // namespace ws::core
