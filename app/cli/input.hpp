#pragma once
// What every warpscope-cli command runs: a scenario file (.toml), or a PTX
// file with the launch given on the command line. Both end as a
// PreparedScenario.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"
#include "app/cli/input_options.hpp"
#include "ui/scenario_bridge.hpp"

namespace ws::cli {

inline constexpr int kExitInterrupted = 130;

struct Input {
  std::optional<core::Scenario> scenario;  // set for .toml inputs
  core::PreparedScenario prepared;
  std::uint64_t maxSteps = core::kDefaultMaxSteps;
};

bool isScenarioPath(const std::string& path);

// Loads the input; on failure prints every error (file:line:col) to stderr
// and returns nullopt (exit code 2).
std::optional<Input> loadInput(const InputOptions& o);
// The same, appending the errors (one per line) to `errors` instead.
std::optional<Input> loadInput(const InputOptions& o, std::string& errors);

// The input as the debuggers step it: a plain PTX file runs with the
// round-robin warp scheduler (one warp instruction at a time, warps taking
// turns), so step N is the same step in the viewers and in `render --step N`.
ui::ScenarioStart debuggerStart(const Input& in);

}  // namespace ws::cli
