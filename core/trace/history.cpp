#include "core/trace/history.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/trace/journal.hpp"

namespace ws::core {
namespace {

// The entry of a log sorted by step that applies to step i: the last one at or before it.
template <class Log>
auto lastAtOrBefore(const Log& log, std::uint64_t i) {
  auto it = std::upper_bound(log.begin(), log.end(), i, [](std::uint64_t v, const auto& e) { return v < e.first; });
  return it == log.begin() ? log.end() : std::prev(it);
}

template <class Log>
void eraseFrom(Log& log, std::uint64_t i) {
  std::erase_if(log, [&](const auto& e) { return e.first >= i; });
}

}  // namespace

History::History(Engine engine, HistoryOptions opts)
    : m_engine(std::move(engine)), m_options(m_engine.options()), m_maxBytes(opts.maxBytes) {
  m_checkpoints.push_back({0, m_engine.state(), 0, m_engine.raceState()});
  const std::uint64_t bytes = stateBytes(m_engine.state());
  m_spacing = opts.checkpointEvery ? opts.checkpointEvery
                                   : std::max(kMinCheckpointSpacing, bytes / kCheckpointBytesPerStep);
  m_cache.resize(opts.recordCache ? opts.recordCache
                                  : std::clamp<std::uint64_t>(m_spacing, kMinCheckpointSpacing, kMaxRecordCache));
}

const EngineOptions& History::optionsAt(std::uint64_t i) const {
  auto it = lastAtOrBefore(m_optionsLog, i);
  return it == m_optionsLog.end() ? m_options : it->second;
}

void History::replay(Engine& engine, std::uint64_t i, StepRecord* rec) const {
  const StepSummary& s = m_summaries[i - m_base];
  if (&engine == &m_engine && m_racesAt == i) m_racesAt = i + 1;  // executed: the detector moves along
  engine.setOptions(optionsAt(i));
  engine.setHangWatch(false);  // a replay takes the recorded steps (the live engine's watch resumes after it)
  switch (s.how()) {
    case StepSummary::How::Scheduled:
      // A hang report executed nothing and is not found again by a replay
      // (its watch is off): the record is the step.
      if (const auto it = std::find_if(m_hangReports.begin(), m_hangReports.end(),
                                       [&](const auto& h) { return h.first == i; });
          it != m_hangReports.end()) {
        if (rec) *rec = it->second;
      } else {
        engine.step(rec);
      }
      break;
    case StepSummary::How::ChosenWarp: engine.stepWarp(s.warp(), rec); break;
    case StepSummary::How::ChosenAsync: engine.completeAsync(lastAtOrBefore(m_asyncChoices, i)->second, rec); break;
    case StepSummary::How::Edit: {
      const StepRecord& edit = lastAtOrBefore(m_edits, i)->second;
      applyForward(engine.mutableState(), edit, engine.localBytesPerThread());
      if (rec) *rec = edit;
      break;
    }
  }
}

std::uint64_t History::restore(Engine& engine, std::uint64_t t) const {
  auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), t,
                             [](std::uint64_t v, const Checkpoint& c) { return v < c.pos; });
  --it;  // [0] is the state at m_base, and t >= m_base
  engine.mutableState() = it->state;
  engine.setRaceState(it->races);
  if (&engine == &m_engine) m_racesAt = it->pos;
  return it->pos;
}

StepRecord& History::appendToCache(std::uint64_t i) {
  if (m_cacheEnd != i) m_cacheBegin = i;  // not contiguous with what is kept: start over at i
  m_cacheEnd = i + 1;
  m_cacheBegin = std::max(m_cacheBegin, m_cacheEnd > m_cache.size() ? m_cacheEnd - m_cache.size() : 0);
  return cacheSlot(i);
}

void History::replayTo(std::uint64_t t) {
  const std::uint64_t keepFrom = t > m_cache.size() ? t - m_cache.size() : 0;
  for (; m_pos < t; ++m_pos) {
    if (cached(m_pos)) {
      applyForward(m_engine.mutableState(), cacheSlot(m_pos), m_engine.localBytesPerThread());
    } else {
      replay(m_engine, m_pos, m_pos >= keepFrom ? &appendToCache(m_pos) : nullptr);
    }
  }
  m_engine.setOptions(m_options);
  m_engine.setHangWatch(true);
}

