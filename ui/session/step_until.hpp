#pragma once
// Stepping until an instruction of interest runs, for "show me the shfl.bfly
// step" in exports, screenshots and command-line options of the front ends.
#include <cstdint>
#include <string_view>

#include "ui/session/session.hpp"

namespace ws::ui {

// Steps until a step runs an instruction whose mnemonic (as written, with its
// modifiers: "shfl.sync.bfly.b32") starts with `prefix`; at most `maxSteps`
// steps. False when the launch ends, a breakpoint stops it or none is found.
bool stepUntilMnemonic(Session& s, std::string_view prefix, std::uint64_t maxSteps);

}  // namespace ws::ui
