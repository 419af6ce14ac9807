// The engine's side of race detection: which accesses of an instruction the
// detector sees, with which ordering and scope (PTX ISA 8.4, 8.5), and the
// reports it makes, one per pair of program points and step, with every lane
// that raced there (core/exec/races/).
#include <fmt/format.h>

#include <bit>

#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/races/race_checker.hpp"
#include "core/exec/races/race_report.hpp"

namespace ws::core {
namespace {

race::Scope scopeOf(Mod m, race::Scope otherwise) {
  switch (m) {
    case Mod::Cta: return race::Scope::Cta;
    case Mod::Cluster: return race::Scope::Cluster;
    case Mod::Gpu: return race::Scope::Gpu;
    case Mod::Sys: return race::Scope::Sys;
    default: return otherwise;
  }
}

// How an instruction's own accesses order: .volatile is relaxed at system
// scope (8.4.2); atom and red without a qualifier are relaxed at gpu scope;
// ld.global.nc is outside the model (8.1): a plain read.
void orderingOf(const Instr& ins, race::Access& a) {
  a.atomic = (ins.info().flags & kAtomic) != 0;
  a.reduction = ins.op == Opcode::Red;
  if (ins.has(Mod::Volatile)) {
    a.sem = race::Sem::Relaxed;
    a.scope = race::Scope::Sys;
    return;
  }
  switch (ins.sem) {
    case Mod::Relaxed: a.sem = race::Sem::Relaxed; break;
    case Mod::Acquire: a.sem = race::Sem::Acquire; break;
    case Mod::Release: a.sem = race::Sem::Release; break;
    case Mod::AcqRel: a.sem = race::Sem::AcqRel; break;
    default: a.sem = a.atomic ? race::Sem::Relaxed : race::Sem::Weak; break;
  }
  a.scope = scopeOf(ins.scope, a.atomic ? race::Scope::Gpu : race::Scope::Sys);
}

}  // namespace

bool racedInstruction(const Instr& ins) {
  const std::uint32_t f = ins.info().flags;
  return (f & (kReadsMem | kWritesMem)) != 0 && (f & (kAsync | kMbarrier)) == 0;
}

void ExecCtx::raceAsOperation(const AsyncOp& op) {
  if (!m_races) return;
  m_raceTracked = true;
  m_raceAsOp = true;
  m_raceOp = op.id;
  m_raceOpAtomic = op.kind == AsyncKind::RedAsync || op.kind == AsyncKind::RedAsyncRelease ||
                   op.kind == AsyncKind::BulkReduce;
}

void ExecCtx::noteAccessSlow(int lane, MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes,
                             bool write, bool unchanged) {
  if (region != MemRegion::Global && region != MemRegion::Shared) return;  // per-thread or read-only
  race::Access a;
  a.region = region;
  a.index = index;
  a.offset = offset;
  a.bytes = static_cast<std::uint8_t>(bytes);
  a.write = write;
  a.unchanged = unchanged;
  a.pc = static_cast<std::uint32_t>(&m_ins - program().instrs.data());
  a.step = step();
  if (m_raceAsOp) {
    a.atomic = m_raceOpAtomic;
    a.sem = a.atomic ? race::Sem::Relaxed : race::Sem::Weak;
    a.scope = race::Scope::Gpu;
    a.read = !write || a.atomic;
    if (auto f = m_races->asyncAccess(m_raceOp, a)) m_raceFindings->emplace_back(-1, std::move(*f));
    return;
  }
  orderingOf(m_ins, a);
  a.read = !write || (a.atomic && !a.reduction);
  if (auto f = m_races->access(m_warp, lane, a)) m_raceFindings->emplace_back(lane, std::move(*f));
}

void ExecCtx::raceMbarrierArrive(std::uint32_t cta, std::uint32_t offset, LaneMask lanes, bool release,
                                 bool completed) {
  if (!m_races) return;
  if (m_raceAsOp) m_races->mbarrierAsyncArrive(cta, offset, m_raceOp);
  else if (release) m_races->mbarrierArrive(cta, offset, m_warp, lanes);
  if (completed) m_races->mbarrierPhaseComplete(cta, offset);
}

void ExecCtx::raceMbarrierAcquire(std::uint32_t cta, std::uint32_t offset, LaneMask lanes) {
  if (m_races) m_races->mbarrierAcquire(cta, offset, m_warp, lanes);
}

void ExecCtx::diagRace(DiagKind kind, LaneMask lanes, std::string message, const RaceInfo& race) {
  diag(kind, lanes, std::move(message), race.second.pc);
  m_engine.m_diags.back().race = race;
  if (m_rec) m_rec->diags.back().race = race;
}

void Engine::resetRaces() {
  m_races.reset();
  m_raceFindings.clear();
  if (!m_options.checkRaces) return;
  race::RaceChecker::Shape shape;
  shape.warpsPerCta = m_warpsPerCta;
  shape.ctaOfWarp.reserve(m_state.warps.size());
  for (const WarpState& w : m_state.warps) shape.ctaOfWarp.push_back(w.cta);
  for (const CtaState& c : m_state.ctas) {
    shape.firstWarpOfCta.push_back(c.firstWarp);
    shape.clusterOfCta.push_back(c.cluster);
  }
  m_races.emplace(std::move(shape));
}

void Engine::flushRaces(ExecCtx& ctx) {
  // Findings of one step, grouped by pair of program points and kind.
  std::vector<std::pair<int, race::Finding>> all;
  all.swap(m_raceFindings);
  std::vector<bool> done(all.size(), false);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (done[i]) continue;
    const race::Finding& f = all[i].second;
    LaneMask lanes = 0;
    for (std::size_t j = i; j < all.size(); ++j) {
      const race::Finding& g = all[j].second;
      if (done[j] || g.kind != f.kind || g.info.first.pc != f.info.first.pc || g.info.second.pc != f.info.second.pc)
        continue;
      done[j] = true;
      if (all[j].first >= 0) lanes |= LaneMask{1} << all[j].first;
    }
    ctx.diagRace(f.kind, lanes, race::raceMessage(*m_program, m_state, f, lanes), f.info);
  }
}

}  // namespace ws::core