void History::rebuildTo(std::uint64_t t) {
  m_pos = restore(m_engine, t - 1);
  replayTo(t);
}

StepResult History::forward() {
  if (m_pos < size()) {
    replayTo(m_pos + 1);
    return {true, StopReason::None};
  }
  // A deadlock report changes nothing: asking again cannot make progress
  // and must not pile up identical reports. That holds for every step that
  // ended in a deadlock (strict mode's membermask lanes that never arrive
  // too), until an edit changes the state. (The report itself may have been
  // dropped by the memory budget.)
  if (m_lastStop == StopReason::Deadlock && (m_summaries.empty() || !m_summaries.back().userEdit()))
    return {false, StopReason::Deadlock};
  syncRaces();
  StepRecord& r = appendToCache(m_pos);
  const StepResult res = m_engine.step(&r);
  m_lastStop = res.stop;
  // A report without execution (a deadlock) is still a step, so its
  // diagnostic can be shown; it does not advance the engine's step counter.
  if (res.executed || !r.diags.empty()) {
    if (!res.executed && std::any_of(r.diags.begin(), r.diags.end(),
                                     [](const Diagnostic& d) { return d.kind == DiagKind::Hang; }))
      m_hangReports.emplace_back(m_pos, r);
    pushStep(r, StepSummary::How::Scheduled);
  } else {
    m_cacheEnd = m_pos;  // nothing happened: nothing to keep
  }
  return res;
}

StepResult History::forwardWarp(std::uint32_t warp) {
  truncateFuture();
  syncRaces();
  StepRecord& r = appendToCache(m_pos);
  const StepResult res = m_engine.stepWarp(warp, &r);
  m_lastStop = res.stop;
  if (res.executed) {
    pushStep(r, StepSummary::How::ChosenWarp);
  } else {
    m_cacheEnd = m_pos;
  }
  return res;
}

StepResult History::completeAsync(std::uint64_t id) {
  truncateFuture();
  syncRaces();
  StepRecord& r = appendToCache(m_pos);
  const StepResult res = m_engine.completeAsync(id, &r);
  m_lastStop = res.stop;
  if (res.executed) {
    m_asyncChoices.emplace_back(m_pos, id);
    pushStep(r, StepSummary::How::ChosenAsync);
  } else {
    m_cacheEnd = m_pos;
  }
  return res;
}

// Before a new step: the detector at m_pos, from the checkpoint before it
// and the steps since executed again (their cached records stay as they are:
// the engine is deterministic).
void History::syncRaces() {
  if (!m_engine.raceState() || m_racesAt == m_pos) return;
  const std::uint64_t pos = m_pos;
  for (std::uint64_t i = restore(m_engine, pos); i < pos; ++i) replay(m_engine, i, nullptr);
  m_engine.setOptions(m_options);
  m_engine.setHangWatch(true);
  m_racesAt = pos;
}

void History::pushStep(const StepRecord& r, StepSummary::How how) {
  if (m_racesAt == m_pos) ++m_racesAt;
  bool grew = how != StepSummary::How::Scheduled;  // a user's choice (warp, async op, edit) went into its log
  if (m_optionsLog.empty() || m_optionsLog.back().second != m_engine.options()) {
    m_optionsLog.emplace_back(m_pos, m_engine.options());
    grew = true;
  }
  m_summaries.emplace_back(r, how);
  ++m_pos;
  if (m_observer) m_observer(m_pos - 1, r);
  grew = maybeCheckpoint() || grew;
  // A scheduled step adds its summary alone: the budget needs a look only
  // once that has used up the room the last look left.
  if (!grew && m_headroom >= sizeof(StepSummary)) {
    m_headroom -= sizeof(StepSummary);
    return;
  }
  enforceBudget();
}

