#include "core/exec/diagnostics/wait_report.hpp"

#include <fmt/format.h>

namespace ws::core {
namespace {

// The barrier instruction a lane waits at: barrier waits leave the PC on the
// instruction after it.
std::string barrierAt(const Program& p, std::uint32_t pc) {
  if (pc > 0 && pc - 1 < p.instrs.size() && (opInfo(p.instrs[pc - 1].op).flags & kBarrier) != 0)
    return lineOf(p, pc - 1);
  return pc < p.instrs.size() ? fmt::format("before line {}", p.instrs[pc].pos.line) : "at the end";
}

}  // namespace

std::string laneList(LaneMask m) {
  std::string s;
  int l = 0;
  while (l < 32) {
    if (!((m >> l) & 1u)) { ++l; continue; }
    int e = l;
    while (e + 1 < 32 && ((m >> (e + 1)) & 1u)) ++e;
    if (!s.empty()) s += ", ";
    s += e == l ? fmt::format("{}", l) : fmt::format("{}-{}", l, e);
    l = e + 1;
  }
  return s.empty() ? "none" : s;
}

std::string lineOf(const Program& p, std::uint32_t pc) {
  const std::uint32_t line = p.instrs[pc].pos.line;
  if (line == 0 || line > p.sourceLines.size()) return fmt::format("line {}", line);
  std::string_view text = p.sourceLines[line - 1];
  const std::size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t\r");
  if (b == std::string_view::npos || e - b + 1 > 60) return fmt::format("line {}", line);
  return fmt::format("line {}: {}", line, text.substr(b, e - b + 1));
}

std::string describeWait(const Program& p, const MachineState& st, std::uint32_t w, int lane) {
  const WarpControl& c = st.warps[w].ctl;
  const std::size_t l = static_cast<std::size_t>(lane);
  const std::uint32_t pc = c.pc[l];
  const std::string where = pc < p.instrs.size() ? fmt::format("line {}", p.instrs[pc].pos.line) : "the end";
  if ((c.exited >> lane) & 1u) return "has exited";
  if (!((c.waiting >> lane) & 1u)) {
    // A lane whose last try_wait/test_wait failed (or that slept) loops back
    // to wait again: it runs, but only makes progress when something else does.
    const std::string at = pc < p.instrs.size() ? lineOf(p, pc) : where;
    if ((c.yielded >> lane) & 1u) return fmt::format("spins at {} after a failed wait", at);
    return fmt::format("running at {}", at);
  }
  switch (c.waitKind[l]) {
    case WaitKind::Collective:
      if (pc >= p.instrs.size()) break;
      return fmt::format("waits at {} for membermask {:#010x}", lineOf(p, pc), c.waitArg[l]);
    case WaitKind::Barrier: {
      const CtaState& cta = st.ctas[st.warps[w].cta];
      const std::uint32_t id = c.waitArg[l];
      if (id >= cta.ctl.barriers.size()) break;
      const BarrierState& b = cta.ctl.barriers[id];
      return fmt::format("waits at barrier {} ({}): {} of {} threads arrived", id, barrierAt(p, pc), b.arrived,
                         b.expected ? b.expected : cta.ctl.liveThreads);
    }
    case WaitKind::WarpSync: return fmt::format("waits at bar.warp.sync ({}) for membermask {:#010x}", where, c.waitArg[l]);
    case WaitKind::ClusterBarrier: {
      const ClusterState& k = st.clusters[st.ctas[st.warps[w].cta].cluster];
      return fmt::format("waits at barrier.cluster.wait ({}): {} threads of the cluster arrived", barrierAt(p, pc),
                         k.arrived);
    }
    case WaitKind::AsyncGroup:
    case WaitKind::BulkGroup: {
      const bool bulk = c.waitKind[l] == WaitKind::BulkGroup;
      const std::string at = pc > 0 ? lineOf(p, pc - 1) : where;
      return fmt::format("waits at {} until its {} but the newest {} have completed", at,
                         bulk ? "bulk async-groups" : "cp.async-groups", c.waitArg[l]);
    }
    case WaitKind::None: break;
  }
  return "waits";
}

}  // namespace ws::core
