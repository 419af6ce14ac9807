#pragma once
// Time travel over one launch: every step is recorded as a journal of
// {location, before, after} changes, with periodic full checkpoints, so the
// state can move forward, backward, or to any step exactly. User edits are
// journaled too; editing in the past cuts off the old future.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/exec/engine.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

struct HistoryOptions {
  std::uint64_t checkpointEvery = 4096;  // steps between full state copies
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
  std::uint64_t size() const { return m_records.size(); }
  const StepRecord& record(std::uint64_t i) const { return m_records.at(i); }
  // The record that produced the current state, if any.
  const StepRecord* current() const { return m_pos ? &m_records[m_pos - 1] : nullptr; }

  // One step forward: replays the recorded future, or executes a new step.
  StepResult forward();
  // Execute a step of a chosen warp (cuts off a recorded future first).
  StepResult forwardWarp(std::uint32_t warp);
  // Retire a chosen in-flight async operation (cuts off a recorded future).
  StepResult completeAsync(std::uint64_t id);
  // One step back; false at step 0.
  bool back();
  // Move to record position n (executing new steps if n is beyond size()).
  // Returns the position reached (less than n if the program finished/stopped).
  std::uint64_t seek(std::uint64_t n);

  // Journaled user edits at the current position (drop the future first).
  void editRegister(std::uint32_t warp, int lane, std::uint32_t reg, std::uint64_t value);
  void editMemory(MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes, std::uint64_t value);
  // Changing policies invalidates the recorded future.
  void setOptions(const EngineOptions& o);
  void truncateFuture();

  // The result of the last executed step (for stop reasons at the end).
  StopReason lastStop() const { return m_lastStop; }
  // Approximate bytes held by records and checkpoints.
  std::uint64_t memoryBytes() const;

 private:
  void pushRecord(StepRecord&& r);
  void maybeCheckpoint();

  Engine m_engine;
  HistoryOptions m_opts;
  MachineState m_initial;
  std::vector<StepRecord> m_records;
  std::vector<std::pair<std::uint64_t, MachineState>> m_checkpoints;  // (position, state), ascending
  std::uint64_t m_pos = 0;
  StopReason m_lastStop = StopReason::None;
};

}  // namespace ws::core
