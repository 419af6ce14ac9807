#pragma once
// Which kernel a launch runs, when the user did not name one: the module's
// .entry names and the messages when there is not exactly one. The CLI, the
// viewers and scenarios say it alike.
#include <string>
#include <string_view>
#include <vector>

#include "core/ptx/program.hpp"

namespace ws::core {

// The .entry kernels in declaration order (.func bodies are not launchable).
std::vector<std::string> entryNames(const Program& p);

// "k.ptx declares no .entry kernel: nothing to launch" (a .func is not
// launchable; a module of only .func bodies and declarations has none).
std::string noEntryMessage(std::string_view module);

// "k.ptx has 3 entries (a, b, c); choose one with --entry", the list capped
// (joinNames); `how` names the option or key that chooses.
std::string chooseEntryMessage(std::string_view module, const std::vector<std::string>& entries, std::string_view how);

}  // namespace ws::core
