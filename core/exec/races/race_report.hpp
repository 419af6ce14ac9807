#pragma once
// The words of a race report: both accesses (who, what, where in the PTX and
// the CUDA source), the memory they share (buffer or shared variable and
// offset), and what would have ordered them.
#include <string>

#include "core/exec/races/race_checker.hpp"
#include "core/ptx/program.hpp"

namespace ws::core::race {

std::string raceMessage(const Program& p, const MachineState& st, const Finding& f, LaneMask lanes);
// "s_data+20 (shared memory of CTA 1)", "buffer out, byte 16".
std::string memoryName(const Program& p, const MachineState& st, MemRegion region, std::uint32_t index,
                       std::uint64_t offset);

}  // namespace ws::core::race
