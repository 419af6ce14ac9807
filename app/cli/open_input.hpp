#pragma once
// An input (scenario or PTX file with its launch) made ready for an
// interactive session: the debuggers' way in, shared by warpscope-imgui and
// `warpscope-cli render`'s stepping rules (plain PTX runs with the
// round-robin scheduler, so steps count as in the debugger).
#include "app/cli/input_options.hpp"
#include "ui/scenario_bridge.hpp"

namespace ws::cli {

// Never fails outright: a start without an engine carries every error
// (file:line:col, one per line) in `error`.
ui::ScenarioStart openInput(const InputOptions& o);

}  // namespace ws::cli
