#pragma once
// An input (scenario or PTX file with its launch) made ready for an
// interactive session (loadInput + debuggerStart, input.hpp), for code that
// also includes ui/session.hpp and so must not include core/scenario.
#include "app/cli/input_options.hpp"
#include "ui/scenario_bridge.hpp"

namespace ws::cli {

// Never fails outright: a start without an engine carries every error
// (file:line:col, one per line) in `error`.
ui::ScenarioStart openInput(const InputOptions& o);

}  // namespace ws::cli
