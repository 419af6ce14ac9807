#pragma once
// A launch request made ready for an interactive session: the viewers' way
// in (ui/files/launch_request.hpp opens it, ui/session/scenario_bridge.hpp starts it).
#include "ui/files/launch_request.hpp"
#include "ui/session/scenario_bridge.hpp"

namespace ws::app {

// Never fails outright: a start without an engine carries every error
// (file:line:col, one per line) in `error`.
ui::ScenarioStart openInput(const ui::LaunchRequest& o);

}  // namespace ws::app
