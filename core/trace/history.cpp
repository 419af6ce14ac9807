#include "core/trace/history.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/trace/journal.hpp"

namespace ws::core {

std::uint64_t recordBytes(const StepRecord& r) {
  std::uint64_t b = sizeof(StepRecord) + r.regs.capacity() * sizeof(RegChange) + r.mem.capacity() * sizeof(MemChange) +
                    r.warpCtl.capacity() * sizeof(ControlChange<WarpControl>) +
                    r.ctaCtl.capacity() * sizeof(ControlChange<CtaControl>) +
                    r.clusterCtl.capacity() * sizeof(ControlChange<ClusterState>) + r.flows.capacity() * sizeof(Flow) +
                    r.diags.capacity() * sizeof(Diagnostic);
  for (const auto& c : r.warpCtl) b += (c.before.frames.capacity() + c.after.frames.capacity()) * sizeof(WarpControl::Frame);
  if (r.inflight) b += (r.inflight->first.capacity() + r.inflight->second.capacity()) * sizeof(AsyncOp);
  for (const auto& d : r.diags) b += d.message.capacity();
  return b;
}

std::uint64_t stateBytes(const MachineState& s) {
  std::uint64_t b = sizeof(MachineState) + s.constSeg.size() + s.params.size() + s.inflight.size() * sizeof(AsyncOp) +
                    s.clusters.size() * sizeof(ClusterState);
  for (const auto& w : s.warps)
    b += sizeof(WarpState) + w.regs.size() * 8 + w.written.size() * 4 + w.local.size() +
         w.ctl.frames.size() * sizeof(WarpControl::Frame);
  for (const auto& c : s.ctas) b += sizeof(CtaState) + c.shared.size();
  for (const auto& g : s.global) b += sizeof(GlobalBuffer) + g.bytes.size();
  return b;
}

History::History(Engine engine, HistoryOptions opts) : m_engine(std::move(engine)), m_opts(opts) {
  m_baseState = m_engine.state();
  if (m_opts.checkpointEvery == 0) m_opts.checkpointEvery = 4096;
}

const StepRecord& History::record(std::uint64_t i) const {
  if (i < m_base)
    throw std::out_of_range(fmt::format("step record {} was dropped to keep the history within its memory budget", i));
  return m_records.at(i - m_base);
}

void History::truncateFuture() {
  if (m_pos >= size()) return;
  m_lastStop = StopReason::None;  // the step that stopped is gone with the future
  while (size() > m_pos) {
    m_recordBytes -= recordBytes(m_records.back());
    m_records.pop_back();
  }
  while (!m_checkpoints.empty() && m_checkpoints.back().first > m_pos) {
    m_checkpointBytes -= stateBytes(m_checkpoints.back().second);
    m_checkpoints.pop_back();
  }
}

void History::pushRecord(StepRecord&& r) {
  m_recordBytes += recordBytes(r);
  m_records.push_back(std::move(r));
  m_pos = size();
  maybeCheckpoint();
  enforceBudget();
}

void History::maybeCheckpoint() {
  if (m_pos % m_opts.checkpointEvery != 0) return;
  if (!m_checkpoints.empty() && m_checkpoints.back().first >= m_pos) return;
  m_checkpoints.emplace_back(m_pos, m_engine.state());
  m_checkpointBytes += stateBytes(m_checkpoints.back().second);
}

// New records are only ever appended at the current position (the future is
// cut first), so dropping from the front never passes the current position.
void History::enforceBudget() {
  if (m_opts.maxBytes == 0) return;
  while (memoryBytes() > m_opts.maxBytes && m_base < m_pos) dropOldest();
}

// The oldest record is folded into the base state: the state at the new
// earliest position is exact, so seeking back there needs no replay.
void History::dropOldest() {
  applyForward(m_baseState, m_records.front(), m_engine.localBytesPerThread());
  m_recordBytes -= recordBytes(m_records.front());
  m_records.pop_front();
  ++m_base;
  while (!m_checkpoints.empty() && m_checkpoints.front().first <= m_base) {
    m_checkpointBytes -= stateBytes(m_checkpoints.front().second);
    m_checkpoints.pop_front();
  }
}

std::string History::droppedNote() const {
  if (m_base == 0) return {};
  return fmt::format("history memory budget ({} MiB) reached: steps before step {} were dropped and can no longer be "
                     "revisited",
                     (m_opts.maxBytes + (1u << 20) - 1) >> 20, m_base);
}

StepResult History::forward() {
  if (m_pos < size()) {
    applyForward(m_engine.mutableState(), m_records[m_pos - m_base], m_engine.localBytesPerThread());
    ++m_pos;
    return {true, StopReason::None};
  }
  // A deadlock report changes nothing: asking again cannot make progress
  // and must not pile up identical reports. That holds for every step that
  // ended in a deadlock (strict mode's membermask lanes that never arrive
  // too), until an edit changes the state.
  // (The report itself may have been dropped by the memory budget.)
  if (m_lastStop == StopReason::Deadlock && (m_records.empty() || !m_records.back().userEdit))
    return {false, StopReason::Deadlock};
  StepRecord r;
  StepResult res = m_engine.step(&r);
  m_lastStop = res.stop;
  // A report without execution (a deadlock) is still a record, so its
  // diagnostic can be shown; it does not advance the step counter.
  if (res.executed || !r.diags.empty()) pushRecord(std::move(r));
  return res;
}

StepResult History::forwardWarp(std::uint32_t warp) {
  truncateFuture();
  StepRecord r;
  StepResult res = m_engine.stepWarp(warp, &r);
  m_lastStop = res.stop;
  if (res.executed) pushRecord(std::move(r));
  return res;
}

StepResult History::completeAsync(std::uint64_t id) {
  truncateFuture();
  StepRecord r;
  StepResult res = m_engine.completeAsync(id, &r);
  m_lastStop = res.stop;
  if (res.executed) pushRecord(std::move(r));
  return res;
}

bool History::back() {
  if (m_pos <= m_base) return false;
  --m_pos;
  applyBackward(m_engine.mutableState(), m_records[m_pos - m_base], m_engine.localBytesPerThread());
  return true;
}

std::uint64_t History::seek(std::uint64_t n) {
  const std::uint64_t target = std::clamp<std::uint64_t>(n, m_base, size());
  // Nearest full copy at or before the target (the base state if none).
  auto restoreBefore = [&](std::uint64_t t) {
    auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), t,
                               [](std::uint64_t v, const auto& c) { return v < c.first; });
    if (it == m_checkpoints.begin()) {
      m_engine.mutableState() = m_baseState;
      m_pos = m_base;
    } else {
      --it;
      m_engine.mutableState() = it->second;
      m_pos = it->first;
    }
  };
  if (target < m_pos) {
    if (m_pos - target <= m_opts.checkpointEvery / 2) {
      while (m_pos > target) back();
    } else {
      restoreBefore(target);
    }
  } else if (target - m_pos > m_opts.checkpointEvery) {
    restoreBefore(target);  // lands at or after m_pos: the checkpoint spacing guarantees one in between
  }
  while (m_pos < target) forward();
  while (m_pos < n) {
    StepResult r = forward();
    if (!r.executed || r.stop != StopReason::None) break;
  }
  return m_pos;
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
  pushRecord(std::move(r));
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
  pushRecord(std::move(r));
}

void History::setOptions(const EngineOptions& o) {
  if (o == m_engine.options()) return;
  truncateFuture();
  m_engine.setOptions(o);
}

}  // namespace ws::core
