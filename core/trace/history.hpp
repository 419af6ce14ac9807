#pragma once
// Time travel over one launch. The engine is deterministic, so the history
// keeps how each step was chosen (8 bytes a step, plus the rare user choices:
// a warp, an async retirement, an edit, an options change) and full state
// checkpoints spaced to the size of the state; any step is reached by
// restoring the checkpoint before it and executing again. Step records (the
// {location, before, after} journal the views and stepping back use) are kept
// for a bounded span around the cursor: stepping back inside it moves the
// state by data alone, and leaving it rebuilds it from a checkpoint.
// Editing in the past cuts off the old future. A memory budget bounds what
// is kept: past it, the oldest steps are dropped (the earliest reachable step
// moves on to a checkpoint, or to the present) and a note says so.
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

inline constexpr std::uint64_t kDefaultHistoryBytes = 1ull << 30;

struct HistoryOptions {
  // Steps between full state copies. 0: sized to the launch state, so that
  // checkpoints cost about kCheckpointBytesPerStep bytes per step.
  std::uint64_t checkpointEvery = 0;
  // Step records kept around the cursor. 0: the checkpoint spacing, within
  // [kMinCheckpointSpacing, kMaxRecordCache].
  std::uint64_t recordCache = 0;
  // The journal and checkpoints are kept within this many bytes (0: no
  // limit). Past it the oldest steps are dropped.
  std::uint64_t maxBytes = kDefaultHistoryBytes;
};

// What the history keeps of every step: which warp ran which instruction,
// and how the step was chosen (so it can be executed again exactly).
class StepSummary {
 public:
  enum class How : std::uint8_t {
    Scheduled,    // the scheduler's choice (Engine::step)
    ChosenWarp,   // a warp the user picked (Engine::stepWarp)
    ChosenAsync,  // an in-flight red.async the user retired (Engine::completeAsync)
    Edit,         // a user's edit of a register or memory
  };
  StepSummary() = default;
  StepSummary(const StepRecord& r, How how)
      : m_pc(r.pc), m_bits(r.warp << 3 | static_cast<std::uint32_t>(how) << 1 | (r.completedAsync ? 1u : 0u)) {}

  std::uint32_t pc() const { return m_pc; }
  std::uint32_t warp() const { return m_bits >> 3; }
  How how() const { return static_cast<How>((m_bits >> 1) & 3u); }
  bool userEdit() const { return how() == How::Edit; }
  bool completedAsync() const { return (m_bits & 1u) != 0; }

 private:
  std::uint32_t m_pc = 0;
  std::uint32_t m_bits = 0;  // warp << 3 | how << 1 | completedAsync
};

class History {
 public:
  static constexpr std::uint64_t kCheckpointBytesPerStep = 24;
  static constexpr std::uint64_t kMinCheckpointSpacing = 256;
  // A record is about 1 KB (a warp-wide register write journals the row's
  // 32 old and new values; a shuffle adds its lanes' sources and values; a
  // step that changes more of a warp's control block than its PCs copies
  // the block before and after). A ring of 1024 fits the last-level cache,
  // so recording a new step into a reused slot does not wait for memory; a
  // ring of 4096 did not, and halved the recording speed of large launches
  // (bench/RESULTS.md). Stepping back and seeking got faster too.
  static constexpr std::uint64_t kMaxRecordCache = 1024;

  explicit History(Engine engine, HistoryOptions opts = {});

  const Engine& engine() const { return m_engine; }
  const MachineState& state() const { return m_engine.state(); }
  const Program& program() const { return m_engine.program(); }

  // Number of records applied to reach the current state (0 = launch).
  std::uint64_t position() const { return m_pos; }
  // Records known; position() < size() means a recorded future exists.
  std::uint64_t size() const { return m_base + m_summaries.size(); }
  // The earliest position that can still be reached: 0 unless the memory
  // budget dropped the oldest steps. record(i) exists for earliest() <= i < size().
  std::uint64_t earliest() const { return m_base; }
  // The record of step i. Around the cursor it is kept; elsewhere it is made
  // again by executing from a checkpoint. The reference is valid until the
  // next call of a History member.
  const StepRecord& record(std::uint64_t i) const;
  const StepSummary& summary(std::uint64_t i) const { return m_summaries.at(i - m_base); }
  // The record that produced the current state, if any.
  const StepRecord* current() const { return m_pos > m_base ? &record(m_pos - 1) : nullptr; }

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

  // Called with every step the history records for the first time (not for
  // replays), so an index of the past never has to ask for old records.
  using RecordObserver = std::function<void(std::uint64_t index, const StepRecord&)>;
  void setObserver(RecordObserver o) { m_observer = std::move(o); }