bool History::maybeCheckpoint() {
  if (m_pos - m_checkpoints.back().pos < m_spacing) return false;
  m_checkpoints.push_back({m_pos, m_engine.state(), stateBytes(m_engine.state()), m_engine.raceState()});
  m_checkpointBytes += m_checkpoints.back().bytes;
  return true;
}

bool History::back() {
  if (m_pos <= m_base) return false;
  if (!cached(m_pos - 1)) rebuildTo(m_pos);
  applyBackward(m_engine.mutableState(), cacheSlot(m_pos - 1), m_engine.localBytesPerThread());
  --m_pos;
  return true;
}

std::uint64_t History::seek(std::uint64_t n) {
  const std::uint64_t target = std::clamp<std::uint64_t>(n, m_base, size());
  if (target < m_pos) {
    if (target >= m_cacheBegin && m_pos <= m_cacheEnd) {
      while (m_pos > target) back();  // by data, inside the cached records
    } else if (target == m_base) {
      m_pos = restore(m_engine, m_base);
    } else {
      rebuildTo(target);
    }
  } else if (target > m_pos) {
    const std::uint64_t checkpoint = std::prev(std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), target - 1,
                                                                [](std::uint64_t v, const Checkpoint& c) {
                                                                  return v < c.pos;
                                                                }))->pos;
    if (checkpoint > m_pos && !(m_pos >= m_cacheBegin && target <= m_cacheEnd)) {
      rebuildTo(target);
    } else {
      replayTo(target);
    }
  }
  while (m_pos < n) {
    const StepResult r = forward();
    if (!r.executed || r.stop != StopReason::None) break;
  }
  return m_pos;
}

void History::truncateFuture() {
  if (m_pos >= size()) return;
  m_lastStop = StopReason::None;  // the step that stopped is gone with the future
  m_summaries.resize(m_pos - m_base);
  eraseFrom(m_asyncChoices, m_pos);
  eraseFrom(m_edits, m_pos);
  eraseFrom(m_hangReports, m_pos);
  countEdits();
  eraseFrom(m_optionsLog, m_pos);
  while (m_checkpoints.back().pos > m_pos) {
    m_checkpointBytes -= m_checkpoints.back().bytes;
    m_checkpoints.pop_back();
  }
  m_cacheEnd = std::min(m_cacheEnd, m_pos);
  m_cacheBegin = std::min(m_cacheBegin, m_cacheEnd);
  if (m_scratchPos > m_pos) m_scratch.reset();
  if (m_scratchRecordPos && *m_scratchRecordPos >= m_pos) m_scratchRecordPos.reset();
}

const StepRecord& History::record(std::uint64_t i) const {
  if (i >= size()) throw std::out_of_range("History::record: no such step");
  if (i < m_base)
    throw std::out_of_range(fmt::format("step record {} was dropped to keep the history within its memory budget", i));
  if (cached(i)) return cacheSlot(i);
  if (m_scratchRecordPos == i) return m_scratchRecord;
  // Made again on a second engine, continuing from where it is when that is
  // no further than the checkpoint before i.
  if (!m_scratch) {
    m_scratch.emplace(m_engine);
    m_scratchPos = m_pos;
  }
  const std::uint64_t checkpoint = std::prev(std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), i,
                                                              [](std::uint64_t v, const Checkpoint& c) {
                                                                return v < c.pos;
                                                              }))->pos;
  if (m_scratchPos > i || m_scratchPos < checkpoint) m_scratchPos = restore(*m_scratch, i);
  for (; m_scratchPos < i; ++m_scratchPos) replay(*m_scratch, m_scratchPos, nullptr);
  replay(*m_scratch, i, &m_scratchRecord);
  m_scratchPos = i + 1;
  m_scratchRecordPos = i;
  return m_scratchRecord;
}

