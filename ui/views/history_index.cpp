#include "ui/views/history_index.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ui/frame/format.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui {
namespace {

std::string mbarrierOpName(const core::Instr& ins) {
  using core::Mod;
  if (ins.has(Mod::Init)) return "init";
  if (ins.has(Mod::Inval)) return "inval";
  if (ins.has(Mod::ArriveDrop)) return ins.has(Mod::ExpectTx) ? "arrive_drop.expect_tx" : "arrive_drop";
  if (ins.has(Mod::Arrive)) return ins.has(Mod::ExpectTx) ? "arrive.expect_tx" : "arrive";
  if (ins.has(Mod::ExpectTx)) return "expect_tx";
  if (ins.has(Mod::CompleteTx)) return "complete_tx";
  if (ins.has(Mod::TryWait)) return "try_wait";
  if (ins.has(Mod::TestWait)) return "test_wait";
  return "mbarrier";
}

// What a saved schedule forced at record i: the warp's lanes it ran (the
// group it scheduled, guard-false lanes included) or the async operation it
// completed, in place of what the policy would have run.
std::string forcedSwitchText(const core::Program& p, const core::MachineState& layout, const core::StepRecord& r, std::uint64_t i) {
  if (r.completedAsync)
    return fmt::format("step {}: forced switch: the async unit completed the {} of line {} instead of the scheduler's choice",
                       i + 1, asyncOpName(p, r.pc), lineOf(p, r.pc));
  return fmt::format("step {}: forced switch: {}, {}, ran line {} ({}) instead of the scheduler's choice", i + 1,
                     warpTitle(layout, r.warp), lanesPhrase(r.activeBefore ? r.activeBefore : r.lanes), lineOf(p, r.pc),
                     instrText(p, r.pc));
}

}  // namespace

int HistoryIndex::findMbarrier(std::uint32_t cta, std::uint64_t offset) const {
  for (std::size_t i = 0; i < m_mbarriers.size(); ++i)
    if (m_mbarriers[i].cta == cta && m_mbarriers[i].offset == offset) return static_cast<int>(i);
  return -1;
}

void HistoryIndex::invalidateFrom(std::uint64_t step) {
  if (step >= m_scanned) return;
  m_scanned = step;
  std::erase_if(m_markers, [&](const TimelineMarker& m) { return m.step >= step; });
  std::erase_if(m_touches, [&](const MbarrierTouch& t) { return t.step >= step; });
  std::erase_if(m_printed, [&](const Printed& t) { return t.step >= step; });
  std::erase_if(m_races, [&](const Race& r) { return r.record >= step; });
  // Objects are referred to by index from touches: they are only ever removed
  // from the end, and an object first made at or after `step` has no older touch.
  while (!m_mbarriers.empty() && m_mbarriers.back().initStep >= step) m_mbarriers.pop_back();
  for (auto it = m_async.begin(); it != m_async.end();) {
    if (it->second.issueStep >= step) {
      it = m_async.erase(it);
      continue;
    }
    if (it->second.completeStep >= static_cast<std::int64_t>(step)) {
      it->second.completeStep = -1;
      it->second.complete = {};
    }
    ++it;
  }
}

void HistoryIndex::sync(const core::Program& p, const core::MachineState& layout, const RecordSource& records) {
  if (records.size() < m_scanned) invalidateFrom(records.size());
  // Records dropped by the history's memory budget before they were seen are skipped.
  for (std::uint64_t i = std::max(m_scanned, records.first()); i < records.size(); ++i) scan(p, layout, records.at(i), i);
  m_scanned = records.size();
}

void HistoryIndex::add(const core::Program& p, const core::MachineState& layout, const core::StepRecord& r, std::uint64_t i) {
  if (i != m_scanned) return;
  scan(p, layout, r, i);
  ++m_scanned;
}

void HistoryIndex::scan(const core::Program& p, const core::MachineState& layout, const core::StepRecord& r, std::uint64_t i) {
  const core::Instr* ins = r.userEdit || r.completedAsync ? nullptr : instrAt(p, r.pc);
  const std::uint32_t flags = ins ? ins->info().flags : 0;
  auto mark = [&](MarkerKind k, std::string tip) { m_markers.push_back({i, k, std::move(tip)}); };
  const std::string where = ins ? fmt::format("step {}: line {}: {}", i + 1, ins->pos.line, instrText(p, r.pc)) : "";

  for (const auto& t : r.printed) m_printed.push_back({i, t});
  for (const auto& d : r.diags)
    if (d.race) m_races.push_back({i, d});
  if (r.userEdit) mark(MarkerKind::Edit, fmt::format("step {}: edited by hand", i + 1));
  if (r.forced) mark(MarkerKind::Switch, forcedSwitchText(p, layout, r, i));
  if (!r.diags.empty())
    mark(MarkerKind::Diagnostic, fmt::format("step {}: {}: {}", i + 1, core::diagInfo(r.diags.front().kind).title,
                                             r.diags.front().message));
  if (flags & core::kCollective) mark(MarkerKind::Collective, where);
  if (flags & core::kBarrier) mark(MarkerKind::Barrier, where);
  if ((flags & core::kAsync) || r.completedAsync)
    mark(MarkerKind::Async, r.completedAsync ? fmt::format("step {}: a {} completes", i + 1, asyncOpName(p, r.pc)) : where);
  else if (flags & core::kAtomic) mark(MarkerKind::Atomic, where);
  if (flags & core::kMbarrier) mark(MarkerKind::Mbarrier, where);

  // New mbarrier objects: the 8-byte shared words mbarrier.init wrote.
  if (ins && ins->op == core::Opcode::Mbarrier && ins->has(core::Mod::Init)) {
    for (const auto& c : r.mem) {
      if (c.region != core::MemRegion::Shared || c.size != 8) continue;
      if (findMbarrier(c.index, c.offset) < 0) m_mbarriers.push_back({c.index, c.offset, i});
    }
  }
  // Every change to a known object's word.
  for (const auto& c : r.mem) {
    if (c.region != core::MemRegion::Shared || c.size != 8) continue;
    const int k = findMbarrier(c.index, c.offset);
    if (k < 0) continue;
    const bool arrive = std::any_of(r.flows.begin(), r.flows.end(), [](const core::Flow& fl) { return fl.kind == core::FlowKind::AsyncArrive; });
    std::string op = r.completedAsync ? fmt::format("{} ({})", arrive ? "arrive-on" : "complete-tx", asyncOpName(p, r.pc))
                     : ins && ins->op == core::Opcode::Mbarrier ? mbarrierOpName(*ins)
                     : ins ? std::string(ins->info().mnemonic)
                           : "edit";
    m_touches.push_back({i, static_cast<std::uint32_t>(k), c.before, c.after, std::move(op)});
  }
  // red.async lifetimes.
  for (const auto& fl : r.flows) {
    if (fl.kind == core::FlowKind::AsyncIssue) {
      AsyncOpLife& a = m_async[fl.order];
      a = {};
      a.id = fl.order;
      a.issueStep = i;
      a.issue = fl;
      a.issuePc = r.pc;
    } else if (fl.kind == core::FlowKind::AsyncComplete) {
      auto it = m_async.find(fl.order);
      if (it != m_async.end()) {
        it->second.completeStep = static_cast<std::int64_t>(i);
        it->second.complete = fl;
      }
    }
  }
}

}  // namespace ws::ui