  // Bytes held by the journal (step summaries, user choices) and the
  // checkpoints taken since the launch (the launch state itself is not counted).
  std::uint64_t memoryBytes() const;
  // Bytes held by the bounded cache of step records around the cursor.
  std::uint64_t cacheBytes() const;
  std::uint64_t checkpointSpacing() const { return m_spacing; }
  // Why steps before earliest() cannot be reached, for the user; empty while
  // nothing was dropped.
  std::string droppedNote() const;

 private:
  struct Checkpoint {
    std::uint64_t pos = 0;
    MachineState state;
    std::uint64_t bytes = 0;  // stateBytes(state)
    // The race detector at pos (shares its shadow pages and clocks with the
    // engine's until either writes), so executing again finds the same races.
    std::optional<race::RaceChecker> races;
  };

  // Executes recorded step i on `engine`, whose state is the one before it.
  void replay(Engine& engine, std::uint64_t i, StepRecord* rec) const;
  // Restores `engine` to the last checkpoint at or before position t; returns its position.
  std::uint64_t restore(Engine& engine, std::uint64_t t) const;
  // Moves the engine from position m_pos to t (> m_pos) by executing,
  // keeping the records of the last steps.
  void replayTo(std::uint64_t t);
  // Restores the checkpoint before t and executes up to t, so the records of
  // the steps before t are in the cache.
  void rebuildTo(std::uint64_t t);

  bool cached(std::uint64_t i) const { return i >= m_cacheBegin && i < m_cacheEnd; }
  StepRecord& cacheSlot(std::uint64_t i) const { return m_cache[i % m_cache.size()]; }
  // The cache slot for step i, extending the cached span to end after it.
  StepRecord& appendToCache(std::uint64_t i);

  // A step was executed or edited at the end: keep it.
  void pushStep(const StepRecord& r, StepSummary::How how);
  bool maybeCheckpoint();  // whether it took one
  void enforceBudget();
  // Forgets every step before `base` (a checkpoint's position, or m_pos).
  void dropBefore(std::uint64_t base);
  static std::uint64_t editBytes(const StepRecord& r);
  void countEdits();
  const EngineOptions& optionsAt(std::uint64_t i) const;

  Engine m_engine;
  EngineOptions m_options;  // for new steps; replays use the ones recorded with each step
  std::uint64_t m_spacing = 0;
  std::uint64_t m_maxBytes = 0;
  std::uint64_t m_checkpointBytes = 0, m_editBytes = 0;  // kept up to date for memoryBytes()
  // How far memoryBytes() was below the budget at enforceBudget()'s last
  // look, less the summaries added since; anything else that adds to the
  // journal makes pushStep() look again. (Dropping and truncating only add
  // room: the figure stays a lower bound.)
  std::uint64_t m_headroom = 0;
  std::uint64_t m_base = 0;  // the earliest reachable position; m_checkpoints[0] is its state
  std::uint64_t m_pos = 0;
  StopReason m_lastStop = StopReason::None;

  // The journal: one summary per step, and the user's choices by position.
  std::deque<StepSummary> m_summaries;  // steps m_base .. size()-1
  std::vector<std::pair<std::uint64_t, std::uint64_t>> m_asyncChoices;  // (step, async id)
  std::vector<std::pair<std::uint64_t, StepRecord>> m_edits;           // (step, the edit)
  std::vector<std::pair<std::uint64_t, StepRecord>> m_hangReports;     // (step, a hang report: Engine::step found a loop)
  std::vector<std::pair<std::uint64_t, EngineOptions>> m_optionsLog;   // (first step, options)
  std::vector<Checkpoint> m_checkpoints;                                // ascending; [0] = the state at m_base

  // Records of steps [m_cacheBegin, m_cacheEnd), in a ring.
  mutable std::vector<StepRecord> m_cache;
  std::uint64_t m_cacheBegin = 0, m_cacheEnd = 0;
  // For records outside the cache: a second engine, at position m_scratchPos,
  // holding the record of step m_scratchRecordPos.
  mutable std::optional<Engine> m_scratch;
  // The position the engine's race detector belongs to. Moving by data alone
  // (stepping back, replaying cached records) leaves it behind; executing a
  // new step first brings it to m_pos (syncRaces()).
  mutable std::uint64_t m_racesAt = 0;
  void syncRaces();
  mutable std::uint64_t m_scratchPos = 0;
  mutable std::optional<std::uint64_t> m_scratchRecordPos;
  mutable StepRecord m_scratchRecord;

  RecordObserver m_observer;
};

// Approximate heap bytes of one record and of one machine state (what the
// history budget counts).
std::uint64_t recordBytes(const StepRecord& r);
std::uint64_t stateBytes(const MachineState& s);

}  // namespace ws::core
