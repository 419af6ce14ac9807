// The register rules of wgmma (PTX ISA 9.7.15.7.1 wgmma.fence, 9.7.15.7.3
// wgmma.wait_group), checked before each instruction of a warp while a
// wgmma.mma_async of it is pending (Engine::execGroup calls this; the
// whole-warp fast path stays off for such warps until the wait_group): the
// accumulator and A registers of a wgmma.mma_async may not be accessed until
// a wgmma.wait_group covers it, except by a later wgmma.mma_async that
// accumulates into the same registers. (Registers written between
// wgmma.fence and wgmma.mma_async are not reported: see checkFence in
// wgmma_exec.cpp.)
#include <fmt/format.h>

#include <algorithm>

#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

void addRegs(const Operand& op, std::vector<std::uint32_t>& out) {
  if (op.kind == OperandKind::Reg) out.push_back(op.reg);
  if (op.kind == OperandKind::Address && op.hasBase) out.push_back(op.reg);
  if (op.hasPred) out.push_back(op.reg2);
  for (const Operand& e : op.elems) addRegs(e, out);
}

bool contains(const std::vector<std::uint32_t>& v, std::uint32_t r) { return std::find(v.begin(), v.end(), r) != v.end(); }

// The pending operation's register a wgmma.mma_async may not touch: its D
// registers may be another operation's A registers or overlap another's D
// registers only as the very same accumulator list (9.7.15.7.1: "except when
// these are accumulator register accesses across multiple wgmma.mma_async
// instructions of the same shape").
std::optional<std::uint32_t> mmaConflict(const Instr& ins, const WgmmaPending& p) {
  if (ins.ops.size() < 2) return std::nullopt;
  std::vector<std::uint32_t> d, a;
  addRegs(ins.ops[0], d);
  if (ins.ops[1].kind == OperandKind::Vector) addRegs(ins.ops[1], a);
  const bool sameAccumulator = d == p.dRegs;
  for (std::uint32_t r : d) {
    if (contains(p.aRegs, r)) return r;
    if (!sameAccumulator && contains(p.dRegs, r)) return r;
  }
  for (std::uint32_t r : a)
    if (contains(p.dRegs, r)) return r;
  return std::nullopt;
}

}  // namespace

void watchWgmmaRegisters(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const WgmmaQueue& q = ctx.warp().groups.wgmma;
  const Program& prog = ctx.program();
  if (!q.pending.empty() && ins.op != Opcode::WgmmaFence && ins.op != Opcode::WgmmaCommitGroup &&
      ins.op != Opcode::WgmmaWaitGroup) {
    std::optional<std::uint32_t> bad;
    std::uint32_t at = 0;
    if (ins.op == Opcode::WgmmaMmaAsync) {
      for (const WgmmaPending& p : q.pending)
        if ((bad = mmaConflict(ins, p))) {
          at = p.pc;
          break;
        }
    } else {
      std::vector<std::uint32_t> regs;
      for (const Operand& op : ins.ops) addRegs(op, regs);
      if (ins.guard >= 0) regs.push_back(static_cast<std::uint32_t>(ins.guard));
      for (const WgmmaPending& p : q.pending) {
        for (std::uint32_t r : regs)
          if (contains(p.dRegs, r) || contains(p.aRegs, r)) {
            bad = r;
            break;
          }
        if (bad) {
          at = p.pc;
          break;
        }
      }
    }
    if (bad)
      ctx.diag(DiagKind::WgmmaPendingAccess, ctx.lanes(),
               fmt::format("{} is a register of the wgmma.mma_async at line {}, which no wgmma.wait_group has waited "
                           "for yet (its result is not in the register)",
                           prog.regs[*bad].name, prog.instrs[at].pos.line));
  }
}

}  // namespace ws::core
