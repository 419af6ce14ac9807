#pragma once
// What a headless run runs (warpscope-cli's commands): the launch request's scenario,
// prepared (ui/files/launch_request.hpp), and how many steps it may take.
#include <cstdint>
#include <optional>
#include <string>

#include "app/common/input_options.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::app {

inline constexpr int kExitInterrupted = 130;

struct Input {
  core::Scenario scenario;  // a .toml as loaded, or a PTX launch as an unsaved scenario
  core::PreparedScenario prepared;
  std::uint64_t maxSteps = core::kDefaultMaxSteps;
  std::optional<core::Engine> engine;  // set by loadEngine
};

// Loads the input; on failure prints every error (file:line:col) to stderr
// and returns nullopt (exit code 2). Load warnings (instructions that will not
// run) go to stderr too.
std::optional<Input> loadInput(const ui::LaunchRequest& o);
// The same with the launch's engine made (errors likewise: exit code 2).
std::optional<Input> loadEngine(const ui::LaunchRequest& o);

}  // namespace ws::app
