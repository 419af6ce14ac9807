// Engine: where nothing more can run. A warp whose every live lane waits at a
// collective (a hang in hardware mode, the ISA's never-arriving members in
// strict mode, or two different collectives the H100 pairs), a grid-wide
// deadlock, and the report of where every lane stands.
#include <algorithm>
#include <bit>
#include <utility>

#include <fmt/format.h>

#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/diagnostics/hw_rules.hpp"
#include "core/exec/diagnostics/wait_report.hpp"

namespace ws::core {

// Where every live lane is and what it waits for, lane group by lane group
// (deadlock reports, and where a program stood when its step budget ran out).
std::string Engine::laneReport(std::uint32_t maxWarps) const {
  const Program& p = *m_program;
  const MachineState& st = m_state;
  std::string s;
  std::uint32_t shown = 0, live = 0;
  for (std::uint32_t w = 0; w < st.warps.size(); ++w) {
    const WarpControl& c = st.warps[w].ctl;
    if (!c.live()) continue;
    if (++live > maxWarps) continue;
    ++shown;
    // Group lanes with the same description.
    std::vector<std::pair<std::string, LaneMask>> groups;
    for (LaneMask m = c.live(); m; m &= m - 1) {
      const int l = std::countr_zero(m);
      std::string d = describeWait(p, st, w, l);
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == d; });
      if (it == groups.end()) groups.emplace_back(d, 1u << l);
      else it->second |= 1u << l;
    }
    for (const auto& [d, m] : groups)
      s += fmt::format("\n  CTA {} warp {} lanes {}: {}", st.warps[w].cta, st.warps[w].warpInCta, laneList(m), d);
  }
  if (live > shown) s += fmt::format("\n  ... and {} more warps with live lanes", live - shown);
  return s;
}

// The lowest-PC group of lanes of warp w that wait at a collective, if every
// live lane of w waits at one (nothing in the warp can run again), reported
// in the step just made (ctx).
StepResult Engine::stuckWarp(ExecCtx& ctx, std::uint32_t w) {
  const WarpControl& c = m_state.warps[w].ctl;
  if (!c.waiting || (c.live() & ~c.waiting) != 0) return {};
  LaneMask coll = 0;
  std::uint32_t pc = ~0u;
  for (LaneMask m = c.waiting; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    if (c.waitKind[l] != WaitKind::Collective) return {};
    coll |= 1u << l;
    pc = std::min(pc, c.pc[l]);
  }
  LaneMask here = 0;
  for (LaneMask m = coll; m; m &= m - 1)
    if (c.pc[static_cast<std::size_t>(std::countr_zero(m))] == pc) here |= 1u << std::countr_zero(m);
  // Either way nothing in the warp can run again: the stop is a deadlock
  // (reported once: History does not step on past one).
  if (m_options.mode == ExecMode::Hardware && reportCrossCollective(ctx, w)) return {true, StopReason::Deadlock};
  // Reported at the instruction the lanes wait at, in the step just made.
  ExecCtx at(*this, w, m_program->instrs[pc], here, ctx.record());
  reportStuck(at, w, pc, here);
  return {true, StopReason::Deadlock};
}

