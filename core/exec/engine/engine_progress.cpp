// Forward progress within a warp (rule Y of docs/hardware-mode.md, both
// modes). Since Volta a diverged path of a warp is never starved by its
// warp-mates' spin loop: lanes that wait in a loop for a lock held by other
// lanes of their own warp get it (PTX ISA 3.1, independent thread
// scheduling; ptxas puts a YIELD in such loops, and an H200 finishes
// tests/data/progress's locks). The scheduler's choice (lowest PC, or rule
// S) would run the waiters for ever, so a group that keeps spinning yields:
// after kSpinsBeforeYield jumps back to the top of its loop in a row, each
// while other lanes of the warp were ready and did not run, with the
// registers the loop uses unchanged (the iteration changed nothing a next
// one reads: only another thread can end the loop), the group is marked
// `yielded` and the other lanes run first until they cannot (the same mark
// a failed mbarrier try_wait sets). A loop whose registers change (a counted
// loop, a loop summing) is never counted, and a run in which no group spins
// so is scheduled exactly as before.
#include <algorithm>
#include <bit>

#include "core/exec/engine/engine.hpp"

namespace ws::core {
namespace {

void addRegs(const Operand& op, std::vector<std::uint32_t>& regs) {
  if (op.kind == OperandKind::Reg) {
    regs.push_back(op.reg);
    if (op.hasPred) regs.push_back(op.reg2);
  } else if (op.kind == OperandKind::Address && op.hasBase) {
    regs.push_back(op.reg);
  }
  for (const Operand& e : op.elems) addRegs(e, regs);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

}  // namespace

void Engine::noteLoop(std::uint32_t w, Group g, LaneMask exec) {
  WarpControl& c = m_state.warps[w].ctl;
  const Instr& ins = m_program->instrs[g.pc];
  const bool back = exec != 0 && !ins.ops.empty() && ins.ops[0].target <= g.pc;
  if (!back || (c.ready() & ~exec) == 0) {
    if (c.spinPrint != 0 || c.spins != 0) {
      touchWarp(w);
      c.spinPrint = 0;
      c.spins = 0;
    }
    return;
  }
  const std::uint64_t print = loopPrint(w, g.pc, exec);
  touchWarp(w);
  if (print != c.spinPrint) {
    c.spinPrint = print;
    c.spins = 0;
    return;
  }
  if (++c.spins < kSpinsBeforeYield) return;
  c.yielded |= exec;
  c.spinPrint = 0;
  c.spins = 0;
}

// The registers the loop closed by the branch at branchPc uses (every
// register operand of [target, branchPc], found once), as lanes `lanes`
// hold them, with the branch and the lanes: never 0.
std::uint64_t Engine::loopPrint(std::uint32_t w, std::uint32_t branchPc, LaneMask lanes) {
  auto it = m_loopRegs.find(branchPc);
  if (it == m_loopRegs.end()) {
    std::vector<std::uint32_t> regs;
    for (std::uint32_t pc = m_program->instrs[branchPc].ops[0].target; pc <= branchPc; ++pc) {
      const Instr& ins = m_program->instrs[pc];
      if (ins.guard >= 0) regs.push_back(static_cast<std::uint32_t>(ins.guard));
      for (const Operand& op : ins.ops) addRegs(op, regs);
    }
    std::sort(regs.begin(), regs.end());
    regs.erase(std::unique(regs.begin(), regs.end()), regs.end());
    it = m_loopRegs.emplace(branchPc, std::move(regs)).first;
  }
  const std::uint64_t* rows = m_state.warps[w].regs.data();
  std::uint64_t h = mix(branchPc, lanes);
  for (const std::uint32_t r : it->second)
    for (LaneMask m = lanes; m; m &= m - 1)
      h = mix(h, rows[static_cast<std::size_t>(r) * kWarpSize + static_cast<std::size_t>(std::countr_zero(m))]);
  return h | 1u;
}

}  // namespace ws::core
