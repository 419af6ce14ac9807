// Hardware mode's scheduling of a diverged warp (rule S of
// docs/hardware-mode.md). The H100 runs the side of a divergent branch with
// fewer lanes first, the fall-through side when both have as many (the
// order words of tests/data/hwmode: pattern rand, 14 lanes in Q, ran Q first
// in def_part, am_*, d_inactive; half, even and hi ran the fall-through P
// first), and reconverges at the join. Strict mode keeps MinPc (the lowest
// PC first), which reconverges structured code the same way.
//
// The choice: a group is held while another group of the warp at a lower PC
// can still reach its PC (it waits there to reconverge: the join of an
// if/else, the code after a loop), except by a group still in a loop that
// ptxas gives a YIELD (hw::yieldsInLoop; x_loop_exit_*, x_loop_body_*): the
// lanes past it do not wait. Among the groups not held, the one with the
// fewest lanes runs; on a tie the lanes past such a loop (the loop's
// fall-through side), else the lowest PC. Lanes waiting at a collective are
// not candidates, so they hold nobody (b_join: the lanes at the join run on
// while the others wait at the collective).
#include <algorithm>
#include <bit>

#include "core/exec/engine/engine.hpp"
#include "core/exec/diagnostics/hw_rules.hpp"

namespace ws::core {

// Whether control can go from instruction `from` to instruction `to` of the
// same function (calls return, so they fall through). Depth-first over the
// instructions once per `from`, cached.
bool Engine::reaches(std::uint32_t from, std::uint32_t to) const {
  const Program& p = *m_program;
  if (from >= p.instrs.size() || to >= p.instrs.size()) return from < to;
  const Function& f = p.functions[p.instrs[from].func];
  if (to < f.begin || to >= f.end) return from < to;
  auto it = m_reachFrom.find(from);
  if (it == m_reachFrom.end()) {
    std::vector<bool> seen(f.end - f.begin, false);
    std::vector<std::uint32_t> stack{from};
    auto push = [&](std::uint32_t pc) {
      if (pc < f.begin || pc >= f.end || seen[pc - f.begin]) return;
      seen[pc - f.begin] = true;
      stack.push_back(pc);
    };
    while (!stack.empty()) {
      const std::uint32_t pc = stack.back();
      stack.pop_back();
      const Instr& ins = p.instrs[pc];
      const bool guarded = ins.guard >= 0;
      bool next = true;
      switch (ins.op) {
        case Opcode::Bra:
          if (!ins.ops.empty()) push(ins.ops[0].target);
          next = guarded;
          break;
        case Opcode::BrxIdx:
          if (ins.ops.size() > 1)
            for (const Operand& t : ins.ops[1].elems) push(t.target);
          next = guarded;
          break;
        case Opcode::Ret:
        case Opcode::Exit:
        case Opcode::Trap: next = guarded; break;
        default: break;
      }
      if (next) push(pc + 1);
    }
    it = m_reachFrom.emplace(from, std::move(seen)).first;
  }
  return it->second[to - f.begin];
}

// Whether `inner` lies in a loop that ends before `outer` and that ptxas
// gives a YIELD (hw::yieldsInLoop): a backward branch at b to t <= inner,
// inner <= b < outer, in the same function, with such an instruction in
// [t, b]. The function's such loops are found once.
bool Engine::leftLoop(std::uint32_t inner, std::uint32_t outer) const {
  const Program& p = *m_program;
  if (inner >= outer || outer >= p.instrs.size() || p.instrs[inner].func != p.instrs[outer].func) return false;
  const std::uint32_t func = p.instrs[inner].func;
  auto it = m_yieldLoops.find(func);
  if (it == m_yieldLoops.end()) {
    const Function& f = p.functions[func];
    std::vector<std::pair<std::uint32_t, std::uint32_t>> loops;
    auto add = [&](std::uint32_t t, std::uint32_t b) {
      if (t < f.begin || t > b) return;
      for (std::uint32_t pc = t; pc <= b; ++pc)
        if (hw::yieldsInLoop(p.instrs[pc])) {
          loops.emplace_back(t, b);
          return;
        }
    };
    for (std::uint32_t b = f.begin; b < f.end; ++b) {
      const Instr& ins = p.instrs[b];
      if (ins.op == Opcode::Bra && !ins.ops.empty()) add(ins.ops[0].target, b);
      if (ins.op == Opcode::BrxIdx && ins.ops.size() > 1)
        for (const Operand& t : ins.ops[1].elems) add(t.target, b);
    }
    it = m_yieldLoops.emplace(func, std::move(loops)).first;
  }
  for (const auto& [t, b] : it->second)
    if (t <= inner && inner <= b && b < outer) return true;
  return false;
}

void Engine::groupsOf(const WarpControl& c, LaneMask cand, WarpGroups& out) const {
  // The groups, by PC (at most 32).
  std::size_t n = 0;
  for (LaneMask m = cand; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint32_t pc = c.pc[static_cast<std::size_t>(l)];
    std::size_t i = 0;
    while (i < n && out.groups[i].pc != pc) ++i;
    if (i == n) out.groups[n++] = Group{0, pc};
    out.groups[i].lanes |= 1u << l;
  }
  out.n = n;
  // A group waits while a group at a lower PC can still reach its PC, unless
  // that group is in a loop this one is past (x_loop_exit_*, b_iter: the
  // lanes that leave a loop run on; the H100 does not hold them at the
  // convergence barrier ptxas puts after the loop).
  out.held.fill(false);
  out.pastLoopOf.fill(0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k) {
      if (k == i || out.groups[k].pc >= out.groups[i].pc || !reaches(out.groups[k].pc, out.groups[i].pc)) continue;
      if (leftLoop(out.groups[k].pc, out.groups[i].pc))
        out.pastLoopOf[i] |= 1u << k;
      else
        out.held[i] = true;
    }
}

Engine::Group Engine::h100Group(const WarpControl& c, LaneMask cand) const {
  WarpGroups wg;
  groupsOf(c, cand, wg);
  const auto& groups = wg.groups;
  const auto& held = wg.held;
  const auto& pastLoopOf = wg.pastLoopOf;
  const std::size_t n = wg.n;
  // After a collective across two call sites the last arrivers run on, up
  // to where they wait to reconverge (b_site_*, b_site_join: the order words).
  if (c.runFirst & cand)
    for (std::size_t i = 0; i < n; ++i)
      if (!held[i] && (groups[i].lanes & c.runFirst)) return groups[i];
  Group best{0, ~0u};
  std::size_t bi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (held[i]) continue;
    const Group& g = groups[i];
    const int size = std::popcount(g.lanes), bestSize = std::popcount(best.lanes);
    // As many lanes: the lanes past a loop before the lanes still in it,
    // else the lowest PC (the fall-through side of an if).
    const bool tieFirst = size == bestSize &&
                          (((pastLoopOf[i] >> bi) & 1u) != 0 || (g.pc < best.pc && ((pastLoopOf[bi] >> i) & 1u) == 0));
    if (best.lanes == 0 || size < bestSize || tieFirst) {
      best = g;
      bi = i;
    }
  }
  return best;
}

}  // namespace ws::core
