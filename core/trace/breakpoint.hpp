#pragma once
// Breakpoints and watchpoints: where a continue (forward or backward) stops.
#include <cstdint>
#include <string>
#include <vector>

namespace ws::core {

struct Breakpoint {
  enum class Kind : std::uint8_t {
    Pc,             // before instruction `pc` executes
    PtxLine,        // before any instruction on PTX line `line`
    CudaLine,       // before any instruction from CUDA source line `line` (file `file`, -1 = any)
    InstrKind,      // before the next instruction of a kind: `opcode` if >= 0, else `family` if >= 0, else any of `instrFlags`
    Lanes,          // before any instruction that a lane of `laneFilter` executes
    LaneCondition,  // after a step that makes `reg` `cmp` `value` true on `lane` of `warp` (-1 = any warp)
    WatchRegister,  // after a step that changes `reg` on `lane` of `warp` (-1 = any warp / lane)
    WatchMemory,    // after a step that writes the cell at `address` (region/index/offset of a MemChange)
    MbarrierPhase,  // after a step that completes a phase of the mbarrier at shared `offset` of CTA `index`
    Diagnostic,     // after a step that reports a diagnostic
  };
  enum class Cmp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

  Kind kind = Kind::Pc;
  bool enabled = true;
  std::uint32_t pc = 0;
  std::int32_t line = 0;
  std::int32_t file = -1;
  std::uint32_t instrFlags = 0;
  std::int32_t opcode = -1;  // core::Opcode
  std::int32_t family = -1;  // core::Family
  std::int32_t warp = -1;
  std::int32_t lane = -1;
  std::uint32_t reg = 0;
  Cmp cmp = Cmp::Eq;
  std::uint64_t value = 0;
  std::uint8_t region = 0;  // MemRegion
  std::uint32_t index = 0;
  std::uint64_t offset = 0;
  // Before-step kinds stop only when a lane set in laneFilter[warp in CTA]
  // is about to execute (a scenario's `lanes = "lane == 5"`); empty = any lane.
  std::vector<std::uint32_t> laneFilter;
  bool operator==(const Breakpoint&) const = default;
};

}  // namespace ws::core
