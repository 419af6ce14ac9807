#include "app/common/command_line.hpp"

#include "core/scenario/scenario_io.hpp"

namespace ws::app {

std::optional<std::string> readTextFile(const std::string& path, std::string& error) {
  return core::readFileCapped(path, core::kMaxInputFileBytes, error);
}

std::string stopName(core::StopReason r) {
  switch (r) {
    case core::StopReason::None: return "paused";
    case core::StopReason::Finished: return "finished";
    case core::StopReason::Diagnostic: return "stopped at a diagnostic";
    case core::StopReason::Deadlock: return "deadlock";
    case core::StopReason::StepBudget: return "step budget exhausted";
    case core::StopReason::Trap: return "trap";
    case core::StopReason::Breakpoint: return "breakpoint";
  }
  return "";
}

}  // namespace ws::app