// Rule X2 (docs/hardware-mode.md): every live lane of warp w waits, in two
// groups at two different collectives (another opcode, or the same with other
// qualifiers) whose membermasks name each other's lanes (reported through
// ctx, the step that found it). What the H100 does then follows from
// how ptxas lowered each side, which the PTX does not determine: a side
// synced with a plain WARPSYNC waits for ever (b_other_{vote,match,redux},
// x_never_arrives_shfl_after_join, scenarios/ub-different-collectives: the
// H100 hangs), while two sides lowered through BRA.DIV + WARPSYNC.COLLECTIVE
// pair their blocks and each computes from whatever registers ptxas
// allocated (b_other_{shfl,barwarp,elect}, b_mode: garbage values, illegal
// instruction, illegal memory access). Say so and stop (true); false where
// the lanes wait in another shape (rule H reports those). Either way the
// stop is a deadlock: nothing in the warp can run again.
bool Engine::reportCrossCollective(ExecCtx& ctx, std::uint32_t w) {
  const Program& p = *m_program;
  const WarpControl& c = m_state.warps[w].ctl;
  // The two places, the lower PC first.
  LaneMask first = 0, last = 0;
  std::uint32_t firstPc = ~0u, lastPc = ~0u;
  for (LaneMask m = c.waiting; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    if (c.waitKind[l] != WaitKind::Collective) return false;
    const std::uint32_t pc = c.pc[l];
    if (firstPc == ~0u || pc == firstPc) {
      firstPc = pc;
      first |= 1u << l;
    } else if (lastPc == ~0u || pc == lastPc) {
      lastPc = pc;
      last |= 1u << l;
    } else {
      return false;  // three places or more
    }
  }
  if (!last || !first || firstPc >= p.instrs.size() || lastPc >= p.instrs.size()) return false;
  if (lastPc < firstPc) {
    std::swap(firstPc, lastPc);
    std::swap(first, last);
  }
  const Instr& a = p.instrs[firstPc];
  const Instr& b = p.instrs[lastPc];
  if (sameCollective(a, b)) return false;
  auto namesOther = [&](LaneMask group, LaneMask other) {
    for (LaneMask m = group; m; m &= m - 1)
      if ((c.waitArg[static_cast<std::size_t>(std::countr_zero(m))] & other) == 0) return false;
    return true;
  };
  if (!namesOther(first, last) || !namesOther(last, first)) return false;
  ctx.diag(DiagKind::HardwareUnpredictable, first | last,
           fmt::format("two different collectives meet: lanes {} wait at {} ({}) and lanes {} at {} ({}), each "
                       "membermask naming the other lanes. What the H100 does here depends on how ptxas lowered each "
                       "side, which the PTX does not determine: where a side syncs with a plain WARPSYNC it waits for "
                       "ever and the kernel hangs; where both go through WARPSYNC.COLLECTIVE blocks the H100 pairs "
                       "them, and each side computes from whatever registers ptxas allocated there (garbage values, "
                       "or \"{}\", or \"{}\"). warpscope stops here (docs/hardware-mode.md, rule X2). Where "
                       "lanes are:{}",
                       laneList(first), a.info().mnemonic, lineOf(p, firstPc), laneList(last), b.info().mnemonic,
                       lineOf(p, lastPc), hw::cudaErrorText(hw::CudaError::IllegalInstruction),
                       hw::cudaErrorText(hw::CudaError::IllegalAddress), laneReport()));
  return true;
}

// Lanes `here` of warp w wait at the collective at pc for members that never
// come (they are waiting elsewhere, or here with another membermask): strict
// mode names the ISA rule, hardware mode what an H100 does (it hangs: rule H).
void Engine::reportStuck(ExecCtx& ctx, std::uint32_t w, std::uint32_t pc, LaneMask here) {
  const Program& p = *m_program;
  const WarpControl& c = m_state.warps[w].ctl;
  const LaneMask mask = c.waitArg[static_cast<std::size_t>(std::countr_zero(here))];
  // Members that have not arrived, or arrived passing another membermask.
  LaneMask missing = mask & c.live() & ~here;
  for (LaneMask m = mask & here; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (c.waitArg[static_cast<std::size_t>(l)] != mask) missing |= 1u << l;
  }
  const Instr& ins = p.instrs[pc];
  const int first = std::countr_zero(missing != 0 ? missing : here);
  const std::string what =
      fmt::format("lanes {} wait at {} (line {}) for membermask {:#010x}, but lanes {} never arrive with it (lane {} {})",
                  laneList(here), ins.info().mnemonic, ins.pos.line, mask, laneList(missing), first,
                  describeWait(p, m_state, w, first));
  if (m_options.mode == ExecMode::Strict) {
    ctx.diag(DiagKind::MembermaskNeverArrives, missing, what);
  } else {
    ctx.diag(DiagKind::HardwareHang, missing | here,
             fmt::format("the H100 hangs here (the kernel never finishes): {}. Where lanes are:{}", what, laneReport()));
  }
}

