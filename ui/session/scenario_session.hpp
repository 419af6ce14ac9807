#pragma once
// A Session from a scenario (see scenario_bridge.hpp for why in two steps).
#include <memory>
#include <string>
#include <variant>

#include "ui/session/scenario_bridge.hpp"
#include "ui/session/session.hpp"

namespace ws::ui {

// Takes the start's engine; applies its breakpoints, focus and step.
std::variant<std::unique_ptr<Session>, std::string> sessionFromStart(ScenarioStart start);
// Loads a .toml scenario file into a session.
std::variant<std::unique_ptr<Session>, std::string> loadScenarioSession(const std::string& path);

}  // namespace ws::ui