void History::editRegister(std::uint32_t warp, int lane, std::uint32_t reg, std::uint64_t value) {
  truncateFuture();
  syncRaces();
  MachineState& s = m_engine.mutableState();
  WarpState& w = s.warps.at(warp);
  const std::size_t i = static_cast<std::size_t>(reg) * kWarpSize + static_cast<std::size_t>(lane);
  StepRecord r;
  r.userEdit = true;
  r.step = s.step;
  r.warp = warp;
  r.nextWarpBefore = r.nextWarpAfter = s.nextWarp;
  r.nextAsyncIdBefore = r.nextAsyncIdAfter = s.nextAsyncId;
  r.trappedBefore = r.trappedAfter = s.trapped;
  r.regs.push_back({warp, reg, static_cast<std::uint8_t>(lane), ((w.written.at(reg) >> lane) & 1u) != 0, w.regs.at(i), value});
  applyForward(s, r, m_engine.localBytesPerThread());
  m_edits.emplace_back(m_pos, r);
  m_editBytes += editBytes(r);
  StepRecord& slot = appendToCache(m_pos);
  slot = std::move(r);
  pushStep(slot, StepSummary::How::Edit);
}

void History::editMemory(MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes,
                         std::uint64_t value) {
  truncateFuture();
  syncRaces();
  MachineState& s = m_engine.mutableState();
  std::vector<std::uint8_t>* v = nullptr;
  switch (region) {
    case MemRegion::Global: v = &s.global.at(index).bytes; break;
    case MemRegion::Shared: v = &s.ctas.at(index).shared; break;
    case MemRegion::Local: v = &s.warps.at(index).local; break;
    case MemRegion::Const: v = &s.constSeg; break;
    case MemRegion::Param: v = &s.params; break;
  }
  if (!v || bytes == 0 || bytes > 8 || offset + bytes > v->size()) return;
  std::uint64_t before = 0;
  for (unsigned b = 0; b < bytes; ++b) before |= static_cast<std::uint64_t>((*v)[offset + b]) << (8 * b);
  StepRecord r;
  r.userEdit = true;
  r.step = s.step;
  r.nextWarpBefore = r.nextWarpAfter = s.nextWarp;
  r.nextAsyncIdBefore = r.nextAsyncIdAfter = s.nextAsyncId;
  r.trappedBefore = r.trappedAfter = s.trapped;
  if (bytes < 8) value &= (1ull << (8 * bytes)) - 1;
  r.mem.push_back({region, index, offset, static_cast<std::uint8_t>(bytes), before, value});
  applyForward(s, r, m_engine.localBytesPerThread());
  m_edits.emplace_back(m_pos, r);
  m_editBytes += editBytes(r);
  StepRecord& slot = appendToCache(m_pos);
  slot = std::move(r);
  pushStep(slot, StepSummary::How::Edit);
}

void History::setOptions(const EngineOptions& o) {
  if (o == m_options) return;
  truncateFuture();
  syncRaces();
  m_options = o;
  m_engine.setOptions(o);
}

std::uint64_t stateBytes(const MachineState& s) {
  std::uint64_t b = sizeof(MachineState);
  for (const auto& w : s.warps)
    b += sizeof(WarpState) + w.regs.size() * sizeof(w.regs[0]) + w.written.size() * sizeof(w.written[0]) + w.local.size() +
         w.ctl.frames.size() * sizeof(WarpControl::Frame);
  for (const auto& c : s.ctas) b += sizeof(CtaState) + c.shared.size();
  b += s.clusters.size() * sizeof(ClusterState);
  for (const auto& g : s.global) b += sizeof(GlobalBuffer) + g.name.size() + g.bytes.size();
  b += s.constSeg.size() + s.params.size() + s.inflight.size() * sizeof(AsyncOp);
  return b;
}

std::uint64_t recordBytes(const StepRecord& r) {
  std::uint64_t b = sizeof(StepRecord) + r.regs.bytes() + r.mem.capacity() * sizeof(MemChange) +
                    r.warpCtl.capacity() * sizeof(ControlChange<WarpControl>) + r.warpPcs.capacity() * sizeof(WarpPcChange) +
                    r.ctaCtl.capacity() * sizeof(ControlChange<CtaControl>) +
                    r.clusterCtl.capacity() * sizeof(ControlChange<ClusterState>) +
                    r.groups.capacity() * sizeof(ControlChange<AsyncGroups>) + r.flows.bytes() +
                    r.diags.capacity() * sizeof(Diagnostic);
  for (const auto& c : r.warpCtl) b += (c.before.frames.capacity() + c.after.frames.capacity()) * sizeof(WarpControl::Frame);
  for (const auto& d : r.diags) b += d.message.capacity();
  if (r.inflight) b += (r.inflight->first.capacity() + r.inflight->second.capacity()) * sizeof(AsyncOp);
  return b;
}