// Lanes waiting at a warp collective for members that keep running elsewhere
// (a spin loop waiting for them, b_spin_barwarp_half): an H100 waits forever
// there (rule H). A note for the step-budget and trap reports of hardware mode.
std::string Engine::hangNote() const {
  if (m_options.mode != ExecMode::Hardware) return {};
  for (const WarpState& ws : m_state.warps) {
    LaneMask coll = 0;
    for (LaneMask m = ws.ctl.waiting; m; m &= m - 1)
      if (ws.ctl.waitKind[static_cast<std::size_t>(std::countr_zero(m))] == WaitKind::Collective)
        coll |= 1u << std::countr_zero(m);
    if (coll)
      return fmt::format("\nLanes {} of CTA {} warp {} wait at a warp collective for lanes that never come: the H100 "
                         "hangs here.",
                         laneList(coll), ws.cta, ws.warpInCta);
  }
  return {};
}

// Nothing can run. If lanes wait at a collective for members that can never
// arrive, that is the ISA's undefined case: strict mode stops and explains
// which lanes never arrive; hardware mode stops where an H100 hangs (rule H,
// docs/hardware-mode.md: members that are alive but never execute it are
// waited for forever; only exited members are not).
StepResult Engine::deadlock(StepRecord* rec) {
  const Program& p = *m_program;
  forgetUniformPcs();
  for (std::uint32_t w = 0; w < m_state.warps.size(); ++w) {
    WarpControl& c = m_state.warps[w].ctl;
    LaneMask coll = 0;
    for (LaneMask m = c.waiting; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      if (c.waitKind[static_cast<std::size_t>(l)] == WaitKind::Collective) coll |= 1u << l;
    }
    if (!coll) continue;
    // The lowest-PC waiting group of this warp.
    std::uint32_t pc = ~0u;
    for (LaneMask m = coll; m; m &= m - 1) pc = std::min(pc, c.pc[static_cast<std::size_t>(std::countr_zero(m))]);
    LaneMask here = 0;
    for (LaneMask m = coll; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      if (c.pc[static_cast<std::size_t>(l)] == pc) here |= 1u << l;
    }
    beginRecord(rec, w, pc);
    if (rec) rec->activeBefore = here;
    ExecCtx ctx(*this, w, p.instrs[pc], here, rec);
    if (m_options.mode != ExecMode::Hardware || !reportCrossCollective(ctx, w)) reportStuck(ctx, w, pc, here);
    ++m_state.step;
    endRecord(rec);
    return {true, StopReason::Deadlock};
  }
  // A plain deadlock: report who waits for what.
  const std::uint32_t w0 = [&] {
    for (std::uint32_t w = 0; w < m_state.warps.size(); ++w)
      if (m_state.warps[w].ctl.live()) return w;
    return 0u;
  }();
  beginRecord(rec, w0, m_state.warps.empty() ? 0 : m_state.warps[w0].ctl.pc[0]);
  const Instr& ins = p.instrs[std::min<std::size_t>(m_state.warps[w0].ctl.pc[static_cast<std::size_t>(std::countr_zero(m_state.warps[w0].ctl.live() | 1u))], p.instrs.size() - 1)];
  ExecCtx ctx(*this, w0, ins, 0, rec);
  if (rec) rec->advanced = false;  // nothing executed: the step counter stays
  ctx.diag(DiagKind::Deadlock, m_state.warps[w0].ctl.live(),
           "every live lane is waiting and nothing can release it:" + laneReport());
  endRecord(rec);
  return {false, StopReason::Deadlock};
}

}  // namespace ws::core
