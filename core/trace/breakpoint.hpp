#pragma once
// Breakpoints and watchpoints: where a continue (forward or backward) stops.
#include <cstdint>
#include <string>

namespace ws::core {

struct Breakpoint {
  enum class Kind : std::uint8_t {
    Pc,             // before instruction `pc` executes
    PtxLine,        // before any instruction on PTX line `line`
    CudaLine,       // before any instruction from CUDA source line `line` (file `file`, -1 = any)
    InstrKind,      // before the next instruction of a kind (`instrFlags`: kCollective, kBarrier, kAtomic, kMbarrier, kAsync)
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
  std::int32_t warp = -1;
  std::int32_t lane = -1;
  std::uint32_t reg = 0;
  Cmp cmp = Cmp::Eq;
  std::uint64_t value = 0;
  std::uint8_t region = 0;  // MemRegion
  std::uint32_t index = 0;
  std::uint64_t offset = 0;
  bool operator==(const Breakpoint&) const = default;
};

}  // namespace ws::core
