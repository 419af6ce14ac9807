#pragma once
// What every view model is built from: one moment of one launch (program,
// machine state, the step that produced it, the recorded steps around it) and
// what the person has chosen to look at. Borrowed references only, so tests
// can build views from hand-made states and the Session from its History.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/exec/state/launch.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"
#include "core/trace/breakpoint.hpp"
#include "core/trace/step_record.hpp"
#include "ui/frame/format.hpp"
#include "ui/frame/source_cache.hpp"
#include "core/scenario/narration.hpp"

namespace ws::ui {

// Read-only access to recorded steps (a History, or a vector in tests).
class RecordSource {
 public:
  // What a scan over many steps needs of each (a History answers it from its
  // per-step summary, without making the whole record again).
  struct Brief {
    std::uint32_t pc = 0;
    bool userEdit = false;
    bool completedAsync = false;
  };
  virtual ~RecordSource() = default;
  virtual std::uint64_t size() const = 0;
  // The first record still kept (a History drops its oldest records past its
  // memory budget); at(i) is valid for first() <= i < size().
  virtual std::uint64_t first() const { return 0; }
  // The reference may be invalidated by the next call.
  virtual const core::StepRecord& at(std::uint64_t i) const = 0;
  virtual Brief brief(std::uint64_t i) const {
    const core::StepRecord& r = at(i);
    return {r.pc, r.userEdit, r.completedAsync};
  }
};

class VectorRecords final : public RecordSource {
 public:
  explicit VectorRecords(const std::vector<core::StepRecord>& v) : m_v(v) {}
  std::uint64_t size() const override { return m_v.size(); }
  const core::StepRecord& at(std::uint64_t i) const override { return m_v[i]; }

 private:
  const std::vector<core::StepRecord>& m_v;
};

// The lane the person looks at; the warp is a global warp index.
struct Focus {
  std::uint32_t warp = 0;
  int lane = 0;
  bool operator==(const Focus&) const = default;
};

// Display choices that are not machine state (kept by the Session).
struct ViewOptions {
  std::vector<std::pair<std::uint32_t, ValueFormat>> regFormats;  // per-register overrides
  std::uint32_t recentSteps = 16;       // memory writes this many steps back count as recent
  std::uint32_t memoryWordsPerRegion = 256;
  std::uint32_t timelineWindow = 4096;  // markers this many steps either side of the position
  std::uint32_t mbarrierTimelinePhases = 8;
  // [reg]: an untyped register that carries float bits (floatCarryingRegisters).
  std::vector<bool> floatBits;

  ValueFormat formatOf(std::uint32_t reg, core::DataType declared) const {
    for (const auto& [r, f] : regFormats)
      if (r == reg) return f;
    if (reg < floatBits.size() && floatBits[reg]) return ValueFormat::Float;
    return defaultFormat(declared);
  }
};

struct Frame {
  const core::Program* program = nullptr;
  const core::MachineState* state = nullptr;
  const core::LaunchConfig* launch = nullptr;       // buffer names; may be null
  const core::StepRecord* record = nullptr;         // the step that produced `state`; null at launch
  const RecordSource* records = nullptr;            // every recorded step; may be null
  std::uint64_t position = 0;                       // records applied to reach `state`
  const std::vector<core::Breakpoint>* breakpoints = nullptr;
  Focus focus;
  ViewOptions options;
  const std::vector<core::Narration>* narration = nullptr;  // a scenario's narration; may be null
  SourceCache* sources = nullptr;                       // CUDA source text for the listing; may be null
  // The engine whose state `state` is, for its scheduling choice (hardware
  // mode picks among diverged groups by its own rule); may be null.
  const core::Engine* engine = nullptr;
  // The race the person chose (Diagnostics panel, go to first/second access);
  // may be null. The lane view draws it at both of its accesses' steps.
  const core::Diagnostic* selectedRace = nullptr;

  const core::Program& prog() const { return *program; }
  const core::MachineState& st() const { return *state; }
  // The record of this step if it executed on warp w (not an edit or async completion).
  const core::StepRecord* recordOfWarp(std::uint32_t w) const {
    return record && !record->userEdit && !record->completedAsync && record->warp == w ? record : nullptr;
  }
};

}  // namespace ws::ui
