#pragma once
// How the engine's reports name lanes and places: "0-15, 17", "line 14:
// bar.sync 0, 64;", and what a lane is doing or waiting for. Shared by the
// step (collective warnings) and the reports of hangs, deadlocks and step
// budgets (engine_stuck.cpp).
#include <cstdint>
#include <string>

#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"

namespace ws::core {

// The lanes of m as ranges: "0-15, 17, 19"; "none" for no lane.
std::string laneList(LaneMask m);

// "line 14: bar.sync 0, 64;" (the instruction as written, when the source is kept).
std::string lineOf(const Program& p, std::uint32_t pc);

// What lane `lane` of warp w is doing: "has exited", "running at line 9: ...",
// "waits at barrier 0 (line 12: bar.sync 0;): 32 of 64 threads arrived", ...
std::string describeWait(const Program& p, const MachineState& st, std::uint32_t w, int lane);

}  // namespace ws::core
