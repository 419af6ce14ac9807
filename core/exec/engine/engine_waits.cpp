// Barrier and wait bookkeeping after a step: which waiting lanes a step
// released (bar.sync / barrier.cluster phases, mbarrier waits, collectives),
// and the bar.red results written to the lanes a barrier releases.
#include <bit>

#include "core/exec/engine/engine.hpp"
#include "core/exec/diagnostics/hw_rules.hpp"

namespace ws::core {
namespace {

// Whether the instruction before pc (where a lane released from a barrier
// stands) is a bar.red: only then has the release a result to write.
bool barRedBefore(const Program& p, std::uint32_t pc) {
  if (pc == 0 || pc > p.instrs.size()) return false;
  const Instr& ins = p.instrs[pc - 1];
  return (ins.op == Opcode::Bar || ins.op == Opcode::Barrier) && ins.opMod == Mod::Red;
}

// The lanes whose wait is `kind` (with argument `arg`, unless it is
// ignored): one branch-free pass over the warp's arrays (vector code),
// where most steps would find nothing lane by lane.
LaneMask lanesWaiting(const WarpControl& c, WaitKind kind) {
  LaneMask m = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l) m |= static_cast<LaneMask>(c.waitKind[l] == kind) << l;
  return m & c.waiting;
}
LaneMask lanesWaiting(const WarpControl& c, WaitKind kind, std::uint32_t arg) {
  LaneMask m = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l)
    m |= static_cast<LaneMask>(c.waitKind[l] == kind && c.waitArg[l] == arg) << l;
  return m & c.waiting;
}

}  // namespace

// The lane waited past its bar.red (pc - 1): popc counts the threads whose
// predicate was true, and/or combine them; the write goes into the step's
// journal like any other register write.
void Engine::writeBarrierReduction(std::uint32_t w, int lane, const BarrierState& done) {
  WarpState& ws = m_state.warps[w];
  const std::uint32_t pc = ws.ctl.pc[static_cast<std::size_t>(lane)];
  if (pc == 0 || pc > m_program->instrs.size()) return;
  const Instr& ins = m_program->instrs[pc - 1];
  if ((ins.op != Opcode::Bar && ins.op != Opcode::Barrier) || ins.opMod != Mod::Red || ins.ops.empty() ||
      ins.ops[0].kind != OperandKind::Reg)
    return;
  const std::uint64_t v = ins.opMod2 == Mod::Popc ? done.redTrue
                          : ins.opMod2 == Mod::And ? (done.redFalse == 0 ? 1u : 0u)
                                                   : (done.redTrue != 0 ? 1u : 0u);
  const std::uint32_t reg = ins.ops[0].reg;
  const std::size_t i = static_cast<std::size_t>(reg) * kWarpSize + static_cast<std::size_t>(lane);
  const std::uint64_t after = v & m_regMask[reg];
  const bool was = (ws.written[reg] >> lane) & 1u;
  if (m_rec && (ws.regs[i] != after || !was))
    m_rec->regs.push_back({w, reg, static_cast<std::uint8_t>(lane), was, ws.regs[i], after});
  ws.regs[i] = after;
  ws.written[reg] |= 1u << lane;
}

