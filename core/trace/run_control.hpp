#pragma once
// Stepping units and continues over a History: one warp instruction, a cycle
// of every warp, run to the next collective/barrier/atomic/mbarrier phase
// change/diagnostic, to a PTX or CUDA line, to the end; forward or backward,
// stopping at breakpoints. Work is bounded by a step budget so a front end
// can run long continues in chunks and stay responsive.
#include <cstdint>
#include <vector>

#include "core/trace/breakpoint.hpp"
#include "core/trace/history.hpp"

namespace ws::core {

enum class StepUnit : std::uint8_t {
  Step,               // one step of whatever the scheduler runs next
  WarpInstruction,    // one instruction of the focused warp
  Cycle,              // one instruction for every warp that can run
  NextCollective,     // until a warp collective has executed
  NextBarrier,        // until a barrier instruction has executed
  NextAtomic,         // until an atomic / reduction has executed
  NextMbarrierPhase,  // until some mbarrier completes a phase
  NextDiagnostic,     // until a step reports a diagnostic
  ToPtxLine,          // until the next instruction is on PTX line `line`
  ToCudaLine,         // until the next instruction is from CUDA line `line`
  ToEnd,              // until the program finishes or stops
};

struct RunRequest {
  StepUnit unit = StepUnit::Step;
  std::uint32_t focusWarp = 0;
  std::int32_t line = 0;
  std::uint64_t budget = 1'000'000;   // at most this many steps in this call
  bool breakpoints = true;            // stop at enabled breakpoints
};

struct RunOutcome {
  enum class Why : std::uint8_t { Done, Breakpoint, Finished, Stopped, Budget, NothingToRun, AtStart };
  Why why = Why::Done;
  std::uint64_t steps = 0;
  int breakpoint = -1;          // index of the breakpoint that stopped it
  StopReason stop = StopReason::None;
};

// Whether the step completed a phase of the mbarrier object at (cta,
// offset) of shared memory, or of any mbarrier object (decoded with
// exec/mbarrier_object.hpp): the mbarrier-phase breakpoint and step unit.
bool stepCompletedPhase(const StepRecord& r, std::uint32_t cta, std::uint64_t offset);
bool stepCompletedAnyPhase(const StepRecord& r);

RunOutcome runForward(History& h, const std::vector<Breakpoint>& bps, const RunRequest& req);
// Steps back until a step that hits a breakpoint has been undone (the state
// is then just before it), or step 0.
RunOutcome runBackward(History& h, const std::vector<Breakpoint>& bps, std::uint64_t budget);

// The warp and PC the next forward step will execute (recorded future first).
struct NextStep {
  bool valid = false;
  std::uint32_t warp = 0;
  std::uint32_t pc = 0;
  std::uint32_t lanes = 0;  // the lanes that will execute it
};
NextStep peekNext(const History& h);

}  // namespace ws::core
