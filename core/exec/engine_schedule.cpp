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
// if/else, the code after a loop); among the groups not held, the one with
// the fewest lanes runs, the lowest PC on a tie. Lanes waiting at a
// collective are not candidates, so they hold nobody (b_join: the lanes at
// the join run on while the others wait at the collective).
#include <algorithm>
#include <bit>

#include "core/exec/engine.hpp"

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

Engine::Group Engine::h100Group(const WarpControl& c, LaneMask cand) const {
  // The groups, by PC (at most 32).
  std::array<Group, kWarpSize> groups{};
  std::size_t n = 0;
  for (LaneMask m = cand; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint32_t pc = c.pc[static_cast<std::size_t>(l)];
    std::size_t i = 0;
    while (i < n && groups[i].pc != pc) ++i;
    if (i == n) groups[n++] = Group{0, pc};
    groups[i].lanes |= 1u << l;
  }
  Group best{0, ~0u};
  for (std::size_t i = 0; i < n; ++i) {
    const Group& g = groups[i];
    bool held = false;
    for (std::size_t k = 0; k < n && !held; ++k)
      held = k != i && groups[k].pc < g.pc && reaches(groups[k].pc, g.pc);
    if (held) continue;
    const int size = std::popcount(g.lanes), bestSize = std::popcount(best.lanes);
    if (best.lanes == 0 || size < bestSize || (size == bestSize && g.pc < best.pc)) best = g;
  }
  return best;
}

}  // namespace ws::core
