#pragma once
// What the front ends' command lines share: exit codes, reading a file, and
// the names of how a run stopped.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/exec/engine/engine.hpp"
#include "core/exec/state/launch.hpp"

namespace ws::app {

// Conventional exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;    // the program ran into a diagnostic / expectations failed
inline constexpr int kExitUsage = 2;     // bad command line or unreadable/malformed input

// A whole input file, at most core::kMaxInputFileBytes; devices and FIFOs are refused.
std::optional<std::string> readTextFile(const std::string& path, std::string& error);

std::string stopName(core::StopReason r);

}  // namespace ws::app
