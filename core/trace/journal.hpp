#pragma once
// Moving a machine state across one recorded step, by data alone: forward
// (apply every change's `after`) or backward (apply every `before`).
#include "core/exec/engine/engine.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

void applyForward(MachineState& s, const StepRecord& r, std::uint64_t localBytes);
void applyBackward(MachineState& s, const StepRecord& r, std::uint64_t localBytes);

}  // namespace ws::core
