#pragma once
// Time travel over one launch: every step is recorded as a journal of
// {location, before, after} changes, with periodic full checkpoints, so the
// state can move forward, backward, or to any step exactly. User edits are
// journaled too; editing in the past cuts off the old future. A memory
// budget bounds what is kept: past it, the oldest steps are dropped (the
// earliest reachable step moves forward) and a note says so.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

inline constexpr std::uint64_t kDefaultHistoryBytes = 1ull << 30;

struct HistoryOptions {
  std::uint64_t checkpointEvery = 4096;  // steps between full state copies
  // Records and checkpoints are kept within this many bytes (0: no limit).
  // Past it the oldest records are folded into the earliest reachable state.
  std::uint64_t maxBytes = kDefaultHistoryBytes;
};

class History {
 public:
  explicit History(Engine engine, HistoryOptions opts = {});

  const Engine& engine() const { return m_engine; }
  const MachineState& state() const { return m_engine.state(); }
  const Program& program() const { return m_engine.program(); }

  // Number of records applied to reach the current state (0 = launch).
  std::uint64_t position() const { return m_pos; }
  // Records known; position() < size() means a recorded future exists.
  std::uint64_t size() const { return m_base + m_records.size(); }
  // The earliest position that can still be reached: 0 unless the memory
  // budget dropped the oldest records. record(i) exists for earliest() <= i < size().
  std::uint64_t earliest() const { return m_base; }
  const StepRecord& record(std::uint64_t i) const;
  // The record that produced the current state, if it is still kept.
  const StepRecord* current() const { return m_pos > m_base ? &m_records[m_pos - m_base - 1] : nullptr; }

  // One step forward: replays the recorded future, or executes a new step.
  StepResult forward();
  // Execute a step of a chosen warp (cuts off a recorded future first).
  StepResult forwardWarp(std::uint32_t warp);
  // Retire a chosen in-flight async operation (cuts off a recorded future).
  StepResult completeAsync(std::uint64_t id);
  // One step back; false at step 0 (or at earliest() once history was dropped).
  bool back();
  // Move to record position n (executing new steps if n is beyond size()).
  // Returns the position reached: less than n if the program finished or
  // stopped, earliest() if n lies in the dropped part of the history.
  std::uint64_t seek(std::uint64_t n);

  // Journaled user edits at the current position (drop the future first).
  void editRegister(std::uint32_t warp, int lane, std::uint32_t reg, std::uint64_t value);
  void editMemory(MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes, std::uint64_t value);
  // Changing policies invalidates the recorded future.
  void setOptions(const EngineOptions& o);
  void truncateFuture();

  // The result of the last executed step (for stop reasons at the end).
  StopReason lastStop() const { return m_lastStop; }
  // Approximate bytes held by records and checkpoints (kept up to date as
  // they come and go, so reading it is cheap).
  std::uint64_t memoryBytes() const { return m_recordBytes + m_checkpointBytes; }
  // Why steps before earliest() cannot be reached, for the user; empty while
  // nothing was dropped.
  std::string droppedNote() const;

 private:
  void pushRecord(StepRecord&& r);
  void maybeCheckpoint();
  void enforceBudget();
  void dropOldest();

  Engine m_engine;
  HistoryOptions m_opts;
  // The state at position m_base: the launch state until records are dropped.
  MachineState m_baseState;
  std::uint64_t m_base = 0;
  std::deque<StepRecord> m_records;  // records m_base .. size()-1
  std::deque<std::pair<std::uint64_t, MachineState>> m_checkpoints;  // (position, state), ascending, > m_base
  std::uint64_t m_recordBytes = 0, m_checkpointBytes = 0;
  std::uint64_t m_pos = 0;
  StopReason m_lastStop = StopReason::None;
};

// Approximate heap bytes of one record and of one machine state (what the
// history budget counts).
std::uint64_t recordBytes(const StepRecord& r);
std::uint64_t stateBytes(const MachineState& s);

}  // namespace ws::core
