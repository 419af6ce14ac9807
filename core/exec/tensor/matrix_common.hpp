#pragma once
// Internal to the warp-matrix handlers (exec/matrix_*.cpp): operand checks
// and whole-warp fragment access. Not part of the handler API.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/tensor/matrix_layout.hpp"

namespace ws::core::mx {

// The registers of a vector operand ({%r1, %r2}) or of a single register.
const std::vector<::ws::core::Operand>* vectorElems(const ::ws::core::Operand& op);

// False (after an `unsupported` diagnostic) unless operand `index` is a
// vector of exactly `regs` registers (or one register when regs == 1).
bool checkVector(ExecCtx& ctx, std::size_t index, int regs, std::string_view what);

// The element registers of operand `index`: the vector's elements, or the
// operand itself.
std::vector<::ws::core::Operand> regsOf(const Instr& ins, std::size_t index);

// Every lane's value of every register of a fragment operand: [reg][lane].
// Lanes that do not take part read as 0.
using Fragment = std::vector<LaneValues>;
Fragment readFragment(ExecCtx& ctx, const std::vector<::ws::core::Operand>& regs, int regBits);

// Reports lanes of the warp that do not take part (exited, or never arrived)
// once per instruction: their fragment elements are undefined.
void reportPartialWarp(ExecCtx& ctx);

void execLdmatrix(ExecCtx& ctx);
void execStmatrix(ExecCtx& ctx);
void execMovmatrix(ExecCtx& ctx);
void execMma(ExecCtx& ctx);
void execWmmaLoad(ExecCtx& ctx);
void execWmmaStore(ExecCtx& ctx);

}  // namespace ws::core::mx