// The state at the earliest position (m_checkpoints[0]) is not counted: it is
// the launch until the budget drops steps, and some state must always be kept.
std::uint64_t History::memoryBytes() const {
  std::uint64_t b = m_summaries.size() * sizeof(StepSummary) + m_asyncChoices.size() * sizeof(m_asyncChoices[0]) +
                    m_optionsLog.size() * sizeof(m_optionsLog[0]) + m_edits.size() * sizeof(m_edits[0]) +
                    (m_checkpoints.size() - 1) * sizeof(Checkpoint);
  return b + m_editBytes + m_checkpointBytes;
}

std::uint64_t History::editBytes(const StepRecord& r) { return recordBytes(r) - sizeof(StepRecord); }

void History::countEdits() {
  m_editBytes = 0;
  for (const auto& e : m_edits) m_editBytes += editBytes(e.second);
}

// New steps are only ever appended at the current position (the future is
// cut first), so what is dropped never passes the current position.
void History::enforceBudget() {
  if (m_maxBytes == 0) {
    m_headroom = UINT64_MAX;
    return;
  }
  std::uint64_t bytes = 0;
  while ((bytes = memoryBytes()) > m_maxBytes && m_base < m_pos) {
    // The oldest span, up to the next checkpoint; the present when no
    // checkpoint lies in between.
    if (m_checkpoints.size() > 1 && m_checkpoints[1].pos <= m_pos) {
      m_checkpoints.erase(m_checkpoints.begin());
      m_checkpointBytes -= m_checkpoints.front().bytes;  // the new earliest state is not counted
    } else {
      m_checkpoints.assign(1, {m_pos, m_engine.state(), 0, m_engine.raceState()});
      m_checkpointBytes = 0;
    }
    dropBefore(m_checkpoints.front().pos);
  }
  m_headroom = bytes < m_maxBytes ? m_maxBytes - bytes : 0;
}

void History::dropBefore(std::uint64_t base) {
  m_summaries.erase(m_summaries.begin(), m_summaries.begin() + static_cast<std::ptrdiff_t>(base - m_base));
  m_base = base;
  const auto before = [&](const auto& e) { return e.first < base; };
  std::erase_if(m_asyncChoices, before);
  std::erase_if(m_edits, before);
  std::erase_if(m_hangReports, before);
  countEdits();
  // The options in force at the new base still apply to the steps after it.
  auto it = std::upper_bound(m_optionsLog.begin(), m_optionsLog.end(), base,
                             [](std::uint64_t v, const auto& e) { return v < e.first; });
  if (it != m_optionsLog.begin()) {
    --it;
    it->first = base;
    m_optionsLog.erase(m_optionsLog.begin(), it);
  }
  if (m_base == size()) m_optionsLog.clear();
  m_cacheBegin = std::max(m_cacheBegin, m_base);
  m_cacheEnd = std::max(m_cacheEnd, m_cacheBegin);
  if (m_scratchPos < m_base) m_scratch.reset();
  if (m_scratchRecordPos && *m_scratchRecordPos < m_base) m_scratchRecordPos.reset();
}

std::string History::droppedNote() const {
  if (m_base == 0) return {};
  return fmt::format("history memory budget ({} MiB) reached: steps before step {} were dropped and can no longer be "
                     "revisited",
                     (m_maxBytes + (1u << 20) - 1) >> 20, m_base);
}

std::uint64_t History::cacheBytes() const {
  std::uint64_t b = 0;
  for (const auto& r : m_cache) b += recordBytes(r);
  if (m_scratch) b += stateBytes(m_scratch->state()) + recordBytes(m_scratchRecord);
  return b;
}

}  // namespace ws::core
