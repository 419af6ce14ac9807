// Lane grid: what each of the 32 lanes of a warp is doing at this moment.
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"
#include "ui/frame/warp_facts.hpp"

namespace ws::ui {

std::string_view laneStateName(LaneState s) {
  switch (s) {
    case LaneState::Absent: return "absent";
    case LaneState::Executed: return "executed";
    case LaneState::GuardFalse: return "guard false";
    case LaneState::Ready: return "ready";
    case LaneState::Diverged: return "diverged";
    case LaneState::Waiting: return "waiting";
    case LaneState::Spinning: return "spinning";
    case LaneState::Exited: return "exited";
  }
  return "";
}

namespace {

std::string waitText(const core::Program& p, core::WaitKind k, std::uint32_t arg, std::uint32_t pc) {
  switch (k) {
    case core::WaitKind::Collective: {
      const core::Instr* ins = instrAt(p, pc);
      return fmt::format("waiting at {} for membermask {}", ins ? instrMnemonic(p, *ins) : "a collective", formatMask(arg));
    }
    case core::WaitKind::Barrier: return fmt::format("waiting at barrier {}", arg);
    case core::WaitKind::WarpSync: return fmt::format("waiting at bar.warp.sync for {}", formatMask(arg));
    case core::WaitKind::ClusterBarrier: return fmt::format("waiting at barrier.cluster (phase {})", arg);
    case core::WaitKind::AsyncGroup: return fmt::format("waiting at cp.async.wait_group {} for its cp.async-groups", arg);
    case core::WaitKind::BulkGroup: return fmt::format("waiting at cp.async.bulk.wait_group {} for its bulk async-groups", arg);
    case core::WaitKind::None: break;
  }
  return {};
}

}  // namespace

LaneGridView buildLaneGrid(const Frame& f, std::uint32_t warp) {
  LaneGridView v;
  v.warp = warp;
  v.cells.resize(core::kWarpSize);
  for (int l = 0; l < core::kWarpSize; ++l) v.cells[static_cast<std::size_t>(l)].lane = l;
  const auto& s = f.st();
  if (warp >= s.warps.size()) return v;
  const core::WarpState& w = s.warps[warp];
  const core::WarpControl& c = w.ctl;
  v.cta = w.cta;
  v.warpInCta = w.warpInCta;
  v.ctaRank = w.cta < s.ctas.size() ? s.ctas[w.cta].clusterRank : 0;
  v.title = warpTitle(s, warp);
  v.lanes = std::popcount(c.valid);
  const core::StepRecord* rec = f.recordOfWarp(warp);
  const core::LaneMask next = nextGroupLanes(f.engine, s, warp);

  // The membermask of this step's collective, or of the collective the lanes wait at.
  if (rec && rec->membermask) {
    v.hasMembermask = true;
    v.membermask = rec->membermask;
    // Lanes that pass different, disjoint masks: a lane is a member of one of them.
    for (const MembermaskGroup& g : membermaskGroups(f, *rec)) v.membermask |= g.mask;
  } else {
    for (int l = 0; l < core::kWarpSize; ++l) {
      const auto i = static_cast<std::size_t>(l);
      if (((c.waiting >> l) & 1u) && (c.waitKind[i] == core::WaitKind::Collective || c.waitKind[i] == core::WaitKind::WarpSync)) {
        v.hasMembermask = true;
        v.membermask = c.waitArg[i];
        break;
      }
    }
  }

  std::vector<std::uint32_t> pcs;
  for (int l = 0; l < core::kWarpSize; ++l) {
    const auto i = static_cast<std::size_t>(l);
    LaneCell& cell = v.cells[i];
    const core::LaneMask bit = 1u << l;
    cell.focused = warp == f.focus.warp && l == f.focus.lane;
    cell.pc = c.pc[i];
    cell.inMembermask = v.hasMembermask && (v.membermask & bit);
    if (!(c.valid & bit)) {
      cell.state = LaneState::Absent;
      cell.stateText = "no thread";
      continue;
    }
    const bool ranNow = rec && (rec->lanes & bit);
    const bool guardFalse = rec && (rec->guardFalse & bit);
    if ((c.waiting & bit) && !(c.exited & bit)) {
      cell.state = LaneState::Waiting;
      cell.wait = c.waitKind[i];
      cell.waitArg = c.waitArg[i];
      cell.stateText = waitText(f.prog(), cell.wait, cell.waitArg, cell.pc);
    } else if (ranNow) {
      cell.state = LaneState::Executed;
      cell.stateText = (c.exited & bit) ? "executed, then exited" : "executed";
    } else if (guardFalse) {
      cell.state = LaneState::GuardFalse;
      cell.stateText = "guard false: skipped";
    } else if (c.exited & bit) {
      cell.state = LaneState::Exited;
      cell.stateText = "exited";
    } else if (c.yielded & bit) {
      cell.state = LaneState::Spinning;
      cell.stateText = "spinning: its last wait failed";
    } else if (next & bit) {
      cell.state = LaneState::Ready;
      cell.stateText = "runs next";
    } else {
      cell.state = LaneState::Diverged;
      cell.stateText = "diverged: at another instruction";
    }
    // The guard of the instruction this lane ran (or will run next).
    const std::uint32_t gpc = (ranNow || guardFalse) ? rec->pc : cell.pc;
    const core::Instr* ins = instrAt(f.prog(), gpc);
    if (ins && ins->guard >= 0 && !(c.exited & bit && !ranNow)) {
      const auto g = static_cast<std::uint32_t>(ins->guard);
      const bool val = ((ranNow || guardFalse) ? regBefore(f, warp, g, l) : regNow(f, warp, g, l)) != 0;
      const bool eff = ins->guardNegated ? !val : val;
      cell.guard = eff ? 1 : 0;
      cell.guardText = fmt::format("@{}{} = {}", ins->guardNegated ? "!" : "", regName(f.prog(), ins->guard), eff ? "true" : "false");
    }
    if (!(c.exited & bit)) {
      cell.line = lineOf(f.prog(), cell.pc);
      if (std::find(pcs.begin(), pcs.end(), cell.pc) == pcs.end()) pcs.push_back(cell.pc);
    }
  }
  std::sort(pcs.begin(), pcs.end());
  v.diverged = pcs.size() > 1;
  for (std::uint32_t pc : pcs) {
    PcGroup g;
    g.pc = pc;
    g.line = lineOf(f.prog(), pc);
    for (int l = 0; l < core::kWarpSize; ++l)
      if ((c.live() >> l & 1u) && c.pc[static_cast<std::size_t>(l)] == pc) g.lanes |= 1u << l;
    g.text = fmt::format("{} at line {}: {}", lanesPhrase(g.lanes), g.line, instrText(f.prog(), pc));
    v.groups.push_back(std::move(g));
  }
  for (auto& cell : v.cells) {
    if (v.diverged && cell.state != LaneState::Absent && cell.state != LaneState::Exited) cell.pcText = fmt::format("line {}", cell.line);
    cell.tooltip = fmt::format("lane {}: {}", cell.lane, cell.stateText);
    if (!cell.guardText.empty()) cell.tooltip += "; " + cell.guardText;
    if (cell.line > 0 && cell.state != LaneState::Exited && cell.state != LaneState::Absent)
      cell.tooltip += fmt::format("; at line {}: {}", cell.line, instrText(f.prog(), cell.pc));
  }
  return v;
}

}  // namespace ws::ui