// After a step: complete the waits it may have satisfied (collectives whose
// missing members exited, CTA barriers, the cluster barrier).
void Engine::settleWaits(std::uint32_t w) {
  WarpState& ws = m_state.warps[w];
  // Collectives: release the waiting lanes whose remaining members exited
  // (rule W, as resolveCollective applies it).
  if (ws.ctl.waiting && lanesWaiting(ws.ctl, WaitKind::Collective)) {
    WarpControl& c = ws.ctl;
    for (LaneMask m = c.waiting; m;) {
      const int l = std::countr_zero(m);
      const std::size_t li = static_cast<std::size_t>(l);
      m &= m - 1;
      if (c.waitKind[li] != WaitKind::Collective) continue;
      LaneMask here = 0;
      hw::MaskOf maskOf{};
      for (LaneMask k = c.waiting; k; k &= k - 1) {
        const auto o = static_cast<std::size_t>(std::countr_zero(k));
        if (c.waitKind[o] == WaitKind::Collective && c.pc[o] == c.pc[li]) {
          here |= 1u << o;
          maskOf[o] = c.waitArg[o];
        }
      }
      m &= ~here;
      const LaneMask go = hw::releasedLanes(here, maskOf, c.live());
      if (go) {
        touchWarp(w);
        c.waiting &= ~go;  // they run as one group next time and find everyone arrived
        for (LaneMask k = go; k; k &= k - 1) c.waitKind[static_cast<std::size_t>(std::countr_zero(k))] = WaitKind::None;
      }
    }
  }
  // CTA barriers (arrivals and exits go through touchCta).
  CtaState& cta = m_state.ctas[ws.cta];
  for (std::uint32_t id = 0; m_ctaControlChanged && id < cta.ctl.barriers.size(); ++id) {
    BarrierState& b = cta.ctl.barriers[id];
    if (b.arrived == 0) continue;
    const std::uint32_t target = b.expected ? b.expected : cta.ctl.liveThreads;
    if (b.arrived < target) continue;
    touchCta(ws.cta);
    const BarrierState done = b;
    b = BarrierState{};
    const race::Released raceRelease = m_races ? m_races->barrierComplete(ws.cta, id) : race::Released{};
    for (std::uint32_t wi = cta.firstWarp; wi < cta.firstWarp + cta.numWarps; ++wi) {
      WarpControl& c = m_state.warps[wi].ctl;
      const LaneMask released = c.waiting ? lanesWaiting(c, WaitKind::Barrier, id) : 0;
      if (released == 0) continue;
      touchWarp(wi);
      c.waiting &= ~released;
      if (m_races) m_races->acquire(wi, released, raceRelease);
      const std::uint32_t pc0 = c.pc[static_cast<std::size_t>(std::countr_zero(released))];
      bool onePc = true;
      if (released == ~0u) {  // the whole warp (the usual case): plain passes over the arrays
        c.waitKind.fill(WaitKind::None);
        std::uint32_t differ = 0;
        for (std::size_t l = 0; l < kWarpSize; ++l) differ |= c.pc[l] ^ pc0;
        onePc = differ == 0;
      } else {
        for (LaneMask m = released; m; m &= m - 1) {
          const auto l = static_cast<std::size_t>(std::countr_zero(m));
          c.waitKind[l] = WaitKind::None;
          onePc = onePc && c.pc[l] == pc0;
        }
      }
      // bar.red writes its result lane by lane; lanes released together from
      // one plain bar.sync (the usual case) need no look at each.
      if (onePc && !barRedBefore(*m_program, pc0)) continue;
      for (LaneMask m = released; m; m &= m - 1) writeBarrierReduction(wi, std::countr_zero(m), done);
    }
  }
  // The cluster barrier. Lanes wait in barrier.cluster.wait only for a phase
  // that has not completed yet, so waiters can be released only here, right
  // after the phase advanced.
  ClusterState& cl = m_state.clusters[cta.cluster];
  if (cl.arrived == 0) return;
  std::uint32_t live = 0;
  for (std::uint32_t ci = cl.firstCta; ci < cl.firstCta + cl.numCtas; ++ci) live += m_state.ctas[ci].ctl.liveThreads;
  if (cl.arrived < live) return;
  touchCluster(cta.cluster);
  ++cl.phase;
  cl.arrived = 0;
  if (m_races) m_races->clusterComplete(cta.cluster);
  for (std::uint32_t ci = cl.firstCta; ci < cl.firstCta + cl.numCtas; ++ci) {
    const CtaState& oc = m_state.ctas[ci];
    for (std::uint32_t wi = oc.firstWarp; wi < oc.firstWarp + oc.numWarps; ++wi) {
      WarpControl& c = m_state.warps[wi].ctl;
      for (LaneMask m = c.waiting; m; m &= m - 1) {
        const int l = std::countr_zero(m);
        const std::size_t li = static_cast<std::size_t>(l);
        if (c.waitKind[li] == WaitKind::ClusterBarrier && c.waitArg[li] <= cl.phase) {
          touchWarp(wi);
          c.waiting &= ~(1u << l);
          c.waitKind[li] = WaitKind::None;
          if (m_races) m_races->clusterAcquire(cta.cluster, wi, 1u << l);
        }
      }
    }
  }
}

}  // namespace ws::core
