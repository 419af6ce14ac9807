#include "core/trace/history.hpp"

#include <algorithm>
#include <stdexcept>

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

History::History(Engine engine, HistoryOptions opts) : m_engine(std::move(engine)), m_options(m_engine.options()) {
  m_checkpoints.push_back({0, m_engine.state()});
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
  const StepSummary& s = m_summaries[i];
  engine.setOptions(optionsAt(i));
  switch (s.how()) {
    case StepSummary::How::Scheduled: engine.step(rec); break;
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
  --it;  // [0] is the launch, at position 0
  engine.mutableState() = it->state;
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
  StepRecord& r = appendToCache(m_pos);
  const StepResult res = m_engine.step(&r);
  m_lastStop = res.stop;
  if (res.executed || !r.diags.empty()) {
    pushStep(r, StepSummary::How::Scheduled);
  } else {
    m_cacheEnd = m_pos;  // nothing happened: nothing to keep
  }
  return res;
}

StepResult History::forwardWarp(std::uint32_t warp) {
  truncateFuture();
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

void History::pushStep(const StepRecord& r, StepSummary::How how) {
  if (m_optionsLog.empty() || m_optionsLog.back().second != m_engine.options())
    m_optionsLog.emplace_back(m_pos, m_engine.options());
  m_summaries.emplace_back(r, how);
  ++m_pos;
  if (m_observer) m_observer(m_pos - 1, r);
  maybeCheckpoint();
}

void History::maybeCheckpoint() {
  if (m_pos - m_checkpoints.back().pos < m_spacing) return;
  m_checkpoints.push_back({m_pos, m_engine.state()});
}

bool History::back() {
  if (m_pos == 0) return false;
  if (!cached(m_pos - 1)) rebuildTo(m_pos);
  applyBackward(m_engine.mutableState(), cacheSlot(m_pos - 1), m_engine.localBytesPerThread());
  --m_pos;
  return true;
}

std::uint64_t History::seek(std::uint64_t n) {
  const std::uint64_t target = std::min<std::uint64_t>(n, size());
  if (target < m_pos) {
    if (target >= m_cacheBegin && m_pos <= m_cacheEnd) {
      while (m_pos > target) back();  // by data, inside the cached records
    } else if (target == 0) {
      m_pos = restore(m_engine, 0);
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
  m_summaries.resize(m_pos);
  eraseFrom(m_asyncChoices, m_pos);
  eraseFrom(m_edits, m_pos);
  eraseFrom(m_optionsLog, m_pos);
  while (m_checkpoints.back().pos > m_pos) m_checkpoints.pop_back();
  m_cacheEnd = std::min(m_cacheEnd, m_pos);
  m_cacheBegin = std::min(m_cacheBegin, m_cacheEnd);
  if (m_scratchPos > m_pos) m_scratch.reset();
  if (m_scratchRecordPos && *m_scratchRecordPos >= m_pos) m_scratchRecordPos.reset();
}

const StepRecord& History::record(std::uint64_t i) const {
  if (i >= size()) throw std::out_of_range("History::record: no such step");
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
  StepRecord& slot = appendToCache(m_pos);
  slot = std::move(r);
  pushStep(slot, StepSummary::How::Edit);
}

void History::editMemory(MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes,
                         std::uint64_t value) {
  truncateFuture();
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
  StepRecord& slot = appendToCache(m_pos);
  slot = std::move(r);
  pushStep(slot, StepSummary::How::Edit);
}

void History::setOptions(const EngineOptions& o) {
  if (o == m_options) return;
  truncateFuture();
  m_options = o;
  m_engine.setOptions(o);
}

std::uint64_t History::stateBytes(const MachineState& s) const {
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

namespace {

std::uint64_t recordBytes(const StepRecord& r) {
  std::uint64_t b = sizeof(StepRecord) + r.regs.capacity() * sizeof(RegChange) + r.mem.capacity() * sizeof(MemChange) +
                    r.warpCtl.capacity() * sizeof(ControlChange<WarpControl>) +
                    r.ctaCtl.capacity() * sizeof(ControlChange<CtaControl>) +
                    r.clusterCtl.capacity() * sizeof(ControlChange<ClusterState>) + r.flows.capacity() * sizeof(Flow) +
                    r.diags.capacity() * sizeof(Diagnostic);
  for (const auto& c : r.warpCtl) b += (c.before.frames.capacity() + c.after.frames.capacity()) * sizeof(WarpControl::Frame);
  for (const auto& d : r.diags) b += d.message.capacity();
  if (r.inflight) b += (r.inflight->first.capacity() + r.inflight->second.capacity()) * sizeof(AsyncOp);
  return b;
}

}  // namespace

std::uint64_t History::memoryBytes() const {
  std::uint64_t b = m_summaries.capacity() * sizeof(StepSummary) +
                    m_asyncChoices.capacity() * sizeof(m_asyncChoices[0]) +
                    m_optionsLog.capacity() * sizeof(m_optionsLog[0]) + m_edits.capacity() * sizeof(m_edits[0]) +
                    m_checkpoints.capacity() * sizeof(Checkpoint);
  for (const auto& [pos, r] : m_edits) b += recordBytes(r) - sizeof(StepRecord);
  for (std::size_t i = 1; i < m_checkpoints.size(); ++i) b += stateBytes(m_checkpoints[i].state);
  return b;
}

std::uint64_t History::cacheBytes() const {
  std::uint64_t b = 0;
  for (const auto& r : m_cache) b += recordBytes(r);
  if (m_scratch) b += stateBytes(m_scratch->state()) + recordBytes(m_scratchRecord);
  return b;
}

}  // namespace ws::core
