// Engine: the choices a step could make, and running one the policy would
// not (schedule exploration, core/explore/, and saved schedules, pick.hpp).
// Lanes of a warp are free to run in any order the ISA allows (independent
// thread scheduling), but a group waiting at the join where lanes still on
// their way reconverge with it does not run first: ptxas's convergence
// barriers hold it there on the GPU, and aligned instructions after the join
// (bar.sync, mma) count on it.
#include <algorithm>
#include <bit>

#include "core/exec/async/async_op.hpp"
#include "core/exec/engine/candidates.hpp"
#include "core/exec/engine/engine.hpp"

namespace ws::core {
namespace {

bool idleLanes(const WarpControl& c, LaneMask lanes) { return (lanes & ~(c.yielded | c.polling)) == 0; }

// Whether forced pick `f` is the choice `p`. A saved schedule names lanes
// alone (kAnyPc): they run wherever they stand, as forcedStep() runs them.
bool takes(const Pick& f, const Pick& p) {
  if (f.kind == Pick::Kind::Group && f.pc == kAnyPc)
    return p.kind == Pick::Kind::Group && p.warp == f.warp && p.lanes == f.lanes;
  return p == f;
}

}  // namespace

// Warp w's choices: the groups of its candidate lanes that are free to run,
// then, as idle choices, the lanes that just failed a wait (they run only
// when nothing else of the warp can, as the policy runs them).
void Engine::warpPicks(std::uint32_t w, std::vector<Pick>& out) const {
  const WarpControl& c = m_state.warps[w].ctl;
  const LaneMask ready = c.ready();
  if (ready == 0) return;
  const LaneMask cand = schedulingCandidates(c);
  WarpGroups wg;
  for (const LaneMask lanes : {cand, ready & ~cand}) {
    if (lanes == 0) continue;
    groupsOf(c, lanes, wg);
    for (std::size_t i = 0; i < wg.n; ++i)
      if (!wg.held[i]) {
        const Group g = wg.groups[i];
        out.push_back(Pick{Pick::Kind::Group, w, g.lanes, g.pc, 0, idleLanes(c, g.lanes)});
      }
  }
}

void Engine::picks(std::vector<Pick>& out) const {
  out.clear();
  const std::uint32_t n = static_cast<std::uint32_t>(m_state.warps.size());
  for (std::uint32_t w = 0; w < n; ++w) warpPicks(w, out);
  for (std::size_t i = 0; i < m_state.inflight.size(); ++i)
    if (asyncReady(m_state, i)) out.push_back(Pick{Pick::Kind::Async, 0, 0, 0, m_state.inflight[i].id, false});
}

std::optional<Pick> Engine::policyPick() const {
  if (m_schedule)
    if (const ForcedPick* f = m_schedule->at(m_state.step)) {
      std::vector<Pick> now;
      picks(now);
      for (const Pick& p : now)
        if (takes(f->pick, p)) return p;
    }
  const Plan p = planScan();
  if (p.kind == Plan::Kind::Run)
    return Pick{Pick::Kind::Group, p.warp, p.group.lanes, p.group.pc, 0, idleLanes(m_state.warps[p.warp].ctl, p.group.lanes)};
  if (p.kind == Plan::Kind::Retire) return Pick{Pick::Kind::Async, 0, 0, 0, m_state.inflight[p.async].id, false};
  return std::nullopt;
}

StepResult Engine::forcedStep(const Pick& p, StepRecord* rec) {
  StepResult r;
  if (p.kind == Pick::Kind::Async) {
    std::size_t i = 0;
    while (i < m_state.inflight.size() && m_state.inflight[i].id != p.asyncId) ++i;
    if (i == m_state.inflight.size() || !asyncReady(m_state, i)) return {};
    // The scheduler's own choices no longer decide what comes next: a state
    // that comes back is no loop of theirs (engine_hang.cpp).
    forgetHangWatch();
    r = retireAsync(i, rec);
  } else {
    if (p.warp >= m_state.warps.size() || p.lanes == 0) return {};
    const WarpControl& c = m_state.warps[p.warp].ctl;
    if ((p.lanes & ~c.ready()) != 0) return {};
    const std::uint32_t pc = p.pc != kAnyPc ? p.pc : c.pc[static_cast<std::size_t>(std::countr_zero(p.lanes))];
    // The group must be one of the warp's choices now.
    std::vector<Pick> now;
    warpPicks(p.warp, now);
    if (std::none_of(now.begin(), now.end(), [&](const Pick& q) { return q.lanes == p.lanes && q.pc == pc; }))
      return {};
    forgetHangWatch();
    const Group g{p.lanes, pc};
    beginRecord(rec, p.warp, pc);
    m_state.nextWarp = slotAfter(p.warp, g);
    r = execGroup(p.warp, g, rec);
  }
  if (rec) rec->forced = true;
  if (m_forcedOut && r.executed) m_forcedOut->push_back(ForcedPick{m_state.step - 1, p});
  return r;
}

void Engine::runChosen(RunResult& r, std::uint64_t maxSteps, Chooser& chooser) {
  std::vector<Pick> now;
  while (r.steps < maxSteps && chooser.choosing(m_state.step)) {
    const std::uint64_t at = m_state.step;
    StepResult s;
    bool forced = false;
    if (const std::optional<Pick> policy = policyPick()) {
      picks(now);
      if (std::find(now.begin(), now.end(), *policy) == now.end()) now.push_back(*policy);
      const Pick p = chooser.choose(now, *policy, at);
      if (!(p == *policy)) {
        s = forcedStep(p);  // adds it to r.forced
        forced = s.executed;
      }
    }
    // The policy's own choice takes step() itself, as a replay of the
    // forced switches alone will.
    if (!forced) s = step(nullptr);
    if (s.executed) ++r.steps;
    if (s.stop != StopReason::None) {
      r.stop = s.stop;
      return;
    }
    if (!s.executed) return;
  }
}

}  // namespace ws::core
